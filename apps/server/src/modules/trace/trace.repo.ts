import type { Db, Tx } from '../../db/client.ts';
import { namedArrays } from '../../lib/prepared.ts';

// Queries of a trace, each scoped to the organization. The lineage graph (`lot_lineage`) is indexed by
// organization and child, and by organization and parent; a walk up or down is one recursive query over
// one of them, so a trace is a handful of queries whatever its depth and width.
//
// A wide trace reads thousands of rows: a 10-level upstream trace of two-input runs walks 2,046 edges and
// reads 2,047 lots. Every query therefore runs as a named prepared statement (parsed and planned once per
// pooled connection, where planning the lots' query cost more than running it for a few lots) and answers
// rows as arrays, decoded here into the fields the service reads; the names of materials and facilities
// come once each from `catalog` (read beside the walk), not once per lot.

type Statement = { name: string; text: string };
const statement = (name: string, text: string): Statement => ({ name: `trace_${name}`, text });
/** A trace reads through the pool, or a transaction's connection (the demo seed's passports). */
type Handle = Db | Tx;
const arrays = (db: Handle, s: Statement, values: unknown[]) => namedArrays(db, s.name, s.text, values);

/**
 * Ids as one `uuid[]` literal: a wide trace sends thousands, and the driver would quote and escape each
 * (ids are uuids, which need neither; the cast still checks every one).
 */
const uuids = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

export type EdgeRow = {
  parent: string;
  child: string;
  grams: bigint;
  source_type: 'production_record' | 'split' | 'merge';
  source_id: string;
  number: string | null;
  /**
   * Upstream, the edge's distance from the started lots (1: into one of them); downstream, its child's.
   * The first level it is reached at, when it is reached along several paths.
   */
  level: number;
};

const edges = (rows: unknown[][]): EdgeRow[] =>
  rows.map((r) => ({
    parent: r[0] as string,
    child: r[1] as string,
    grams: BigInt(r[2] as string),
    source_type: r[3] as EdgeRow['source_type'],
    source_id: r[4] as string,
    number: r[5] as string | null,
    level: r[6] as number,
  }));

// Every edge up to $3 levels above the lots $2, and those one level further, which tell whether the depth
// cut the trace short (and what the lots there were made of). One recursive query, a level a step: each
// step reads the edges into all of a level's lots with one `= ANY(array)` scan of the (organization,
// child) index — sorted keys, so lots made near each other share index pages — instead of one index
// descent per lot, and carries them as arrays; a lot reached at several levels is counted at the first.
const up = statement(
  'walk_up',
  `WITH RECURSIVE step(level, lots, parents, children, kgs, source_types, source_ids) AS (
     SELECT 0, $2::uuid[], NULL::uuid[], NULL::uuid[], NULL::numeric[], NULL::text[], NULL::uuid[]
     UNION ALL
     SELECT s.level + 1, e.parents_once, e.parents, e.children, e.kgs, e.source_types, e.source_ids
     FROM step s CROSS JOIN LATERAL (
       SELECT array_agg(DISTINCT parent_lot_id) AS parents_once, array_agg(parent_lot_id) AS parents,
         array_agg(child_lot_id) AS children, array_agg(kg) AS kgs, array_agg(source_type) AS source_types,
         array_agg(source_id) AS source_ids
       FROM lot_lineage WHERE organization_id = $1 AND child_lot_id = ANY(s.lots)) e
     WHERE s.level <= $3 AND e.parents IS NOT NULL)
   SELECT w.parent, w.child, (w.kg * 1000)::bigint::text AS grams, w.source_type, w.source_id, p.number,
     min(s.level) AS level
   FROM step s
   CROSS JOIN LATERAL unnest(s.parents, s.children, s.kgs, s.source_types, s.source_ids)
     AS w(parent, child, kg, source_type, source_id)
   LEFT JOIN production_records p ON w.source_type = 'production_record' AND p.id = w.source_id
   GROUP BY w.parent, w.child, w.kg, w.source_type, w.source_id, p.number`,
);

export async function walkUp(db: Handle, orgId: string, lotIds: string[], depth: number) {
  return edges(await arrays(db, up, [orgId, uuids(lotIds), depth]));
}

