import type { Trace, TraceEdge, TraceQuery } from '@plastrace/shared';
import { formatUnits, toUnits } from '@plastrace/shared';
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
  const [lot] = await repo.lots(ctx.db, caller.organizationId, [id]);
  if (!lot) throw notFound('Lot');
  return trace(ctx.db, caller.organizationId, { lotIds: [lot.id], record: null }, q);
}

/** A lot by its code, as printed on its label (codes are upper case). */
export async function traceCode(ctx: AppContext, caller: Caller, code: string, q: TraceQuery) {
  const id = await repo.lotIdByCode(ctx.db, caller.organizationId, code.trim().toUpperCase());
  if (!id) throw notFound(`Lot ${code.trim().toUpperCase()}`);
  return trace(ctx.db, caller.organizationId, { lotIds: [id], record: null }, q);
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
  return trace(ctx.db, caller.organizationId, { lotIds: lot_ids, record: { type, id, number } }, q);
}

async function trace(db: Db, orgId: string, start: Start, q: TraceQuery): Promise<Trace> {
  const startLots = await repo.lots(db, orgId, start.lotIds);
  const made = new Map(startLots.map((l) => [l.id, BigInt(l.made_grams)]));
  const total = [...made.values()].reduce((s, g) => s + g, 0n);
  const level = new Map(start.lotIds.map((id) => [id, 0]));
  const edges = new Map<string, TraceEdge>();
  const keep = (e: repo.EdgeRow) =>
    edges.set(`${e.parent}>${e.child}>${e.source_id}`, {
      from_lot_id: e.parent,
      to_lot_id: e.child,
      kg: kg(BigInt(e.grams)),
      via: { type: e.source_type, id: e.source_id, number: e.number },
    });
  const up = q.direction !== 'downstream' ? await upstream(db, orgId, made, q.depth, level, keep) : null;
  const down = q.direction !== 'upstream' ? await downstream(db, orgId, made, q.depth, level, keep) : null;

  const lotRows = await repo.lots(db, orgId, [...level.keys()]);
  const origins = up ? await originsOf(db, orgId, up.roots, total) : [];
  const destinations = down ? await destinationsOf(db, orgId, down, total) : [];
  const shareOf = (id: string) => ((level.get(id) ?? 0) < 0 ? up?.share.get(id) : down?.share.get(id));
  return {
    start: { lot_ids: start.lotIds, record: start.record, kg: kg(total) },
    direction: q.direction,
    depth: q.depth,
    truncated: Boolean(up?.truncated || down?.truncated),
    lots: lotRows
      .map((l) => ({
        id: l.id,
        code: l.code,
        status: l.status,
        material: { id: l.material_id, code: l.material_code, name: l.material_name },
        facility: { id: l.facility_id, code: l.facility_code, name: l.facility_name },
        kg: kg(BigInt(l.made_grams)),
        on_hand_kg: l.on_hand_kg,
        share_kg: kg(rounded(shareOf(l.id) ?? whole(BigInt(l.made_grams)))),
        origin_type: l.origin_type,
        level: level.get(l.id) ?? 0,
      }))
      .sort((a, b) => a.level - b.level || a.code.localeCompare(b.code)),
    edges: [...edges.values()],
    origins,
    suppliers: byPartner(
      origins,
      (o) => o.supplier,
      (o) => o.receive_record?.id,
      total,
      'supplier',
    ),
    destinations,
    customers: byPartner(
      destinations,
      (d) => d.customer,
      (d) => d.dispatch_record.id,
      total,
      'customer',
    ),
  };
}

/** Sums each edge's in-kg per child: a lot's make-up is its edges over their sum. */
function byChild(rows: repo.EdgeRow[]) {
  const into = new Map<string, { rows: repo.EdgeRow[]; grams: bigint }>();
  for (const e of rows) {
    const c = into.get(e.child) ?? { rows: [], grams: 0n };
    c.rows.push(e);
    c.grams += BigInt(e.grams);
    into.set(e.child, c);
  }
  return into;
}

const compare = (a: bigint, b: bigint) => (a > b ? 1 : a < b ? -1 : 0);
const accrue = (map: Map<string, Fraction>, id: string, f: Fraction) =>
  map.set(id, add(map.get(id) ?? ZERO, f));

/**
 * Upstream: the grams of the started lots that each lot supplied. A lot with no edges into it is a root
 * (a delivery's lot, opening stock); so is a lot where the depth ran out.
 */
