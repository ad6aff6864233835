import type { Trace, TraceEdge, TraceQuery } from '@plastrace/shared';
import { formatUnits } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { add, apportion, type Fraction, isZero, percent, rounded, scale, whole, ZERO } from './shares.ts';
import * as repo from './trace.repo.ts';

// A trace walks the lineage graph a level at a time from the started lots: upstream to the deliveries
// their mass came from, downstream to the lots and dispatches it went into. Shares are linear in the
// mass, so each level carries only what it adds (a lot reached by two paths adds both), exactly.

type Start = { lotIds: string[]; record: Trace['start']['record'] };
const kg = (grams: bigint) => formatUnits(grams, 3);

export async function traceLot(ctx: AppContext, caller: Caller, id: string, q: TraceQuery) {
  return trace(ctx.db, caller.organizationId, { lotIds: [id], record: null }, q, 'Lot');
}

/** A lot by its code, as printed on its label (codes are upper case). */
export async function traceCode(ctx: AppContext, caller: Caller, code: string, q: TraceQuery) {
  const id = await repo.lotIdByCode(ctx.db, caller.organizationId, code.trim().toUpperCase());
  if (!id) throw notFound(`Lot ${code.trim().toUpperCase()}`);
  return trace(ctx.db, caller.organizationId, { lotIds: [id], record: null }, q, 'Lot');
}

/**
 * From a record's lots: a delivery's (downstream, a recall's question: where did it go?), a run's
 * outputs, a dispatch's lots (upstream: where did what we shipped come from?).
 */
export async function traceRecord(ctx: AppContext, caller: Caller, id: string, q: TraceQuery) {
  const found = await repo.recordLots(ctx.db, caller.organizationId, id);
  if (!found) throw notFound('Record');
  if (found.lot_ids.length === 0) {
    throw unprocessable(`${found.number} has no lots yet: a draft's lots are made when it is posted`);
  }
  const { type, number, lot_ids } = found;
  return trace(ctx.db, caller.organizationId, { lotIds: lot_ids, record: { type, id, number } }, q, 'Record');
}

async function trace(db: Db, orgId: string, start: Start, q: TraceQuery, what: string): Promise<Trace> {
  // The walks need only the started ids: they run beside the started lots' read (nothing of another
  // organization is walked, and a trace of a missing lot answers 404 before anything is used).
  const [startRows, upRows, downRows, catalog] = await Promise.all([
    repo.lots(db, orgId, start.lotIds, start.lotIds),
    q.direction !== 'downstream' ? repo.walkUp(db, orgId, start.lotIds, q.depth) : null,
    q.direction !== 'upstream' ? repo.walkDown(db, orgId, start.lotIds, q.depth) : null,
    repo.catalog(db, orgId),
  ]);
  if (startRows.length !== new Set(start.lotIds).size) throw notFound(what);
  const started = new Map(startRows.map((l) => [l.id, l.made_grams ?? 0n]));
  let total = 0n;
  for (const g of started.values()) total += g;
  // The lots to read follow from the edges alone, so their read is sent before the shares are worked
  // out, and runs while they are.
  const { others, ends } = reached(upRows, downRows, q.depth, started);
  const reading = others.length ? repo.lots(db, orgId, others, ends) : null;
  // Awaited below; should anything before that throw, its failure must not go unhandled.
  reading?.catch(() => undefined);

  // What each lot was made with: the sum of its edges for a lot whose edges the walk read, else read.
  const made = new Map(started);
  const level = new Map(start.lotIds.map((id) => [id, 0]));
  const walk: Walk = { depth: q.depth, level, made, kept: [] };
  const up = upRows ? upstream(walk, started, upRows) : null;
  const down = downRows ? downstream(walk, started, downRows) : null;
  const dispatching = down ? repo.dispatchesOf(db, orgId, [...down.share.keys()]) : null;
  dispatching?.catch(() => undefined);
  const edges = edgesOf(walk.kept);
  const originShares = up ? apportioned(up.roots, total) : [];
  const lotRows = reading ? [...startRows, ...(await reading)] : startRows;
  const dispatched = await dispatching;
  for (const l of lotRows) if (l.made_grams !== null && !made.has(l.id)) made.set(l.id, l.made_grams);
  const lotOf = new Map(lotRows.map((l) => [l.id, l]));
  const origins = originsOf(originShares, lotOf);
  const destinations = down && dispatched ? destinationsOf(dispatched, walk, down, total) : [];
  const shareOf = (id: string) => ((level.get(id) ?? 0) < 0 ? up?.share.get(id) : down?.share.get(id));
  return {
    start: { lot_ids: start.lotIds, record: start.record, kg: kg(total) },
    direction: q.direction,
    depth: q.depth,
    truncated: Boolean(up?.truncated || down?.truncated),
    lots: lotRows
      .map((l) => {
        const grams = made.get(l.id) ?? 0n;
        const share = shareOf(l.id);
        return {
          id: l.id,
          code: l.code,
          status: l.status,
          // One object per material and facility, shared by the lots that name it.
          material: catalog.materials.get(l.material_id) as repo.Ref,
          facility: catalog.facilities.get(l.facility_id) as repo.Ref,
          kg: kg(grams),
          on_hand_kg: l.on_hand_kg,
          share_kg: share ? kg(rounded(share)) : kg(grams),
          origin_type: l.origin_type,
          level: level.get(l.id) ?? 0,
        };
      })
      .sort((a, b) => a.level - b.level || byText(a.code, b.code)),
    edges,
    origins: origins.map((o) => o.origin),
    suppliers: byPartner(
      origins,
      (o) => o.origin.supplier,
      (o) => o.origin.receive_record?.id,
      total,
      'supplier',
    ),
    destinations: destinations.map((d) => d.destination),
    customers: byPartner(
      destinations,
      (d) => d.destination.customer,
      (d) => d.destination.dispatch_record.id,
      total,
      'customer',
    ),
  };
}