// Every lot up to $3 levels below the lots $2 (and one further, to tell a cut), with every edge into each —
// a lot's make-up needs all its parents, traced or not. A level a step, as `up` walks. Voided lots are
// left out: a voided run's lots are voided with it (0013).
const down = statement(
  'walk_down',
  `WITH RECURSIVE step(level, lots) AS (
     SELECT 0, $2::uuid[]
     UNION ALL
     SELECT s.level + 1, n.children
     FROM step s CROSS JOIN LATERAL (
       SELECT array_agg(DISTINCT e.child_lot_id) AS children
       FROM lot_lineage e JOIN lots c ON c.id = e.child_lot_id
       WHERE e.organization_id = $1 AND e.parent_lot_id = ANY(s.lots) AND c.status <> 'voided') n
     WHERE s.level <= $3 AND n.children IS NOT NULL)
   SELECT e.parent_lot_id, e.child_lot_id, (e.kg * 1000)::bigint::text AS grams, e.source_type, e.source_id,
     p.number, w.level
   FROM (SELECT child, min(s.level) AS level FROM step s CROSS JOIN LATERAL unnest(s.lots) AS child
         WHERE s.level > 0 GROUP BY child) w
   JOIN lot_lineage e ON e.organization_id = $1 AND e.child_lot_id = w.child
   LEFT JOIN production_records p ON e.source_type = 'production_record' AND p.id = e.source_id`,
);

export async function walkDown(db: Handle, orgId: string, lotIds: string[], depth: number) {
  return edges(await arrays(db, down, [orgId, uuids(lotIds), depth]));
}

export type LotRow = {
  id: string;
  code: string;
  status: string;
  origin_type: string;
  material_id: string;
  facility_id: string;
  on_hand_kg: string;
  /** Grams it was made with, for the lots asked (`ends`); else null. */
  made_grams: bigint | null;
  /** The posted delivery a received lot came on, for the lots asked (`ends`). */
  record_id: string | null;
  number: string | null;
  received_at: string | null;
  supplier: Partner | null;
};

// The lots $2's facts in one query: what each holds; for each of $3 (a trace's ends), the grams it was
// made with (the others' follow from their edges: a lot was made with its first movement — a run's output,
// a split's part — and a delivery's stock-in is its line's net kg) and the posted delivery it came on.
const facts = statement(
  'lots',
  `WITH ends AS (SELECT DISTINCT id FROM unnest($3::uuid[]) AS id)
   SELECT l.id, l.code, l.status, l.origin_type, l.material_id, l.facility_id,
     coalesce(b.qty_kg, 0)::numeric(14,3)::text AS on_hand_kg,
     CASE WHEN x.id IS NOT NULL THEN coalesce(
       CASE WHEN r.id IS NOT NULL THEN (rl.net_kg * 1000)::bigint END,
       (SELECT (sm.qty_kg * 1000)::bigint FROM stock_movements sm
        WHERE sm.organization_id = l.organization_id AND sm.lot_id = l.id ORDER BY sm.posted_at, sm.id LIMIT 1),
       0)::text END AS made_grams,
     r.id AS record_id, r.number, pt_iso(r.received_at) AS received_at, s.id AS supplier_id,
     s.code AS supplier_code, s.name AS supplier_name, s.type::text AS supplier_type
   FROM lots l
   LEFT JOIN lot_balances b ON b.lot_id = l.id
   LEFT JOIN ends x ON x.id = l.id
   LEFT JOIN receive_lines rl ON x.id IS NOT NULL AND l.origin_type = 'receive_line' AND rl.id = l.origin_id
   LEFT JOIN receive_records r ON r.id = rl.record_id AND r.status = 'posted'
   LEFT JOIN suppliers s ON s.id = r.supplier_id
   WHERE l.organization_id = $1 AND l.id = ANY($2::uuid[])`,
);

export async function lots(
  db: Handle,
  orgId: string,
  lotIds: string[],
  ends: Iterable<string>,
): Promise<LotRow[]> {
  const rows = await arrays(db, facts, [orgId, uuids(lotIds), uuids(ends)]);
  return rows.map((r) => ({
    id: r[0] as string,
    code: r[1] as string,
    status: r[2] as string,
    origin_type: r[3] as string,
    material_id: r[4] as string,
    facility_id: r[5] as string,
    on_hand_kg: r[6] as string,
    made_grams: r[7] === null ? null : BigInt(r[7] as string),
    record_id: r[8] as string | null,
    number: r[9] as string | null,
    received_at: r[10] as string | null,
    supplier:
      r[11] === null
        ? null
        : { id: r[11] as string, code: r[12] as string, name: r[13] as string, type: r[14] as string },
  }));
}

export type Ref = { id: string; code: string; name: string };
export type Partner = Ref & { type: string };
export type Catalog = { materials: Map<string, Ref>; facilities: Map<string, Ref> };

