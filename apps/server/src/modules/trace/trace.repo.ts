import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Queries of a trace. Every one is scoped to the organization and reads one level of the lineage graph
// (`lot_lineage`, indexed by organization and child, and by organization and parent) for a whole frontier
// of lots at once, so a trace of n levels costs n + 3 queries whatever its width.

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
};

// Edges into voided lots are left out: a voided run's lots are voided with it (0013).
const edgeColumns = sql`e.parent_lot_id AS parent, e.child_lot_id AS child, (e.kg * 1000)::bigint::text AS grams,
  e.source_type, e.source_id, p.number`;

/** The edges into the lots: what each was made from. */
export function edgesInto(db: Db, orgId: string, lotIds: string[]) {
  return rows<EdgeRow>(
    db,
    sql`SELECT ${edgeColumns}
        FROM lot_lineage e JOIN lots c ON c.id = e.child_lot_id
        LEFT JOIN production_records p ON e.source_type = 'production_record' AND p.id = e.source_id
        WHERE e.organization_id = ${orgId} AND e.child_lot_id = ANY(${ids(lotIds)}) AND c.status <> 'voided'
        ORDER BY e.child_lot_id, e.parent_lot_id`,
  );
}

/** The edges out of the lots, with every edge into each child (a child's make-up needs all its parents). */
export function edgesOutOf(db: Db, orgId: string, lotIds: string[]) {
  return rows<EdgeRow>(
    db,
    sql`SELECT ${edgeColumns}
        FROM lot_lineage e JOIN lots c ON c.id = e.child_lot_id
        LEFT JOIN production_records p ON e.source_type = 'production_record' AND p.id = e.source_id
        WHERE e.organization_id = ${orgId} AND c.status <> 'voided' AND e.child_lot_id IN (
          SELECT o.child_lot_id FROM lot_lineage o
          WHERE o.organization_id = ${orgId} AND o.parent_lot_id = ANY(${ids(lotIds)}))
        ORDER BY e.child_lot_id, e.parent_lot_id`,
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
  /** Grams the lot was made with (its first movement), as text. */
  made_grams: string;
  on_hand_kg: string;
};

export function lots(db: Db, orgId: string, lotIds: string[]) {
  return rows<LotRow>(
    db,
    sql`SELECT l.id, l.code, l.status, l.origin_type, m.id AS material_id, m.code AS material_code,
          m.name AS material_name, f.id AS facility_id, f.code AS facility_code, f.name AS facility_name,
          coalesce((SELECT (sm.qty_kg * 1000)::bigint FROM stock_movements sm
            WHERE sm.organization_id = l.organization_id AND sm.lot_id = l.id
            ORDER BY sm.posted_at, sm.id LIMIT 1), 0)::text AS made_grams,
          coalesce(b.qty_kg, 0)::numeric(14,3)::text AS on_hand_kg
        FROM lots l JOIN materials m ON m.id = l.material_id JOIN facilities f ON f.id = l.facility_id
        LEFT JOIN lot_balances b ON b.lot_id = l.id
        WHERE l.organization_id = ${orgId} AND l.id = ANY(${ids(lotIds)})`,
  );
}

export type ReceiptRow = {
  lot_id: string;
  record_id: string;
  number: string;
  received_at: string;
  supplier_id: string;
  supplier_code: string;
  supplier_name: string;
  supplier_type: string;
};

/** The deliveries the lots were received on (lots made by a delivery line), posted ones only. */
export function receiptsOf(db: Db, orgId: string, lotIds: string[]) {
  return rows<ReceiptRow>(
    db,
    sql`SELECT l.lot_id, r.id AS record_id, r.number, pt_iso(r.received_at) AS received_at,
          s.id AS supplier_id, s.code AS supplier_code, s.name AS supplier_name, s.type::text AS supplier_type
        FROM receive_lines l JOIN receive_records r ON r.id = l.record_id JOIN suppliers s ON s.id = r.supplier_id
        WHERE r.organization_id = ${orgId} AND r.status = 'posted' AND l.lot_id = ANY(${ids(lotIds)})`,
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
