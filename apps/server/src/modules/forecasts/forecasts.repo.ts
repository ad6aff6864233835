import { OPEN_ORDER_STATUSES } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

type Handle = Db | Tx;

// Everything here groups the daily facts (pt_facts, docs/architecture.md "Insight: daily facts"): never
// the ledgers. Weeks are ISO weeks of the organization's days: date_trunc('week') gives their Monday.

export type WeekRow = { week: string; material_id: string | null; kg: string; kg2: string; php: string };

/**
 * Deliveries per week from `from` through `to`: net kg, payable kg and the amount owed, of one material,
 * of every material together (`material_id` null), or of each material.
 */
export async function weeklyReceived(
  db: Handle,
  orgId: string,
  from: string,
  to: string,
  scope: { materialId: string } | 'all' | 'each',
): Promise<WeekRow[]> {
  const { rows } = await db.execute<WeekRow>(sql`
    SELECT to_char(date_trunc('week', f.day), 'YYYY-MM-DD') AS week,
           ${scope === 'each' ? sql`f.material_id` : sql`NULL::uuid`} AS material_id,
           sum(f.kg)::text AS kg, sum(f.kg2)::text AS kg2, sum(f.php)::text AS php
    FROM pt_facts(${orgId}::uuid, ${from}::date, ${to}::date) f
    WHERE f.measure = 'received'
      ${typeof scope === 'object' ? sql`AND f.material_id = ${scope.materialId}::uuid` : sql``}
    GROUP BY 1, 2
    ORDER BY 1`);
  return rows;
}

export async function materialRef(db: Handle, orgId: string, id: string) {
  const { rows } = await db.execute<{ id: string; code: string; name: string }>(sql`
    SELECT id, code, name FROM materials WHERE organization_id = ${orgId} AND id = ${id}::uuid`);
  return rows[0];
}

export type PositionRow = {
  id: string;
  code: string;
  name: string;
  stock_kg: string;
  outflow_kg: string;
  /** Remaining kg of open sales orders by the week they are due, clamped into [first, last]. */
  orders: { week: string; kg: string }[];
};

/**
 * Every material's position: stock on hand through `today` (every facility), what went out in
 * [outFrom, outTo] (dispatched, and consumed by production runs), and what open sales orders still have
 * to receive — a line's kg less the kg of posted dispatches against it (as orders.repo.ts counts them),
 * never below 0 — by due week: an overdue or undated order is due in `first`, one due after the horizon
 * in `last`, so the last week's projection holds every open order.
 */
export async function positions(
  db: Handle,
  o: { orgId: string; today: string; outFrom: string; outTo: string; first: string; last: string },
): Promise<PositionRow[]> {
  const { rows } = await db.execute<PositionRow>(sql`
    WITH stock AS (
      SELECT material_id, sum(kg) AS kg FROM pt_facts_coarse(${o.orgId}::uuid, '1900-01-01', ${o.today}::date)
      WHERE measure = 'stock' GROUP BY 1
    ), outflow AS (
      SELECT material_id, sum(kg) AS kg FROM pt_facts(${o.orgId}::uuid, ${o.outFrom}::date, ${o.outTo}::date)
      WHERE measure IN ('dispatched', 'consumed') GROUP BY 1
    ), open_lines AS (
      SELECT l.material_id,
             least(greatest(coalesce(r.due_on, ${o.first}::date), ${o.first}::date), ${o.last}::date) AS due,
             greatest(l.kg - (SELECT coalesce(sum(dl.kg), 0) FROM dispatch_lines dl
                              JOIN dispatch_records d ON d.id = dl.record_id AND d.status = 'posted'
                              WHERE dl.order_line_id = l.id), 0) AS kg
      FROM order_records r JOIN order_lines l ON l.order_id = r.id
      WHERE r.organization_id = ${o.orgId} AND r.kind = 'sales'
        AND r.status = any(${sql.param([...OPEN_ORDER_STATUSES])}::order_status[])
    ), orders AS (
      SELECT material_id, to_char(date_trunc('week', due), 'YYYY-MM-DD') AS week, sum(kg) AS kg
      FROM open_lines WHERE kg > 0 GROUP BY 1, 2
    )
    SELECT m.id, m.code, m.name, coalesce(s.kg, 0)::text AS stock_kg, coalesce(x.kg, 0)::text AS outflow_kg,
           coalesce((SELECT json_agg(json_build_object('week', w.week, 'kg', w.kg::text) ORDER BY w.week)
                     FROM orders w WHERE w.material_id = m.id), '[]'::json) AS orders
    FROM materials m
    LEFT JOIN stock s ON s.material_id = m.id
    LEFT JOIN outflow x ON x.material_id = m.id
    WHERE m.organization_id = ${o.orgId}
    ORDER BY m.code`);
  return rows;
}