const catalogOf = statement(
  'catalog',
  `SELECT 0 AS kind, id, code, name FROM materials WHERE organization_id = $1
   UNION ALL SELECT 1, id, code, name FROM facilities WHERE organization_id = $1`,
);

/**
 * The organization's materials and facilities, one object each, shared by every lot of a trace that names
 * it: master data is tens of rows where a wide trace has thousands of lots.
 */
export async function catalog(db: Handle, orgId: string): Promise<Catalog> {
  const out: Catalog = { materials: new Map(), facilities: new Map() };
  for (const r of await arrays(db, catalogOf, [orgId])) {
    const ref = { id: r[1] as string, code: r[2] as string, name: r[3] as string };
    (r[0] === 0 ? out.materials : out.facilities).set(ref.id, ref);
  }
  return out;
}

export type DispatchRow = {
  lot_id: string;
  record_id: string;
  number: string;
  dispatched_at: string;
  delivered: boolean;
  grams: bigint;
  customer: Partner;
};

const dispatches = statement(
  'dispatches',
  `SELECT l.lot_id, r.id AS record_id, r.number, pt_iso(r.dispatched_at) AS dispatched_at,
     r.delivered_at IS NOT NULL AS delivered,
     (l.kg * 1000)::bigint::text AS grams, c.id AS customer_id, c.code AS customer_code, c.name AS customer_name,
     c.type::text AS customer_type
   FROM dispatch_lines l JOIN dispatch_records r ON r.id = l.record_id JOIN customers c ON c.id = r.customer_id
   WHERE l.organization_id = $1 AND r.status = 'posted' AND l.lot_id = ANY($2::uuid[])
   ORDER BY r.dispatched_at, r.number`,
);

/** Posted dispatches of the lots, with each line's kg. */
export async function dispatchesOf(db: Handle, orgId: string, lotIds: string[]): Promise<DispatchRow[]> {
  const rows = await arrays(db, dispatches, [orgId, uuids(lotIds)]);
  return rows.map((r) => ({
    lot_id: r[0] as string,
    record_id: r[1] as string,
    number: r[2] as string,
    dispatched_at: r[3] as string,
    delivered: r[4] as boolean,
    grams: BigInt(r[5] as string),
    customer: { id: r[6] as string, code: r[7] as string, name: r[8] as string, type: r[9] as string },
  }));
}

const byCode = statement(
  'lot_by_code',
  'SELECT id FROM lots WHERE organization_id = $1 AND code = $2 LIMIT 1',
);

export async function lotIdByCode(db: Handle, orgId: string, code: string) {
  const [row] = await arrays(db, byCode, [orgId, code]);
  return row?.[0] as string | undefined;
}

export type RecordLots = {
  type: 'receive_record' | 'production_record' | 'dispatch_record';
  id: string;
  number: string;
  lot_ids: string[];
};

// A record's lots: a delivery's and a run's lots are what it made (a run's outputs and the rejects kept
// as lots), a dispatch's what it carried. Ids are unique across record kinds.
const recordLotsOf = statement(
  'record_lots',
  `SELECT 'receive_record' AS type, r.id, r.number,
     array(SELECT lot_id FROM receive_lines WHERE record_id = r.id AND lot_id IS NOT NULL ORDER BY line_no)::text[]
       AS lot_ids
   FROM receive_records r WHERE r.organization_id = $1 AND r.id = $2
   UNION ALL
   SELECT 'production_record', r.id, r.number,
     array(SELECT lot_id FROM (
       SELECT 1 AS k, line_no, lot_id FROM production_outputs WHERE record_id = r.id AND lot_id IS NOT NULL
       UNION ALL SELECT 2, line_no, lot_id FROM production_losses WHERE record_id = r.id AND lot_id IS NOT NULL
     ) x ORDER BY k, line_no)::text[]
   FROM production_records r WHERE r.organization_id = $1 AND r.id = $2
   UNION ALL
   SELECT 'dispatch_record', r.id, r.number,
     array(SELECT lot_id FROM dispatch_lines WHERE record_id = r.id ORDER BY line_no)::text[]
   FROM dispatch_records r WHERE r.organization_id = $1 AND r.id = $2`,
);

export async function recordLots(db: Handle, orgId: string, id: string): Promise<RecordLots | undefined> {
  const [r] = await arrays(db, recordLotsOf, [orgId, id]);
  return (
    r && {
      type: r[0] as RecordLots['type'],
      id: r[1] as string,
      number: r[2] as string,
      lot_ids: r[3] as string[],
    }
  );
}
