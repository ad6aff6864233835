import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  facilities,
  lots,
  materials,
  receiveLines,
  receiveRecords,
  suppliers,
} from '../../db/schema/index.ts';
import { containsPattern, olderThan } from '../../lib/sql.ts';

type Handle = Db | Tx;

export async function insertRecord(tx: Tx, values: typeof receiveRecords.$inferInsert) {
  const [row] = await tx.insert(receiveRecords).values(values).returning({ id: receiveRecords.id });
  if (!row) throw new Error('receive record insert returned nothing');
  return row.id;
}

export async function replaceLines(tx: Tx, recordId: string, lines: (typeof receiveLines.$inferInsert)[]) {
  await tx.delete(receiveLines).where(eq(receiveLines.recordId, recordId));
  await tx.insert(receiveLines).values(lines);
}

export async function updateRecord(
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<typeof receiveRecords.$inferInsert>,
) {
  const [row] = await tx
    .update(receiveRecords)
    .set({ ...values, updatedAt: sql`now()`, version: sql`${receiveRecords.version} + 1` })
    .where(
      and(
        eq(receiveRecords.organizationId, orgId),
        eq(receiveRecords.id, id),
        version === undefined ? undefined : eq(receiveRecords.version, version),
      ),
    )
    .returning({ id: receiveRecords.id });
  return row;
}

export async function setLineLot(tx: Tx, lineId: string, lotId: string) {
  await tx.update(receiveLines).set({ lotId }).where(eq(receiveLines.id, lineId));
}

const header = {
  supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
  facility: { id: facilities.id, code: facilities.code, name: facilities.name },
};

/** The record with its supplier and facility, locked when posting or voiding so two calls queue. */
export async function getRecord(tx: Handle, orgId: string, id: string, lock = false) {
  const q = tx
    .select({ record: receiveRecords, ...header })
    .from(receiveRecords)
    .innerJoin(suppliers, eq(suppliers.id, receiveRecords.supplierId))
    .innerJoin(facilities, eq(facilities.id, receiveRecords.facilityId))
    .where(and(eq(receiveRecords.organizationId, orgId), eq(receiveRecords.id, id)));
  const [row] = lock ? await q.for('update', { of: receiveRecords }) : await q;
  return row;
}

export function linesOf(tx: Handle, recordIds: string[]) {
  return tx
    .select({
      line: receiveLines,
      material: { id: materials.id, code: materials.code, name: materials.name },
      lot: { id: lots.id, code: lots.code },
    })
    .from(receiveLines)
    .innerJoin(materials, eq(materials.id, receiveLines.materialId))
    .leftJoin(lots, eq(lots.id, receiveLines.lotId))
    .where(inArray(receiveLines.recordId, recordIds))
    .orderBy(asc(receiveLines.recordId), asc(receiveLines.lineNo));
}

export type RecordFilter = {
  limit: number;
  after?: [string, string];
  status?: 'draft' | 'posted' | 'voided';
  supplierId?: string;
  facilityId?: string;
  from?: string;
  to?: string;
  timeZone: string;
  q?: string;
};

/** The list's filter as SQL conditions; the CSV export of its lines uses the same. */
function recordConditions(orgId: string, f: Omit<RecordFilter, 'limit'>): SQL | undefined {
  const r = receiveRecords;
  const p = f.q ? containsPattern(f.q) : undefined;
  return and(
    eq(r.organizationId, orgId),
    f.status ? eq(r.status, f.status) : undefined,
    f.supplierId ? eq(r.supplierId, f.supplierId) : undefined,
    f.facilityId ? eq(r.facilityId, f.facilityId) : undefined,
    // Days are the organization's days: from its midnight to the midnight after `to`.
    f.from ? gte(r.receivedAt, sql`(${f.from}::date)::timestamp AT TIME ZONE ${f.timeZone}`) : undefined,
    f.to ? lt(r.receivedAt, sql`(${f.to}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}`) : undefined,
    p
      ? or(
          ilike(r.number, p),
          ilike(r.weighbridgeTicket, p),
          ilike(r.vehiclePlate, p),
          ilike(suppliers.name, p),
        )
      : undefined,
    f.after ? olderThan(r.receivedAt, r.id, f.after) : undefined,
  );
}

export function listRecords(db: Handle, orgId: string, f: RecordFilter) {
  const r = receiveRecords;
  return db
    .select({ record: r, ...header })
    .from(r)
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .innerJoin(facilities, eq(facilities.id, r.facilityId))
    .where(recordConditions(orgId, f))
    .orderBy(desc(r.receivedAt), desc(r.id))
    .limit(f.limit);
}

/** One row per line of the filtered records, in the list's order, for the CSV export. */
export function exportLines(db: Handle, orgId: string, f: RecordFilter) {
  const r = receiveRecords;
  return db
    .select({
      record: r,
      ...header,
      line: receiveLines,
      material: { id: materials.id, code: materials.code, name: materials.name },
      lot: { id: lots.id, code: lots.code },
    })
    .from(r)
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .innerJoin(facilities, eq(facilities.id, r.facilityId))
    .innerJoin(receiveLines, eq(receiveLines.recordId, r.id))
    .innerJoin(materials, eq(materials.id, receiveLines.materialId))
    .leftJoin(lots, eq(lots.id, receiveLines.lotId))
    .where(recordConditions(orgId, f))
    .orderBy(desc(r.receivedAt), desc(r.id), asc(receiveLines.lineNo))
    .limit(f.limit);
}