/**
 * The lots the walks reached within the depth besides the started ones, and those of them no edge leads
 * into — the trace's ends (deliveries' lots, opening stock), whose make-up and delivery are read.
 */
function reached(
  upRows: repo.EdgeRow[] | null,
  downRows: repo.EdgeRow[] | null,
  depth: number,
  started: Map<string, bigint>,
) {
  const lots = new Set<string>();
  const madeOfEdges = new Set<string>();
  for (const e of upRows ?? []) {
    madeOfEdges.add(e.child);
    if (e.level <= depth && !started.has(e.parent)) lots.add(e.parent);
  }
  for (const e of downRows ?? []) {
    madeOfEdges.add(e.child);
    if (e.level <= depth && !started.has(e.child)) lots.add(e.child);
  }
  const others = [...lots];
  return { others, ends: others.filter((id) => !madeOfEdges.has(id)) };
}

/** What a walk of the graph records on the way, and how deep it may go. */
type Walk = {
  depth: number;
  /** Each lot reached, at the first level it was reached at (upstream negative). */
  level: Map<string, number>;
  made: Map<string, bigint>;
  /** The edges the trace followed, in the order it followed them. */
  kept: repo.EdgeRow[];
};

/** The edges followed, each once (by its ends and what made it), as the API writes them. */
function edgesOf(rows: repo.EdgeRow[]): TraceEdge[] {
  const edges = new Map<string, TraceEdge>();
  for (const e of rows) {
    edges.set(`${e.parent}>${e.child}>${e.source_id}`, {
      from_lot_id: e.parent,
      to_lot_id: e.child,
      kg: kg(e.grams),
      via: { type: e.source_type, id: e.source_id, number: e.number },
    });
  }
  return [...edges.values()];
}

/** Each edge's in-kg summed per child: a lot's make-up is its edges over their sum. */
function byChild(rows: repo.EdgeRow[]) {
  const into = new Map<string, { rows: repo.EdgeRow[]; grams: bigint }>();
  for (const e of rows) {
    const c = into.get(e.child) ?? { rows: [], grams: 0n };
    c.rows.push(e);
    c.grams += e.grams;
    into.set(e.child, c);
  }
  return into;
}

const compare = (a: bigint, b: bigint) => (a > b ? 1 : a < b ? -1 : 0);
// Codes and ids are ASCII: code-unit order is theirs, without a collator's cost on thousands of lots.
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const accrue = (map: Map<string, Fraction>, id: string, f: Fraction) =>
  map.set(id, add(map.get(id) ?? ZERO, f));

/**
 * Upstream: the grams of the started lots that each lot supplied, passed from each lot to its parents
 * once all it received is known (lots in an order where every child comes before its parents). A lot
 * with no edges into it is a root (a delivery's lot, opening stock); so is one where the depth ran out.
 */
function upstream(w: Walk, started: Map<string, bigint>, rows: repo.EdgeRow[]) {
  const into = byChild(rows);
  for (const [child, c] of into) w.made.set(child, c.grams);
  const kept = rows.filter((e) => e.level <= w.depth);
  const waiting = new Map<string, number>();
  for (const e of kept) {
    waiting.set(e.parent, (waiting.get(e.parent) ?? 0) + 1);
    const at = -e.level;
    const had = w.level.get(e.parent);
    if (had === undefined || had < at) w.level.set(e.parent, at);
  }
  const share = new Map([...started].map(([id, g]) => [id, whole(g)]));
  const roots = new Map<string, Fraction>();
  const ready = [...started.keys()].filter((id) => !waiting.has(id));
  while (ready.length) {
    const id = ready.pop() as string;
    const f = share.get(id) ?? ZERO;
    const parents = into.get(id);
    if (!parents || parents.rows[0] === undefined || parents.rows[0].level > w.depth) {
      accrue(roots, id, f);
      continue;
    }
    for (const e of parents.rows) {
      w.kept.push(e);
      accrue(share, e.parent, scale(f, e.grams, parents.grams));
      const left = (waiting.get(e.parent) ?? 1) - 1;
      waiting.set(e.parent, left);
      if (left === 0) ready.push(e.parent);
    }
  }
  return { share, roots, truncated: rows.some((e) => e.level > w.depth) };
}

