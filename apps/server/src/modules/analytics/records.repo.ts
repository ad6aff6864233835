import type { AnalyticsMeasure } from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The records behind a bar: the posted records of one period, read from the record tables (one
// organization, one period: the (organization, time) indexes bound the scan), with the same rules as the
// daily facts (a record counts on the day it was received, dispatched or ended; voided ones nowhere), so
// a bar's records add up to the bar. Keyset pages on (time, id).

export type RecordRow = {
  id: string;
  number: string;
  at: string;
  facility_id: string;
  facility_code: string;
  facility_name: string;
  party_id: string | null;
  party_code: string | null;
  party_name: string | null;
  process: string | null;
  line: string | null;
  kg: string;
  kg_out: string | null;
  php: string | null;
  cost_php: string | null;
  kwh: string | null;
};

export type RecordsWindow = {
  orgId: string;
  /** First and last day listed (the organization's). */
  from: string;
  to: string;
  facilityId?: string;
  materialId?: string;
  partyId?: string;
  /** One key of the bar: a row's or a chart segment's (the query schema checked it fits the measure). */
  key?: { by: string; value: string };
  limit: number;
  after?: [at: string, id: string];
};

/** Microseconds kept, so the next page never skips a record of the same millisecond. */
const instant = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const optional = (value: string | undefined, condition: (v: string) => SQL) =>
  value ? condition(value) : sql``;

/** The condition of a key on the record (a material's is on the lines: see `lines`). */
const KEY_COLUMNS: Record<string, SQL> = {
  supplier: sql`r.supplier_id::text`,
  supplier_type: sql`s.type::text`,
  customer: sql`r.customer_id::text`,
  facility: sql`r.facility_id::text`,
  line: sql`r.production_line_id::text`,
  process: sql`r.process_code`,
};
const keyed = (w: RecordsWindow) => {
  if (!w.key || w.key.by === 'material') return sql``;
  const column = KEY_COLUMNS[w.key.by];
  if (!column) throw new Error(`no column for key ${w.key.by}`);
  return sql`AND ${column} = ${w.key.value}`;
};
/** The lines counted: the filtered material's, and the key's when the key is a material. */
const lines = (w: RecordsWindow, material: SQL) => sql`
  ${optional(w.materialId, (v) => sql`AND ${material} = ${v}::uuid`)}
  ${w.key?.by === 'material' ? sql`AND ${material}::text = ${w.key.value}` : sql``}`;

function window(w: RecordsWindow, at: SQL) {
  return {
    bounds: sql`z AS (
      SELECT (${w.from}::date::timestamp AT TIME ZONE o.time_zone) AS lo,
        ((${w.to}::date + 1)::timestamp AT TIME ZONE o.time_zone) AS hi
      FROM organizations o WHERE o.id = ${w.orgId}::uuid
    )`,
    where: sql`r.organization_id = ${w.orgId}::uuid AND r.status = 'posted' AND ${at} >= z.lo AND ${at} < z.hi
      ${optional(w.facilityId, (v) => sql`AND r.facility_id = ${v}::uuid`)}
      ${w.after ? sql`AND (${at}, r.id) > (${w.after[0]}::timestamptz, ${w.after[1]}::uuid)` : sql``}
      ${keyed(w)}`,
    order: sql`ORDER BY ${at}, r.id LIMIT ${w.limit}`,
  };
}

// A record's lines are summed beside it (LATERAL), not grouped after a join, so the page is read in the
// order of the (organization, time) index and stops at its limit however many records the period holds.

function received(w: RecordsWindow) {
  const at = sql`r.received_at`;
  const { bounds, where, order } = window(w, at);
  return sql`WITH ${bounds}
    SELECT r.id, r.number, ${instant(at)} AS at, f.id AS facility_id, f.code AS facility_code,
      f.name AS facility_name, s.id AS party_id, s.code AS party_code, s.name AS party_name,
      NULL AS process, NULL AS line, t.kg, NULL AS kg_out, t.php, NULL AS cost_php, NULL AS kwh
    FROM receive_records r CROSS JOIN z
    JOIN facilities f ON f.id = r.facility_id
    JOIN suppliers s ON s.id = r.supplier_id
    CROSS JOIN LATERAL (
      SELECT sum(l.net_kg)::text AS kg, sum(l.amount)::text AS php, count(*) AS n
      FROM receive_lines l WHERE l.record_id = r.id ${lines(w, sql`l.material_id`)}
    ) t
    WHERE ${where} AND t.n > 0 ${optional(w.partyId, (v) => sql`AND r.supplier_id = ${v}::uuid`)}
    ${order}`;
}

function dispatched(w: RecordsWindow) {
  const at = sql`r.dispatched_at`;
  const { bounds, where, order } = window(w, at);
  return sql`WITH ${bounds}
    SELECT r.id, r.number, ${instant(at)} AS at, f.id AS facility_id, f.code AS facility_code,
      f.name AS facility_name, c.id AS party_id, c.code AS party_code, c.name AS party_name,
      NULL AS process, NULL AS line, t.kg, NULL AS kg_out, t.php, t.cost_php, NULL AS kwh
    FROM dispatch_records r CROSS JOIN z
    JOIN facilities f ON f.id = r.facility_id
    JOIN customers c ON c.id = r.customer_id
    CROSS JOIN LATERAL (
      SELECT sum(l.kg)::text AS kg, sum(l.amount)::text AS php, coalesce(sum(l.value_php), 0)::text AS cost_php,
        count(*) AS n
      FROM dispatch_lines l JOIN lots lt ON lt.id = l.lot_id
      WHERE l.record_id = r.id ${lines(w, sql`lt.material_id`)}
    ) t
    WHERE ${where} AND t.n > 0 ${optional(w.partyId, (v) => sql`AND r.customer_id = ${v}::uuid`)}
    ${order}`;
}

function runs(w: RecordsWindow) {
  const at = sql`r.ended_at`;
  const { bounds, where, order } = window(w, at);
  return sql`WITH ${bounds}
    SELECT r.id, r.number, ${instant(at)} AS at, f.id AS facility_id, f.code AS facility_code,
      f.name AS facility_name, NULL AS party_id, NULL AS party_code, NULL AS party_name,
      pt.name AS process, pl.name AS line,
      (SELECT coalesce(sum(i.kg), 0) FROM production_inputs i WHERE i.record_id = r.id)::text AS kg,
      (SELECT coalesce(sum(o.kg), 0) FROM production_outputs o WHERE o.record_id = r.id)::text AS kg_out,
      NULL AS php, NULL AS cost_php, r.energy_kwh::text AS kwh
    FROM production_records r CROSS JOIN z
    JOIN facilities f ON f.id = r.facility_id
    JOIN process_types pt ON pt.code = r.process_code
    LEFT JOIN production_lines pl ON pl.id = r.production_line_id
    WHERE ${where} ${order}`;
}

const QUERIES: Record<AnalyticsMeasure, (w: RecordsWindow) => SQL> = {
  received,
  dispatched,
  production: runs,
};

export async function records(
  db: Db | Tx,
  measure: AnalyticsMeasure,
  w: RecordsWindow,
): Promise<RecordRow[]> {
  const { rows } = await db.execute<RecordRow>(QUERIES[measure](w));
  return rows;
}
