import { COUNT_TOLERANCE_PCT, EXPIRY_WARNING_DAYS } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The staff dashboard's figures: flows and balances from the daily facts (pt_facts, never the ledgers),
// alerts from small indexed counts. Periods are the organization's: today, the week from Monday, the month
// from the 1st, each against the same days of the period before.

export type Periods = {
  today: string;
  week_start: string;
  month_start: string;
  trend_start: string;
  prev_day: string;
  prev_week_start: string;
  prev_week_end: string;
  prev_month_start: string;
  prev_month_end: string;
};

export async function periodsOf(db: Db | Tx, orgId: string): Promise<Periods> {
  const { rows } = await db.execute<Periods>(sql`
    WITH t AS (SELECT (pt_now() AT TIME ZONE time_zone)::date AS d FROM organizations WHERE id = ${orgId}),
    b AS (SELECT d, date_trunc('week', d)::date AS wk, date_trunc('month', d)::date AS mo FROM t)
    SELECT d::text AS today, wk::text AS week_start, mo::text AS month_start,
      (mo - interval '11 months')::date::text AS trend_start, (d - 1)::text AS prev_day,
      (wk - 7)::text AS prev_week_start, (d - 7)::text AS prev_week_end,
      (mo - interval '1 month')::date::text AS prev_month_start,
      least((d - interval '1 month')::date, mo - 1)::text AS prev_month_end
    FROM b`);
  const row = rows[0];
  if (!row) throw new Error('organization not found');
  return row;
}

const between = (from: string, to: string) => sql`day BETWEEN ${from}::date AND ${to}::date`;

export type FlowRow = {
  measure: string;
  period: string;
  kg: string;
  kg2: string;
  php: string;
  php2: string;
  n: number;
};

/**
 * Received, produced (runs) and dispatched, summed for each period the cards compare (day-level facts of
 * this month and the last), and per month of the trend (whole months as their monthly sums).
 */
export async function flows(db: Db | Tx, orgId: string, p: Periods): Promise<FlowRow[]> {
  const periods = [
    ['today', p.today, p.today],
    ['prev_day', p.prev_day, p.prev_day],
    ['week', p.week_start, p.today],
    ['prev_week', p.prev_week_start, p.prev_week_end],
    ['month', p.month_start, p.today],
    ['prev_month', p.prev_month_start, p.prev_month_end],
  ] as const;
  const arms = periods.map(
    ([name, from, to]) => sql`SELECT ${name}::text AS period, measure, sum(kg) AS kg, sum(kg2) AS kg2,
      sum(php) AS php, sum(php2) AS php2, sum(n)::int AS n FROM f WHERE ${between(from, to)} GROUP BY measure`,
  );
  const first = p.prev_week_start < p.prev_month_start ? p.prev_week_start : p.prev_month_start;
  const { rows } = await db.execute<FlowRow>(sql`
    WITH f AS MATERIALIZED (
      SELECT day, measure, kg, kg2, php, php2, n FROM pt_facts(${orgId}, ${first}::date, ${p.today}::date)
      WHERE measure IN ('received', 'run', 'dispatched')
    )
    ${sql.join(arms, sql` UNION ALL `)}
    UNION ALL
    SELECT to_char(day, 'YYYY-MM') AS period, measure, sum(kg), sum(kg2), sum(php), sum(php2), sum(n)::int
    FROM pt_facts_coarse(${orgId}, ${p.trend_start}::date, ${p.today}::date)
    WHERE measure IN ('received', 'run', 'dispatched') GROUP BY 1, measure`);
  return rows.map((r) => ({
    ...r,
    kg: r.kg ?? '0',
    kg2: r.kg2 ?? '0',
    php: r.php ?? '0',
    php2: r.php2 ?? '0',
  }));
}

export type StockRow = { material_id: string; name: string; kg: string; value: string };

/** Stock on hand and its value by material: every stock fact through today (the ledger's sum). */
export async function stockByMaterial(db: Db | Tx, orgId: string, today: string): Promise<StockRow[]> {
  const { rows } = await db.execute<StockRow>(sql`
    SELECT f.material_id, m.name, sum(f.kg)::text AS kg, sum(f.php)::text AS value
    FROM pt_facts_coarse(${orgId}, '1900-01-01', ${today}::date) f JOIN materials m ON m.id = f.material_id
    WHERE f.measure = 'stock'
    GROUP BY f.material_id, m.name HAVING sum(f.kg) <> 0
    ORDER BY sum(f.kg) DESC, m.name`);
  return rows;
}

