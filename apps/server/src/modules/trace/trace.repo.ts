import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Queries of a trace, each scoped to the organization. The lineage graph (`lot_lineage`) is indexed by
// organization and child, and by organization and parent; a walk up or down is one recursive query over
// one of them, so a trace is four or five queries whatever its depth and width.

const rows = async <T extends Record<string, unknown>>(db: Db, q: ReturnType<typeof sql>) =>
  (await db.execute<T>(q)).rows;
const ids = (list: string[]) => sql`${sql.param(list)}::uuid[]`;

export type EdgeRow = {
  parent: string;
  child: string;
  /** Grams, as text: exact. */
  grams: string;
  source_type: 'production_record' | 'split' | 'merge';
  source_id: string;
  number: string | null;
  /**
   * Upstream, the edge's distance from the started lots (1: into one of them); downstream, its child's.
   * The first level it is reached at, when it is reached along several paths.
   */
  level: number;
};

const edgeColumns = sql`e.parent_lot_id AS parent, e.child_lot_id AS child, (e.kg * 1000)::bigint::text AS grams,
  e.source_type, e.source_id, p.number, w.level`;

/**
 * Every edge up to `depth` levels above the lots, and those one level further, which tell whether the
 * depth cut the trace short (and what the lots there were made of): one recursive query over the
 * (organization, child) index, whatever the depth.
 */
export function walkUp(db: Db, orgId: string, lotIds: string[], depth: number) {
  return rows<EdgeRow>(
    db,
    sql`WITH RECURSIVE walk(parent, child, kg, source_type, source_id, level) AS (
          SELECT e.parent_lot_id, e.child_lot_id, e.kg, e.source_type, e.source_id, 1 FROM lot_lineage e
          WHERE e.organization_id = ${orgId} AND e.child_lot_id = ANY(${ids(lotIds)})
          UNION
          SELECT e.parent_lot_id, e.child_lot_id, e.kg, e.source_type, e.source_id, w.level + 1 FROM walk w
          JOIN lot_lineage e ON e.organization_id = ${orgId} AND e.child_lot_id = w.parent
          WHERE w.level <= ${depth})
        SELECT w.parent, w.child, (w.kg * 1000)::bigint::text AS grams, w.source_type, w.source_id, p.number,
          min(w.level) AS level
        FROM walk w LEFT JOIN production_records p ON w.source_type = 'production_record' AND p.id = w.source_id
        GROUP BY w.parent, w.child, w.kg, w.source_type, w.source_id, p.number`,
  );
}

/**
 * Every lot up to `depth` levels below the lots (and one further, to tell a cut), with every edge into
 * each — a lot's make-up needs all its parents, traced or not. Voided lots are left out: a voided run's
 * lots are voided with it (0013).
 */
export function walkDown(db: Db, orgId: string, lotIds: string[], depth: number) {
  return rows<EdgeRow>(
    db,
    sql`WITH RECURSIVE walk(child, level) AS (
          SELECT e.child_lot_id, 1 FROM lot_lineage e JOIN lots c ON c.id = e.child_lot_id
          WHERE e.organization_id = ${orgId} AND e.parent_lot_id = ANY(${ids(lotIds)}) AND c.status <> 'voided'
          UNION
          SELECT e.child_lot_id, w.level + 1 FROM walk w
          JOIN lot_lineage e ON e.organization_id = ${orgId} AND e.parent_lot_id = w.child
          JOIN lots c ON c.id = e.child_lot_id
          WHERE w.level <= ${depth} AND c.status <> 'voided')
        SELECT ${edgeColumns}
        FROM (SELECT child, min(level) AS level FROM walk GROUP BY child) w
        JOIN lot_lineage e ON e.organization_id = ${orgId} AND e.child_lot_id = w.child
        LEFT JOIN production_records p ON e.source_type = 'production_record' AND p.id = e.source_id`,
  );
}

export type LotRow = {
  id: string;
  code: string;
  status: string;
  origin_type: string;
  material_id: string;
  material_code: string;
  material_name: string;
  facility_id: string;
  facility_code: string;
  facility_name: string;
  on_hand_kg: string;
  /** Grams it was made with, for the lots asked (`made`), as text; else null. */
  made_grams: string | null;
  /** The posted delivery a received lot came on, for the lots asked (`receipts`). */
  record_id: string | null;
  number: string | null;
  received_at: string | null;
  supplier_id: string | null;
  supplier_code: string | null;
  supplier_name: string | null;
  supplier_type: string | null;
};

// A lot was made with its first movement: a run's output, a split's part; a delivery's stock-in is its
// line's net kg, read with the delivery.
const firstMovement = sql`(SELECT (sm.qty_kg * 1000)::bigint FROM stock_movements sm
  WHERE sm.organization_id = l.organization_id AND sm.lot_id = l.id ORDER BY sm.posted_at, sm.id LIMIT 1)`;

