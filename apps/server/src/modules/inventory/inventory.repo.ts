import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../lib/sql.ts';

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
  /** Over every row of the filter, whatever the page. */
  total_qty_kg: string;
  total_value_php: string;
  total_rows: number;
};

export type BalanceFilter = {
  group: Grouping;
  facilityId?: string;
  materialId?: string;
  asOf?: string;
  timeZone: string;
  q?: string;
  /** Keyset: facility, material and lot code of the last row of the previous page ('' where absent). */
  after?: [string, string, string];
  limit?: number;
};

/**
 * Balances by facility, material or lot. Today's come from the per-lot balance cache, kept in the same
 * transaction as every ledger row; a past day's are summed from the append-only ledger: everything
 * posted before the end of `asOf` in the organization's time zone. Either way the rows are summed by
 * id first and only the groups are joined to their names, which keeps a million-row ledger cheap.
 */
export async function balances(db: Db | Tx, orgId: string, f: BalanceFilter): Promise<InventoryRow[]> {
  const byMaterial = f.group !== 'facility';
  const byLot = f.group === 'lot';
  const filters = (t: string) => sql`
      ${f.facilityId ? sql`AND ${sql.raw(t)}.facility_id = ${f.facilityId}` : sql``}
      ${f.materialId ? sql`AND ${sql.raw(t)}.material_id = ${f.materialId}` : sql``}`;
  const perLot = f.asOf
    ? sql`
      SELECT s.facility_id, s.material_id, s.lot_id, sum(s.qty_kg) AS qty, sum(s.value_php) AS value
      FROM stock_movements s
      WHERE s.organization_id = ${orgId} ${filters('s')}
        AND s.posted_at < (${f.asOf}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}
      GROUP BY s.facility_id, s.material_id, s.lot_id`
    : sql`
      SELECT b.facility_id, b.material_id, b.lot_id, b.qty_kg AS qty, b.value_php AS value
      FROM lot_balances b
      WHERE b.organization_id = ${orgId} ${filters('b')} AND b.qty_kg <> 0`;
  const { rows } = await db.execute<InventoryRow>(sql`
    WITH per_lot AS (${perLot}),
    g AS (
      SELECT facility_id,
             ${byMaterial ? sql`material_id` : sql`NULL::uuid`} AS material_id,
             ${byLot ? sql`lot_id` : sql`NULL::uuid`} AS lot_id,
             sum(qty) AS qty, sum(value) AS value
      FROM per_lot
      GROUP BY 1, 2, 3
      HAVING sum(qty) <> 0
    ),
    named AS (
      SELECT f.id AS facility_id, f.code AS facility_code, f.name AS facility_name,
             m.id AS material_id, m.code AS material_code, m.name AS material_name,
             l.id AS lot_id, l.code AS lot_code, l.status::text AS lot_status,
             g.qty::numeric(14,3)::text AS qty_kg, g.value::numeric(14,2)::text AS value_php,
             sum(g.qty) OVER ()::numeric(14,3)::text AS total_qty_kg,
             sum(g.value) OVER ()::numeric(14,2)::text AS total_value_php,
             count(*) OVER ()::int AS total_rows
      FROM g
      -- Scoped to the organization as well as keyed, so a hash join never reads another's rows.
      JOIN facilities f ON f.id = g.facility_id AND f.organization_id = ${orgId}
      LEFT JOIN materials m ON m.id = g.material_id AND m.organization_id = ${orgId}
      LEFT JOIN lots l ON l.id = g.lot_id AND l.organization_id = ${orgId}
      ${
        f.q
          ? sql`WHERE concat_ws(' ', f.code, f.name, m.code, m.name, l.code) ILIKE ${containsPattern(f.q)}`
          : sql``
      }
    )
    SELECT * FROM named
    ${
      f.after
        ? sql`WHERE (facility_code, coalesce(material_code, ''), coalesce(lot_code, ''))
                  > (${f.after[0]}, ${f.after[1]}, ${f.after[2]})`
        : sql``
    }
    ORDER BY facility_code, coalesce(material_code, ''), coalesce(lot_code, '')
    ${f.limit ? sql`LIMIT ${f.limit}` : sql``}`);
  return rows;
}