/** What we owe suppliers and what customers owe us, through today. */
export async function balances(db: Db | Tx, orgId: string, today: string) {
  const { rows } = await db.execute<{ payables: string; receivables: string }>(sql`
    SELECT coalesce(sum(php) FILTER (WHERE measure = 'payables'), 0)::text AS payables,
      coalesce(sum(php) FILTER (WHERE measure = 'receivables'), 0)::text AS receivables
    FROM pt_facts_coarse(${orgId}, '1900-01-01', ${today}::date) WHERE measure IN ('payables', 'receivables')`);
  return rows[0] ?? { payables: '0', receivables: '0' };
}

/** EPR credits this organization issued and retired in the calendar year of `today`. */
export async function creditsOfYear(db: Db | Tx, orgId: string, today: string) {
  const { rows } = await db.execute<{ issued: number; retired: number }>(sql`
    WITH y AS (
      SELECT (date_trunc('year', ${today}::date)::timestamp AT TIME ZONE o.time_zone) AS lo FROM organizations o
      WHERE o.id = ${orgId}
    )
    SELECT coalesce(sum(m.last_no - m.first_no + 1) FILTER (WHERE m.kind = 'issued'), 0)::int AS issued,
      coalesce(sum(m.last_no - m.first_no + 1) FILTER (WHERE m.kind = 'retired'), 0)::int AS retired
    FROM credit_movements m, y
    WHERE m.to_organization_id = ${orgId} AND m.at >= y.lo AND m.kind IN ('issued', 'retired')`);
  return rows[0] ?? { issued: 0, retired: 0 };
}

export type AlertCounts = {
  quarantined_lots: number;
  open_stock_counts: number;
  flagged_counts: number;
  licences_expiring: number;
  licences_expired: number;
  accreditations_expiring: number;
  accreditations_expired: number;
  open_discrepancies: number;
};

/**
 * What needs someone's attention. Count differences are flagged as the mass balance flags them: a counted
 * line more than COUNT_TOLERANCE_PCT (0.5 %) off its book, in counts posted in the last 30 days.
 */
export async function alertCounts(db: Db | Tx, orgId: string, today: string): Promise<AlertCounts> {
  const { rows } = await db.execute<AlertCounts>(sql`
    SELECT
      (SELECT count(*) FROM lots WHERE organization_id = ${orgId} AND status = 'quarantined')::int AS quarantined_lots,
      (SELECT count(*) FROM stock_counts WHERE organization_id = ${orgId} AND status = 'open')::int AS open_stock_counts,
      (SELECT count(DISTINCT c.id) FROM stock_counts c JOIN stock_count_lines l ON l.count_id = c.id
        WHERE c.organization_id = ${orgId} AND c.status = 'posted' AND c.posted_at >= pt_now() - interval '30 days'
          AND l.counted_kg IS NOT NULL
          AND (CASE WHEN l.book_kg = 0 THEN l.counted_kg <> 0
               ELSE abs(l.counted_kg - l.book_kg) * 100 > l.book_kg * ${COUNT_TOLERANCE_PCT}::numeric END))::int
        AS flagged_counts,
      (SELECT count(*) FROM drivers WHERE organization_id = ${orgId} AND archived_at IS NULL
        AND licence_expires_on BETWEEN ${today}::date AND ${today}::date + ${EXPIRY_WARNING_DAYS}::int)::int AS licences_expiring,
      (SELECT count(*) FROM drivers WHERE organization_id = ${orgId} AND archived_at IS NULL
        AND licence_expires_on < ${today}::date)::int AS licences_expired,
      (SELECT count(*) FROM haulers WHERE organization_id = ${orgId} AND archived_at IS NULL
        AND accreditation_valid_until BETWEEN ${today}::date AND ${today}::date + ${EXPIRY_WARNING_DAYS}::int)::int AS accreditations_expiring,
      (SELECT count(*) FROM haulers WHERE organization_id = ${orgId} AND archived_at IS NULL
        AND accreditation_valid_until < ${today}::date)::int AS accreditations_expired,
      (SELECT count(*) FROM dispatch_records WHERE organization_id = ${orgId} AND status = 'posted'
        AND discrepancy_status = 'open')::int AS open_discrepancies`);
  const row = rows[0];
  if (!row) throw new Error('alerts query answered nothing');
  return row;
}
