import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The reports' queries. Figures come from the daily facts (`pt_facts`, docs/architecture.md "Insight: daily
// facts"), grouped here, never from the ledgers; only the daily report's lists read the records of its one
// day, each through the (organization, time) index of its table. Every query is scoped to the organization.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

export type OrgRow = { id: string; name: string; time_zone: string; country: string; today: string };

/** The organization's name, time zone and today there. */
export async function orgOf(h: Handle, orgId: string): Promise<OrgRow | undefined> {
  const [row] = await rows<OrgRow>(
    h,
    sql`SELECT id, name, time_zone, country, (pt_now() AT TIME ZONE time_zone)::date::text AS today
        FROM organizations WHERE id = ${orgId}`,
  );
  return row;
}

/** One group of facts: a measure by material and kind, summed over the period. */
export type FactRow = {
  measure: string;
  material_id: string | null;
  kind: string | null;
  kg: string;
  kg2: string;
  php: string;
  php2: string;
  kwh: string;
  n: number;
  material_name: string | null;
};

/**
 * A period's facts by measure × material × kind, and (measures `payables_balance`, `receivables_balance`)
 * what was owed at the period's end: the sum of every payable and receivable through its last day. One
 * statement, so every figure of a report comes from one snapshot.
 */
export function periodFacts(h: Handle, orgId: string, from: string, to: string): Promise<FactRow[]> {
  return rows<FactRow>(
    h,
    sql`WITH flows AS (
          SELECT f.measure, f.material_id, f.kind, sum(f.kg) AS kg, sum(f.kg2) AS kg2, sum(f.php) AS php,
            sum(f.php2) AS php2, sum(f.kwh) AS kwh, sum(f.n)::int AS n
          FROM pt_facts(${orgId}, ${from}::date, ${to}::date) f
          WHERE f.measure IN ('received', 'run', 'produced', 'dispatched', 'payables', 'receivables')
          GROUP BY f.measure, f.material_id, f.kind
        ), balances AS (
          SELECT b.measure || '_balance' AS measure, NULL::uuid AS material_id, NULL::text AS kind, 0::numeric AS kg,
            0::numeric AS kg2, sum(b.php) AS php, 0::numeric AS php2, 0::numeric AS kwh, sum(b.n)::int AS n
          FROM pt_facts_coarse(${orgId}, '1900-01-01'::date, ${to}::date) b
          WHERE b.measure IN ('payables', 'receivables')
          GROUP BY b.measure
        )
        SELECT x.measure, x.material_id, x.kind, x.kg::text, x.kg2::text, x.php::text, x.php2::text, x.kwh::text, x.n,
          m.name AS material_name
        FROM (SELECT * FROM flows UNION ALL SELECT * FROM balances) x
        LEFT JOIN materials m ON m.id = x.material_id AND m.organization_id = ${orgId}
        ORDER BY x.measure, m.name NULLS LAST, x.kind`,
  );
}

/** The bounds of one local day as instants, for the records' (organization, time) indexes. */
const dayBounds = (orgId: string, day: string) =>
  sql`(SELECT (${day}::date)::timestamp AT TIME ZONE o.time_zone AS lo,
              (${day}::date + 1)::timestamp AT TIME ZONE o.time_zone AS hi, o.time_zone AS tz
       FROM organizations o WHERE o.id = ${orgId}) z`;

export type ReceiptRow = {
  number: string;
  time: string;
  supplier: string;
  facility: string;
  lines: number;
  kg: string;
  php: string;
};

/** The day's posted deliveries: net kg and amount owed per receipt. */
export function dayReceipts(h: Handle, orgId: string, day: string) {
  return rows<ReceiptRow>(
    h,
    sql`SELECT r.number, to_char(r.received_at AT TIME ZONE z.tz, 'HH24:MI') AS time, s.name AS supplier,
          fa.name AS facility, count(*)::int AS lines, sum(l.net_kg)::text AS kg, sum(l.amount)::text AS php
        FROM ${dayBounds(orgId, day)}
        JOIN receive_records r ON r.organization_id = ${orgId} AND r.received_at >= z.lo AND r.received_at < z.hi
        JOIN receive_lines l ON l.record_id = r.id
        JOIN suppliers s ON s.id = r.supplier_id
        JOIN facilities fa ON fa.id = r.facility_id
        WHERE r.status = 'posted'
        GROUP BY r.id, r.number, r.received_at, z.tz, s.name, fa.name
        ORDER BY r.received_at, r.number`,
  );
}

export type RunRow = {
  number: string;
  time: string;
  facility: string;
  line: string | null;
  process: string | null;
  input_kg: string;
  output_kg: string;
  loss_kg: string;
};

/** The day's posted production runs (by when they ended): kg in, out and lost. */
export function dayRuns(h: Handle, orgId: string, day: string) {
  return rows<RunRow>(
    h,
    sql`SELECT r.number, to_char(r.ended_at AT TIME ZONE z.tz, 'HH24:MI') AS time, fa.name AS facility,
          pl.name AS line, pt.name AS process,
          coalesce((SELECT sum(i.kg) FROM production_inputs i WHERE i.record_id = r.id), 0)::text AS input_kg,
          coalesce((SELECT sum(o.kg) FROM production_outputs o WHERE o.record_id = r.id), 0)::text AS output_kg,
          coalesce((SELECT sum(x.kg) FROM production_losses x WHERE x.record_id = r.id), 0)::text AS loss_kg
        FROM ${dayBounds(orgId, day)}
        JOIN production_records r ON r.organization_id = ${orgId} AND r.ended_at >= z.lo AND r.ended_at < z.hi
        JOIN facilities fa ON fa.id = r.facility_id
        LEFT JOIN production_lines pl ON pl.id = r.production_line_id
        LEFT JOIN process_types pt ON pt.code = r.process_code
        WHERE r.status = 'posted'
        ORDER BY r.ended_at, r.number`,
  );
}