/**
 * Downstream: the grams of the started lots in each lot they went into — each lot, once all its traced
 * parents are done, passing on its edges' kg times the part of it that came from the started lots.
 */
function downstream(w: Walk, started: Map<string, bigint>, rows: repo.EdgeRow[]) {
  const into = byChild(rows);
  const reached = new Set<string>(started.keys());
  for (const [child, c] of into) {
    w.made.set(child, c.grams);
    const at = c.rows[0]?.level ?? 0;
    if (at <= w.depth) {
      reached.add(child);
      if (!w.level.has(child)) w.level.set(child, at);
    }
  }
  const out = new Map<string, repo.EdgeRow[]>();
  const waiting = new Map<string, number>();
  for (const e of rows) {
    if (!reached.has(e.parent) || !reached.has(e.child) || started.has(e.child)) continue;
    out.set(e.parent, [...(out.get(e.parent) ?? []), e]);
    waiting.set(e.child, (waiting.get(e.child) ?? 0) + 1);
  }
  const share = new Map([...started].map(([id, g]) => [id, whole(g)]));
  const ready = [...started.keys()];
  while (ready.length) {
    const id = ready.pop() as string;
    const f = share.get(id) ?? ZERO;
    for (const e of out.get(id) ?? []) {
      w.kept.push(e);
      // The parent's part from the started lots, times the kg it gave this child.
      accrue(share, e.child, scale(f, e.grams, w.made.get(id) ?? 1n));
      const left = (waiting.get(e.child) ?? 1) - 1;
      waiting.set(e.child, left);
      if (left === 0) ready.push(e.child);
    }
  }
  return { share, truncated: rows.some((e) => e.level > w.depth) };
}

/** Each root's grams of the started lots (whole grams adding up to them exactly) and its share. */
function apportioned(roots: Map<string, Fraction>, total: bigint) {
  const ids = [...roots.keys()];
  const parts = ids.map((id) => roots.get(id) ?? ZERO);
  const grams = apportion(parts, total);
  return ids.map((id, i) => ({
    id,
    grams: grams[i] ?? 0n,
    pct: total ? percent(parts[i] ?? ZERO, total) : '0.00',
  }));
}

function originsOf(shares: ReturnType<typeof apportioned>, lotOf: Map<string, repo.LotRow>) {
  return shares
    .map(({ id, grams, pct }) => {
      const l = lotOf.get(id);
      const delivered = l?.record_id && l.number && l.received_at;
      return {
        grams,
        origin: {
          lot_id: id,
          origin_type: l?.origin_type ?? 'unknown',
          receive_record: delivered
            ? { id: l.record_id as string, number: l.number as string, received_at: l.received_at as string }
            : null,
          supplier: delivered ? l.supplier : null,
          kg: kg(grams),
          share_pct: pct,
        },
      };
    })
    .sort((a, b) => compare(b.grams, a.grams) || byText(a.origin.lot_id, b.origin.lot_id));
}

function destinationsOf(
  rows: repo.DispatchRow[],
  w: Walk,
  down: { share: Map<string, Fraction> },
  total: bigint,
) {
  return rows
    .map((r) => {
      const f = down.share.get(r.lot_id) ?? ZERO;
      const part = scale(f, r.grams, w.made.get(r.lot_id) ?? 1n);
      return { r, part };
    })
    .filter(({ part }) => !isZero(part))
    .map(({ r, part }) => {
      const grams = rounded(part);
      return {
        grams,
        destination: {
          lot_id: r.lot_id,
          dispatch_record: {
            id: r.record_id,
            number: r.number,
            dispatched_at: r.dispatched_at,
            delivered: r.delivered,
          },
          customer: r.customer,
          dispatched_kg: kg(r.grams),
          kg: kg(grams),
          share_pct: total ? percent(part, total) : '0.00',
        },
      };
    });
}

/** Origins or destinations summed per supplier or customer, largest first. */
function byPartner<T extends { grams: bigint }, P extends { id: string }, K extends string>(
  items: T[],
  partnerOf: (item: T) => P | null,
  recordOf: (item: T) => string | undefined,
  total: bigint,
  key: K,
) {
  const sums = new Map<string, { partner: P; grams: bigint; records: Set<string> }>();
  for (const item of items) {
    const partner = partnerOf(item);
    if (!partner) continue;
    const s = sums.get(partner.id) ?? { partner, grams: 0n, records: new Set<string>() };
    s.grams += item.grams;
    const record = recordOf(item);
    if (record) s.records.add(record);
    sums.set(partner.id, s);
  }
  return [...sums.values()]
    .sort((a, b) => compare(b.grams, a.grams))
    .map((s) => ({
      [key]: s.partner,
      kg: kg(s.grams),
      share_pct: total ? percent(whole(s.grams), total) : '0.00',
      records: s.records.size,
    })) as ({ kg: string; share_pct: string; records: number } & Record<K, P>)[];
}
