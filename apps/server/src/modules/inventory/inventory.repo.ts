import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type Grouping = 'lot' | 'material' | 'facility';
export type InventoryRow = {
  facility_id: string;
  facility_code: string;
  facility_name: string;
  material_id: string | null;
  material_code: string | null;
  material_name: string | null;
  lot_id: string | null;
  lot_code: string | null;
  lot_status: string | null;
  qty_kg: string;
  value_php: string;
};

/**
 * Balances summed straight from the append-only ledger, so any past day can be asked for: everything
 * posted before the end of `asOf` in the organization's time zone. Without a day: up to now.
 */
export async function balances(
  db: Db,
  orgId: string,
  f: { group: Grouping; facilityId?: string; materialId?: string; asOf?: string; timeZone: string },
): Promise<InventoryRow[]> {
  const byMaterial = f.group !== 'facility';
  const byLot = f.group === 'lot';
  const { rows } = await db.execute<InventoryRow>(sql`
    SELECT f.id AS facility_id, f.code AS facility_code, f.name AS facility_name,
           ${byMaterial ? sql`m.id` : sql`NULL::uuid`} AS material_id,
           ${byMaterial ? sql`m.code` : sql`NULL`} AS material_code,
           ${byMaterial ? sql`m.name` : sql`NULL`} AS material_name,
           ${byLot ? sql`l.id` : sql`NULL::uuid`} AS lot_id,
           ${byLot ? sql`l.code` : sql`NULL`} AS lot_code,
           ${byLot ? sql`l.status::text` : sql`NULL`} AS lot_status,
           sum(s.qty_kg)::numeric(14,3)::text AS qty_kg,
           sum(s.value_php)::numeric(14,2)::text AS value_php
    FROM stock_movements s
    JOIN facilities f ON f.id = s.facility_id
    JOIN materials m ON m.id = s.material_id
    JOIN lots l ON l.id = s.lot_id
    WHERE s.organization_id = ${orgId}
      ${f.facilityId ? sql`AND s.facility_id = ${f.facilityId}` : sql``}
      ${f.materialId ? sql`AND s.material_id = ${f.materialId}` : sql``}
      ${f.asOf ? sql`AND s.posted_at < (${f.asOf}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}` : sql``}
    GROUP BY f.id, f.code, f.name ${byMaterial ? sql`, m.id, m.code, m.name` : sql``} ${byLot ? sql`, l.id, l.code, l.status` : sql``}
    HAVING sum(s.qty_kg) <> 0
    ORDER BY f.code ${byMaterial ? sql`, m.code` : sql``} ${byLot ? sql`, l.code` : sql``}`);
  return rows;
}