export type DispatchRow = {
  number: string;
  time: string;
  customer: string;
  facility: string;
  kg: string;
  php: string;
};

/** The day's posted dispatches: kg and sales amount per dispatch. */
export function dayDispatches(h: Handle, orgId: string, day: string) {
  return rows<DispatchRow>(
    h,
    sql`SELECT r.number, to_char(r.dispatched_at AT TIME ZONE z.tz, 'HH24:MI') AS time, c.name AS customer,
          fa.name AS facility, sum(l.kg)::text AS kg, sum(l.amount)::text AS php
        FROM ${dayBounds(orgId, day)}
        JOIN dispatch_records r ON r.organization_id = ${orgId} AND r.dispatched_at >= z.lo AND r.dispatched_at < z.hi
        JOIN dispatch_lines l ON l.record_id = r.id
        JOIN customers c ON c.id = r.customer_id
        JOIN facilities fa ON fa.id = r.facility_id
        WHERE r.status = 'posted'
        GROUP BY r.id, r.number, r.dispatched_at, z.tz, c.name, fa.name
        ORDER BY r.dispatched_at, r.number`,
  );
}

export type CashRow = {
  time: string;
  direction: 'out' | 'in';
  party: string;
  kind: string;
  method: string | null;
  reference: string | null;
  /** Cash that left (out) or came in (in); a reversal is negative. */
  php: string;
};

/**
 * The day's cash: payments and advances to suppliers, payments from customers, and their reversals, as
 * the ledgers wrote them that day. A ledger amount lowers what is owed, so cash is its negative.
 */
export function dayCash(h: Handle, orgId: string, day: string) {
  return rows<CashRow>(
    h,
    sql`SELECT to_char(e.posted_at AT TIME ZONE e.tz, 'HH24:MI') AS time, e.direction, e.party, e.kind,
          e.method::text AS method, e.reference, (-e.amount)::text AS php
        FROM (
          SELECT 'out' AS direction, s.name AS party, l.kind, l.method, l.reference, l.amount, l.posted_at, l.id, z.tz
          FROM ${dayBounds(orgId, day)}
          JOIN supplier_ledger l ON l.organization_id = ${orgId} AND l.posted_at >= z.lo AND l.posted_at < z.hi
          JOIN suppliers s ON s.id = l.supplier_id
          WHERE l.kind IN ('payment', 'advance', 'payment_reversal')
          UNION ALL
          SELECT 'in', c.name, l.kind, l.method, l.reference, l.amount, l.posted_at, l.id, z.tz
          FROM ${dayBounds(orgId, day)}
          JOIN customer_ledger l ON l.organization_id = ${orgId} AND l.posted_at >= z.lo AND l.posted_at < z.hi
          JOIN customers c ON c.id = l.customer_id
          WHERE l.kind IN ('payment', 'payment_reversal')
        ) e
        ORDER BY e.posted_at, e.id`,
  );
}

export type StockRow = {
  facility: string;
  material: string;
  kg: string;
  php: string;
};

/** Stock by facility and material at the end of `day`: every stock movement through it. */
export function stockOn(h: Handle, orgId: string, day: string) {
  return rows<StockRow>(
    h,
    sql`SELECT fa.name AS facility, m.name AS material, s.kg::text, s.php::text
        FROM (
          SELECT f.facility_id, f.material_id, sum(f.kg) AS kg, sum(f.php) AS php
          FROM pt_facts_coarse(${orgId}, '1900-01-01'::date, ${day}::date) f
          WHERE f.measure = 'stock'
          GROUP BY f.facility_id, f.material_id
          HAVING sum(f.kg) <> 0 OR sum(f.php) <> 0
        ) s
        JOIN facilities fa ON fa.id = s.facility_id
        JOIN materials m ON m.id = s.material_id
        ORDER BY fa.name, m.name`,
  );
}

export type AgeRow = {
  material: string;
  lots: number;
  d30: string;
  d90: string;
  d180: string;
  older: string;
  kg: string;
  php: string;
};

/**
 * The lots in stock now by material and age (days since the lot was made, in the organization's days):
 * 0–30, 31–90, 91–180 and over 180. From each lot's balance, the ledger's per-lot cache.
 */
export function stockAges(h: Handle, orgId: string) {
  return rows<AgeRow>(
    h,
    sql`SELECT m.name AS material, count(*)::int AS lots,
          coalesce(sum(a.kg) FILTER (WHERE a.age <= 30), 0)::numeric(18, 3)::text AS d30,
          coalesce(sum(a.kg) FILTER (WHERE a.age BETWEEN 31 AND 90), 0)::numeric(18, 3)::text AS d90,
          coalesce(sum(a.kg) FILTER (WHERE a.age BETWEEN 91 AND 180), 0)::numeric(18, 3)::text AS d180,
          coalesce(sum(a.kg) FILTER (WHERE a.age > 180), 0)::numeric(18, 3)::text AS older,
          sum(a.kg)::text AS kg, sum(a.php)::text AS php
        FROM (
          SELECT b.material_id, b.qty_kg AS kg, b.value_php AS php,
            (pt_now() AT TIME ZONE o.time_zone)::date - (l.created_at AT TIME ZONE o.time_zone)::date AS age
          FROM lot_balances b
          JOIN lots l ON l.id = b.lot_id
          JOIN organizations o ON o.id = b.organization_id
          WHERE b.organization_id = ${orgId} AND b.qty_kg > 0
        ) a
        JOIN materials m ON m.id = a.material_id
        GROUP BY m.id, m.name
        ORDER BY m.name, m.id`,
  );
}