/**
 * The lots' facts in one query: material, facility and what each holds; the grams each of `made` was made
 * with (the others' follow from their edges); the delivery and supplier of each of `receipts`.
 */
export function lots(db: Db, orgId: string, lotIds: string[], made: string[] = [], receipts: string[] = []) {
  return rows<LotRow>(
    db,
    sql`WITH made AS (SELECT DISTINCT id FROM unnest(${ids(made)}) AS id),
          received AS (SELECT DISTINCT id FROM unnest(${ids(receipts)}) AS id)
        SELECT l.id, l.code, l.status, l.origin_type, m.id AS material_id, m.code AS material_code,
          m.name AS material_name, f.id AS facility_id, f.code AS facility_code, f.name AS facility_name,
          coalesce(b.qty_kg, 0)::numeric(14,3)::text AS on_hand_kg,
          CASE WHEN mk.id IS NOT NULL
            THEN coalesce(CASE WHEN r.id IS NOT NULL THEN (rl.net_kg * 1000)::bigint END, ${firstMovement}, 0)::text
          END AS made_grams,
          r.id AS record_id, r.number, pt_iso(r.received_at) AS received_at, s.id AS supplier_id,
          s.code AS supplier_code, s.name AS supplier_name, s.type::text AS supplier_type
        FROM lots l JOIN materials m ON m.id = l.material_id JOIN facilities f ON f.id = l.facility_id
        LEFT JOIN lot_balances b ON b.lot_id = l.id
        LEFT JOIN made mk ON mk.id = l.id
        LEFT JOIN received rc ON rc.id = l.id
        LEFT JOIN receive_lines rl ON rc.id IS NOT NULL AND l.origin_type = 'receive_line' AND rl.id = l.origin_id
        LEFT JOIN receive_records r ON r.id = rl.record_id AND r.status = 'posted'
        LEFT JOIN suppliers s ON s.id = r.supplier_id
        WHERE l.organization_id = ${orgId} AND l.id = ANY(${ids(lotIds)})`,
  );
}

export type DispatchRow = {
  lot_id: string;
  record_id: string;
  number: string;
  dispatched_at: string;
  delivered: boolean;
  grams: string;
  customer_id: string;
  customer_code: string;
  customer_name: string;
  customer_type: string;
};

/** Posted dispatches of the lots, with each line's kg. */
export function dispatchesOf(db: Db, orgId: string, lotIds: string[]) {
  return rows<DispatchRow>(
    db,
    sql`SELECT l.lot_id, r.id AS record_id, r.number, pt_iso(r.dispatched_at) AS dispatched_at,
          r.delivered_at IS NOT NULL AS delivered, (l.kg * 1000)::bigint::text AS grams,
          c.id AS customer_id, c.code AS customer_code, c.name AS customer_name, c.type::text AS customer_type
        FROM dispatch_lines l JOIN dispatch_records r ON r.id = l.record_id JOIN customers c ON c.id = r.customer_id
        WHERE l.organization_id = ${orgId} AND r.status = 'posted' AND l.lot_id = ANY(${ids(lotIds)})
        ORDER BY r.dispatched_at, r.number`,
  );
}

export async function lotIdByCode(db: Db, orgId: string, code: string) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM lots WHERE organization_id = ${orgId} AND code = ${code} LIMIT 1`,
  );
  return row?.id;
}

export type RecordLots = {
  type: 'receive_record' | 'production_record' | 'dispatch_record';
  id: string;
  number: string;
  lot_ids: string[];
};

/**
 * A record's lots: a delivery's and a run's lots are what it made (a run's outputs and the rejects kept
 * as lots), a dispatch's what it carried. Ids are unique across record kinds.
 */
export async function recordLots(db: Db, orgId: string, id: string): Promise<RecordLots | undefined> {
  const [row] = await rows<RecordLots>(
    db,
    sql`SELECT 'receive_record' AS type, r.id, r.number,
          array(SELECT lot_id FROM receive_lines WHERE record_id = r.id AND lot_id IS NOT NULL ORDER BY line_no)::text[] AS lot_ids
        FROM receive_records r WHERE r.organization_id = ${orgId} AND r.id = ${id}
        UNION ALL
        SELECT 'production_record', r.id, r.number,
          array(SELECT lot_id FROM (
            SELECT 1 AS k, line_no, lot_id FROM production_outputs WHERE record_id = r.id AND lot_id IS NOT NULL
            UNION ALL SELECT 2, line_no, lot_id FROM production_losses WHERE record_id = r.id AND lot_id IS NOT NULL
          ) x ORDER BY k, line_no)::text[]
        FROM production_records r WHERE r.organization_id = ${orgId} AND r.id = ${id}
        UNION ALL
        SELECT 'dispatch_record', r.id, r.number,
          array(SELECT lot_id FROM dispatch_lines WHERE record_id = r.id ORDER BY line_no)::text[]
        FROM dispatch_records r WHERE r.organization_id = ${orgId} AND r.id = ${id}`,
  );
  return row;
}