async function upstream(
  db: Db,
  orgId: string,
  made: Map<string, bigint>,
  depth: number,
  level: Map<string, number>,
  keep: (e: repo.EdgeRow) => void,
) {
  const share = new Map<string, Fraction>();
  const roots = new Map<string, Fraction>();
  let frontier = new Map([...made].map(([id, g]) => [id, whole(g)]));
  for (const [id, f] of frontier) accrue(share, id, f);
  let truncated = false;
  for (let k = 1; frontier.size; k++) {
    const into = byChild(await repo.edgesInto(db, orgId, [...frontier.keys()]));
    const next = new Map<string, Fraction>();
    for (const [id, f] of frontier) {
      const parents = into.get(id);
      if (!parents || k > depth) {
        if (parents) truncated = true;
        accrue(roots, id, f);
        continue;
      }
      for (const e of parents.rows) {
        keep(e);
        const part = scale(f, BigInt(e.grams), parents.grams);
        accrue(next, e.parent, part);
        accrue(share, e.parent, part);
        if (!level.has(e.parent)) level.set(e.parent, -k);
      }
    }
    frontier = next;
  }
  return { share, roots, truncated };
}

/**
 * Downstream: the grams of the started lots in each lot they went into, each lot passing on its edges'
 * kg times the part of it that came from the started lots.
 */
async function downstream(
  db: Db,
  orgId: string,
  made: Map<string, bigint>,
  depth: number,
  level: Map<string, number>,
  keep: (e: repo.EdgeRow) => void,
) {
  const share = new Map<string, Fraction>();
  const size = new Map(made);
  let frontier = new Map([...made].map(([id, g]) => [id, whole(g)]));
  for (const [id, f] of frontier) accrue(share, id, f);
  let truncated = false;
  for (let k = 1; frontier.size; k++) {
    const into = byChild(await repo.edgesOutOf(db, orgId, [...frontier.keys()]));
    if (k > depth) {
      truncated = into.size > 0;
      break;
    }
    const next = new Map<string, Fraction>();
    for (const [child, { rows, grams }] of into) {
      size.set(child, grams);
      for (const e of rows) {
        const f = frontier.get(e.parent);
        if (!f) continue;
        keep(e);
        // The parent's part from the started lots, times the kg it gave this child.
        const part = scale(f, BigInt(e.grams), size.get(e.parent) ?? 1n);
        accrue(next, child, part);
        accrue(share, child, part);
        if (!level.has(child)) level.set(child, k);
      }
    }
    frontier = next;
  }
  return { share, size, truncated };
}

async function originsOf(db: Db, orgId: string, roots: Map<string, Fraction>, total: bigint) {
  const ids = [...roots.keys()];
  const [lotRows, receipts] = await Promise.all([repo.lots(db, orgId, ids), repo.receiptsOf(db, orgId, ids)]);
  const lotOf = new Map(lotRows.map((l) => [l.id, l]));
  const receiptOf = new Map(receipts.map((r) => [r.lot_id, r]));
  const parts = ids.map((id) => roots.get(id) ?? ZERO);
  const grams = apportion(parts, total);
  return ids
    .map((id, i) => {
      const r = receiptOf.get(id);
      return {
        lot_id: id,
        origin_type: lotOf.get(id)?.origin_type ?? 'unknown',
        receive_record: r ? { id: r.record_id, number: r.number, received_at: r.received_at } : null,
        supplier: r
          ? { id: r.supplier_id, code: r.supplier_code, name: r.supplier_name, type: r.supplier_type }
          : null,
        kg: kg(grams[i] ?? 0n),
        share_pct: total ? percent(parts[i] ?? ZERO, total) : '0.00',
        exact: parts[i] ?? ZERO,
      };
    })
    .sort((a, b) => compare(toUnits(b.kg, 3), toUnits(a.kg, 3)) || a.lot_id.localeCompare(b.lot_id))
    .map(({ exact: _, ...o }) => o);
}

async function destinationsOf(
  db: Db,
  orgId: string,
  down: { share: Map<string, Fraction>; size: Map<string, bigint> },
  total: bigint,
) {
  const rows = await repo.dispatchesOf(db, orgId, [...down.share.keys()]);
  return rows
    .map((r) => {
      const f = down.share.get(r.lot_id) ?? ZERO;
      const part = scale(f, BigInt(r.grams), down.size.get(r.lot_id) ?? 1n);
      return { r, part };
    })
    .filter(({ part }) => !isZero(part))
    .map(({ r, part }) => ({
      lot_id: r.lot_id,
      dispatch_record: {
        id: r.record_id,
        number: r.number,
        dispatched_at: r.dispatched_at,
        delivered: r.delivered,
      },
      customer: { id: r.customer_id, code: r.customer_code, name: r.customer_name, type: r.customer_type },
      dispatched_kg: kg(BigInt(r.grams)),
      kg: kg(rounded(part)),
      share_pct: total ? percent(part, total) : '0.00',
    }));
}

/** Origins or destinations summed per supplier or customer, largest first. */
function byPartner<T extends { kg: string }, P extends { id: string }, K extends string>(
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
    s.grams += toUnits(item.kg, 3);
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
