import type { FranchiseFeeKind } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

type Figures = {
  /** Null on the totals over the months. */
  month: string | null;
  /** On a franchisee's month: the agreement covers at least a day of it. */
  in_agreement: boolean;
  volume_kg: string;
  purchases_php: string;
  target_kg: string;
  target_pct: string | null;
  fee_due_php: string;
  payouts_php: string;
};
type Franchisee = {
  id: string;
  code: string;
  name: string;
  city: string | null;
  latitude: string | null;
  longitude: string | null;
  fee_kind: FranchiseFeeKind;
  fee_value: string;
  archived: boolean;
  supplier_id: string;
  supplier_code: string;
  supplier_name: string;
};
/** A franchisee's figures, or (id null) the network's: every franchisee together. */
export type PerformanceRow = Figures & (Franchisee | { id: null });

/**
 * Every franchisee's figures for `count` months from `first` (YYYY-MM), months of the organization's
 * time zone, with the totals by franchisee, by month and overall — one query, so every figure comes
 * from one snapshot and every sum is PostgreSQL's numeric, never a float.
 *
 * Volume and purchases are the lines of its supplier's posted receipts received in the month (a voided
 * receipt counts nowhere). Payouts are the supplier ledger's payments and advances (negative amounts)
 * less their reversals (positive), in the month of the payment: a reversal undoes a mistaken payment,
 * money that never reached the franchisee, whenever the mistake is found. (The supplier's statement
 * dates the reversal when it is made instead, so statements already sent stay true.) The fee is due
 * for every month the agreement covers at least a day of.
 */
export async function performance(
  db: Db | Tx,
  o: { orgId: string; timeZone: string; first: string; count: number; includeArchived: boolean },
) {
  const result = await db.execute<PerformanceRow>(sql`
    WITH months AS (
      SELECT to_char(m, 'YYYY-MM') AS month, m::date AS first_day, (m + interval '1 month')::date AS next_day,
             m AT TIME ZONE ${o.timeZone} AS starts, (m + interval '1 month') AT TIME ZONE ${o.timeZone} AS ends
      FROM generate_series((${o.first} || '-01')::timestamp,
                           (${o.first} || '-01')::timestamp + make_interval(months => ${o.count}::int - 1),
                           interval '1 month') AS m
    ),
    f AS (
      SELECT id, supplier_id, agreement_start, agreement_end, fee_kind, fee_value, monthly_target_kg
      FROM franchisees
      WHERE organization_id = ${o.orgId} AND (${o.includeArchived}::boolean OR archived_at IS NULL)
    ),
    received AS (
      SELECT f.id, mo.month, sum(l.net_kg) AS kg, sum(l.amount) AS php
      FROM f
      JOIN receive_records r
        ON r.organization_id = ${o.orgId} AND r.supplier_id = f.supplier_id AND r.status = 'posted'
      JOIN months mo ON r.received_at >= mo.starts AND r.received_at < mo.ends
      JOIN receive_lines l ON l.record_id = r.id
      GROUP BY f.id, mo.month
    ),
    paid AS (
      -- A payment is reversed at most once (supplier_ledger_one_reversal): the join adds no rows.
      SELECT f.id, mo.month, -sum(e.amount + coalesce(r.amount, 0)) AS php
      FROM f
      JOIN supplier_ledger e
        ON e.organization_id = ${o.orgId} AND e.supplier_id = f.supplier_id AND e.kind IN ('payment', 'advance')
      JOIN months mo ON e.posted_at >= mo.starts AND e.posted_at < mo.ends
      LEFT JOIN supplier_ledger r
        ON r.organization_id = ${o.orgId} AND r.source_id = e.id AND r.kind = 'payment_reversal'
      GROUP BY f.id, mo.month
    ),
    cells AS (
      SELECT f.id, mo.month, coalesce(rc.kg, 0) AS kg, coalesce(rc.php, 0) AS php,
             f.monthly_target_kg AS target, coalesce(p.php, 0) AS paid,
             (f.agreement_start < mo.next_day AND (f.agreement_end IS NULL OR f.agreement_end >= mo.first_day))
               AS in_agreement,
             f.fee_kind, f.fee_value
      FROM f CROSS JOIN months mo
      LEFT JOIN received rc ON rc.id = f.id AND rc.month = mo.month
      LEFT JOIN paid p ON p.id = f.id AND p.month = mo.month
    ),
    fees AS (
      SELECT cells.*,
             CASE WHEN NOT in_agreement THEN 0
                  WHEN fee_kind = 'royalty_pct' THEN round(php * fee_value / 100, 2)
                  WHEN fee_kind = 'per_kg' THEN round(kg * fee_value, 2)
                  ELSE fee_value END AS fee
      FROM cells
    ),
    g AS (
      SELECT id, month, bool_or(in_agreement) AS in_agreement,
             coalesce(sum(kg), 0) AS kg, coalesce(sum(php), 0) AS php, coalesce(sum(target), 0) AS target,
             coalesce(sum(fee), 0) AS fee, coalesce(sum(paid), 0) AS paid
      FROM fees
      GROUP BY GROUPING SETS ((id, month), (id), (month), ())
    )
    SELECT g.id, g.month, g.in_agreement,
           round(g.kg, 3)::text AS volume_kg, round(g.php, 2)::text AS purchases_php,
           round(g.target, 3)::text AS target_kg,
           CASE WHEN g.target > 0 THEN round(g.kg * 100 / g.target, 1)::text END AS target_pct,
           round(g.fee, 2)::text AS fee_due_php, round(g.paid, 2)::text AS payouts_php,
           fr.code, fr.name, fr.city, fr.latitude::text AS latitude, fr.longitude::text AS longitude,
           fr.fee_kind, fr.fee_value::text AS fee_value, fr.archived_at IS NOT NULL AS archived,
           s.id AS supplier_id, s.code AS supplier_code, s.name AS supplier_name
    FROM g
    LEFT JOIN franchisees fr ON fr.id = g.id
    LEFT JOIN suppliers s ON s.id = fr.supplier_id
    ORDER BY fr.code NULLS LAST, g.month NULLS LAST`);
  return result.rows;
}
