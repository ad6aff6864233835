import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

// Prices of completed deals per period, across every organization: only sums and extremes leave the
// query, never a party, a listing or a single deal.

export type PeriodRow = {
  period: string;
  from: string;
  to: string;
  deals: number;
  quantity: string;
  average_price: string | null;
  min_price: string | null;
  max_price: string | null;
};

export type PriceFilter = {
  kind: 'material' | 'credits';
  polymer?: string;
  form?: string;
  grade?: string;
  interval: 'month' | 'quarter';
  from: string;
  to: string;
  timeZone: string;
};

/**
 * Every period from `from` to `to` (empty ones too, so a chart keeps its time axis), with the count, the
 * quantity, the quantity-weighted average price and the range of the deals completed in it (local days of
 * `timeZone`). A listing of the seller's own material names polymer, form and grade through the material.
 */
export async function pricePeriods(db: Db, f: PriceFilter): Promise<PeriodRow[]> {
  const unit = f.interval === 'month' ? sql.raw(`'month'`) : sql.raw(`'quarter'`);
  const step = f.interval === 'month' ? sql.raw(`'1 month'`) : sql.raw(`'3 months'`);
  const label =
    f.interval === 'month' ? sql`to_char(p.start, 'YYYY-MM')` : sql`to_char(p.start, 'YYYY-"Q"Q')`;
  const { rows } = await db.execute<PeriodRow>(sql`
    WITH p AS (
      SELECT s::date AS start, (s + ${step}::interval - interval '1 day')::date AS last
      FROM generate_series(date_trunc(${unit}, ${f.from}::date), ${f.to}::date, ${step}::interval) s
    ),
    d AS (
      SELECT (d.completed_at AT TIME ZONE ${f.timeZone})::date AS day, d.quantity, d.price
      FROM market_deals d
      JOIN market_listings l ON l.id = d.listing_id
      LEFT JOIN materials m ON m.id = l.material_id
      WHERE d.status = 'completed' AND l.kind = ${f.kind}
        AND d.completed_at >= (${f.from}::date::timestamp AT TIME ZONE ${f.timeZone})
        AND d.completed_at < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${f.timeZone})
        ${f.polymer ? sql`AND coalesce(l.polymer, m.polymer::text) = ${f.polymer}` : sql``}
        ${f.form ? sql`AND coalesce(l.form, m.form::text) = ${f.form}` : sql``}
        ${f.grade ? sql`AND upper(coalesce(l.grade, m.grade)) = upper(${f.grade})` : sql``}
    )
    SELECT ${label} AS period, p.start::text AS "from", p.last::text AS "to",
      count(d.day)::int AS deals, coalesce(sum(d.quantity), 0::numeric(14, 3))::text AS quantity,
      round(sum(d.quantity * d.price) / nullif(sum(d.quantity), 0), 2)::text AS average_price,
      min(d.price)::text AS min_price, max(d.price)::text AS max_price
    FROM p LEFT JOIN d ON d.day BETWEEN p.start AND p.last
    GROUP BY p.start, p.last ORDER BY p.start`);
  return rows;
}

export async function timeZoneOf(db: Db, orgId: string) {
  const { rows } = await db.execute<{ time_zone: string; today: string }>(
    sql`SELECT time_zone, (pt_now() AT TIME ZONE time_zone)::date::text AS today FROM organizations WHERE id = ${orgId}`,
  );
  return rows[0];
}
