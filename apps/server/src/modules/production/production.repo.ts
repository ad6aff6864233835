import type { ProductionRecord } from '@plastrace/shared';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productionLines, productionRecords } from '../../db/schema/index.ts';
import { containsPattern, isoMicro, olderThan } from '../../lib/sql.ts';
import { callPosting } from '../posting/posting.ts';

type Handle = Db | Tx;

const POSTING = ['production_create', 'production_edit', 'production_post', 'production_void'] as const;

/** Calls one of the production functions (migration 0013): the whole write in one round trip. */
export const callProduction = <T>(db: Db, fn: (typeof POSTING)[number], payload: object) =>
  callPosting<T>(db, fn, payload);

/** The record as the API shows it (production_record_json: one definition for reads and writes). */
const view = (orgId: string) =>
  sql<ProductionRecord>`production_record_json(${orgId}::uuid, ${productionRecords.id})`;

export async function getRecord(
  db: Handle,
  orgId: string,
  id: string,
): Promise<ProductionRecord | undefined> {
  const [row] = await db
    .select({ view: view(orgId) })
    .from(productionRecords)
    .where(and(eq(productionRecords.organizationId, orgId), eq(productionRecords.id, id)));
  return row?.view;
}

export type RecordFilter = {
  limit: number;
  after?: [string, string];
  status?: 'draft' | 'posted' | 'voided';
  facilityId?: string;
  productionLineId?: string;
  processCode?: string;
  from?: string;
  to?: string;
  timeZone: string;
  q?: string;
};

function conditions(orgId: string, f: RecordFilter): SQL | undefined {
  const r = productionRecords;
  const p = f.q ? containsPattern(f.q) : undefined;
  return and(
    eq(r.organizationId, orgId),
    f.status ? eq(r.status, f.status) : undefined,
    f.facilityId ? eq(r.facilityId, f.facilityId) : undefined,
    f.productionLineId ? eq(r.productionLineId, f.productionLineId) : undefined,
    f.processCode ? eq(r.processCode, f.processCode) : undefined,
    // Days are the organization's days: from its midnight to the midnight after `to`.
    f.from ? gte(r.endedAt, sql`(${f.from}::date)::timestamp AT TIME ZONE ${f.timeZone}`) : undefined,
    f.to ? lt(r.endedAt, sql`(${f.to}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}`) : undefined,
    p
      ? or(
          ilike(r.number, p),
          ilike(r.crew, p),
          ilike(r.notes, p),
          ilike(productionLines.name, p),
          // A lot code finds the runs it went into or came out of.
          sql`EXISTS (SELECT 1 FROM production_inputs i JOIN lots l ON l.id = i.lot_id
                      WHERE i.record_id = ${r.id} AND l.code ILIKE ${p})`,
          sql`EXISTS (SELECT 1 FROM production_outputs o JOIN lots l ON l.id = o.lot_id
                      WHERE o.record_id = ${r.id} AND l.code ILIKE ${p})`,
        )
      : undefined,
    f.after ? olderThan(r.endedAt, r.id, f.after) : undefined,
  );
}

/** A page of runs, latest end first, each as the API shows it, with its keyset key. */
export function listRecords(db: Handle, orgId: string, f: RecordFilter) {
  const r = productionRecords;
  return db
    .select({ view: view(orgId), endedAt: isoMicro(r.endedAt), id: r.id })
    .from(r)
    .leftJoin(productionLines, eq(productionLines.id, r.productionLineId))
    .where(conditions(orgId, f))
    .orderBy(desc(r.endedAt), desc(r.id))
    .limit(f.limit);
}

/** Posted runs per line and month (the organization's months), newest month first. */
export async function lineMonths(db: Handle, orgId: string, months: number, lineId?: string) {
  const rows = await db.execute<{
    line_id: string;
    code: string;
    name: string;
    month: string;
    runs: number;
    input_kg: string;
    output_kg: string;
    energy_kwh: string | null;
    metered_input_kg: string | null;
  }>(sql`
    WITH tz AS (SELECT time_zone FROM organizations WHERE id = ${orgId}),
    runs AS (
      SELECT r.production_line_id, to_char(r.ended_at AT TIME ZONE (SELECT time_zone FROM tz), 'YYYY-MM') AS month,
             r.energy_kwh,
             (SELECT sum(kg) FROM production_inputs WHERE record_id = r.id) AS input_kg,
             (SELECT sum(kg) FROM production_outputs WHERE record_id = r.id) AS output_kg
      FROM production_records r
      WHERE r.organization_id = ${orgId} AND r.status = 'posted' AND r.production_line_id IS NOT NULL
        AND (${lineId ?? null}::uuid IS NULL OR r.production_line_id = ${lineId ?? null}::uuid)
        AND r.ended_at >= (date_trunc('month', pt_now() AT TIME ZONE (SELECT time_zone FROM tz))
                           - make_interval(months => ${months - 1})) AT TIME ZONE (SELECT time_zone FROM tz))
    SELECT l.id AS line_id, l.code, l.name, runs.month, count(*)::int AS runs,
           sum(input_kg)::text AS input_kg, sum(output_kg)::text AS output_kg,
           sum(energy_kwh)::text AS energy_kwh,
           sum(input_kg) FILTER (WHERE energy_kwh IS NOT NULL)::text AS metered_input_kg
    FROM runs JOIN production_lines l ON l.id = runs.production_line_id
    GROUP BY l.id, l.code, l.name, runs.month
    ORDER BY runs.month DESC, l.code`);
  return rows.rows;
}

/** Locks a run's row (its photos change under it). */
export async function lockRecord(tx: Tx, orgId: string, id: string) {
  await tx
    .select({ id: productionRecords.id })
    .from(productionRecords)
    .where(and(eq(productionRecords.organizationId, orgId), eq(productionRecords.id, id)))
    .for('update');
}
