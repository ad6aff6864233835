import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  facilities,
  lots,
  materials,
  orderRecords,
  receiveLines,
  receiveRecords,
  suppliers,
} from '../../db/schema/index.ts';
import { anyUuid, arrayStatement, columnsAt, param, shaped } from '../../lib/prepared.ts';
import { containsPattern, olderThan } from '../../lib/sql.ts';
import {
  type BatchResult,
  callPosting as callShared,
  groupedWrites,
  type Outcome,
  type Refusal,
  type WriteCall,
} from '../posting/posting.ts';

type Handle = Db | Tx;

const header = {
  supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
  facility: { id: facilities.id, code: facilities.code, name: facilities.name },
  order: { id: orderRecords.id, number: orderRecords.number },
};

/** The record with its supplier and facility, locked when posting or voiding so two calls queue. */
export async function getRecord(tx: Handle, orgId: string, id: string, lock = false) {
  const q = tx
    .select({ record: receiveRecords, ...header })
    .from(receiveRecords)
    .innerJoin(suppliers, eq(suppliers.id, receiveRecords.supplierId))
    .innerJoin(facilities, eq(facilities.id, receiveRecords.facilityId))
    .leftJoin(orderRecords, eq(orderRecords.id, receiveRecords.orderId))
    .where(and(eq(receiveRecords.organizationId, orgId), eq(receiveRecords.id, id)));
  const [row] = lock ? await q.for('update', { of: receiveRecords }) : await q;
  return row;
}

/** What a line says about its scale (scale_line_json, migration 0034); null when typed by hand. */
export type LineScale = {
  device: { id: string; code: string; name: string };
  reading: { id: number; recorded_at: string | null; value: string | null } | null;
  scale_calibration_overdue: boolean;
};

function linesQuery(h: Handle, recordIds: readonly string[] | Placeholder) {
  const l = receiveLines;
  return h
    .select({
      line: receiveLines,
      material: { id: materials.id, code: materials.code, name: materials.name },
      lot: { id: lots.id, code: lots.code },
      // The same function the posting answer uses; lines typed by hand skip it.
      scale: sql<LineScale | null>`CASE WHEN ${l.deviceId} IS NULL THEN NULL ELSE scale_line_json(${l.organizationId}, ${l.deviceId}, ${l.readingId}, (SELECT rr.received_at FROM receive_records rr WHERE rr.id = ${l.recordId})) END`,
    })
    .from(receiveLines)
    .innerJoin(materials, eq(materials.id, receiveLines.materialId))
    .leftJoin(lots, eq(lots.id, receiveLines.lotId))
    .where(anyUuid(receiveLines.recordId, recordIds))
    .orderBy(asc(receiveLines.recordId), asc(receiveLines.lineNo));
}

/** The lines of some records with their material and lot (the bench takes its SQL from here). */
export const linesOf = (h: Handle, recordIds: readonly string[]) => linesQuery(h, recordIds);

const linesStatement = shaped('receive_lines_of', (db, _: Record<string, never>, name) =>
  arrayStatement(linesQuery(db, param('ids')), name),
);

// A line's columns, then its material (id, code, name), lot (id, code) and scale, as linesQuery selects them.
const L = columnsAt(receiveLines);
const LN = Object.keys(L).length;
type Line = typeof receiveLines.$inferSelect;

/** The same, prepared, decoded into what a list page reads of each line. */
export async function linesOfPage(db: Db, recordIds: readonly string[]) {
  return (await linesStatement(db, {})(db, { ids: recordIds })).map((a) => ({
    line: {
      id: a[L.id] as string,
      recordId: a[L.recordId] as string,
      lineNo: a[L.lineNo] as number,
      grossKg: a[L.grossKg] as string,
      tareKg: a[L.tareKg] as string,
      netKg: a[L.netKg] as string,
      deductionPct: a[L.deductionPct] as string,
      payableKg: a[L.payableKg] as string,
      unitPrice: a[L.unitPrice] as string,
      amount: a[L.amount] as string,
    } satisfies Partial<Line>,
    material: { id: a[LN] as string, code: a[LN + 1] as string, name: a[LN + 2] as string },
    lot: a[LN + 3] === null ? null : { id: a[LN + 3] as string, code: a[LN + 4] as string },
    scale: a[LN + 5] as LineScale | null,
  }));
}

export type RecordFilter = {
  limit: number;
  after?: [string, string];
  status?: 'draft' | 'posted' | 'voided';
  supplierId?: string;
  facilityId?: string;
  orderId?: string;
  from?: string;
  to?: string;
  timeZone: string;
  q?: string;
};

type Bound<T> = { [K in keyof T]: T[K] | Placeholder };
type Conditions = Bound<Omit<RecordFilter, 'limit' | 'after' | 'q'>> & {
  /** containsPattern(q) */
  pattern?: string | Placeholder | undefined;
  after?: [string | Placeholder, string | Placeholder] | undefined;
};

/** The list's filter as SQL conditions, on values or on a prepared query's placeholders; the CSV export uses it too. */
function recordConditions(orgId: string | Placeholder, f: Conditions): SQL | undefined {
  const r = receiveRecords;
  const p = f.pattern;
  return and(
    eq(r.organizationId, orgId),
    f.status ? eq(r.status, f.status) : undefined,
    f.supplierId ? eq(r.supplierId, f.supplierId) : undefined,
    f.facilityId ? eq(r.facilityId, f.facilityId) : undefined,
    f.orderId ? eq(r.orderId, f.orderId) : undefined,
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

const valuesOf = ({ q, limit: _, ...f }: Omit<RecordFilter, 'limit'> & { limit?: number }): Conditions => ({
  ...f,
  ...(q ? { pattern: containsPattern(q) } : {}),
});

/** The list's query for a filter (the bench explains it); `listRecords` runs it prepared. */
export function listRecordsQuery(
  db: Handle,
  orgId: string | Placeholder,
  f: Conditions,
  limit: number | Placeholder,
) {
  const r = receiveRecords;
  return db
    .select({ record: r, ...header })
    .from(r)
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .innerJoin(facilities, eq(facilities.id, r.facilityId))
    .leftJoin(orderRecords, eq(orderRecords.id, r.orderId))
    .where(recordConditions(orgId, f))
    .orderBy(desc(r.receivedAt), desc(r.id))
    .limit(limit);
}

const FILTERS = ['status', 'supplierId', 'facilityId', 'orderId', 'from', 'to', 'pattern', 'after'] as const;
type Shape = Record<(typeof FILTERS)[number], boolean>;

const listShapes = shaped('receive_records_list', (db, shape: Shape, name) => {
  const bound = (k: (typeof FILTERS)[number]) => (shape[k] ? param(k) : undefined);
  const conditions: Conditions = {
    timeZone: param('timeZone'),
    status: bound('status'),
    supplierId: bound('supplierId'),
    facilityId: bound('facilityId'),
    orderId: bound('orderId'),
    from: bound('from'),
    to: bound('to'),
    pattern: bound('pattern'),
    after: shape.after ? [param('afterAt'), param('afterId')] : undefined,
  };
  return arrayStatement(listRecordsQuery(db, param('orgId'), conditions, param('limit')), name);
});

// A record's columns, then its supplier and facility (id, code, name) and order (id, number), as `header` has them.
const R = columnsAt(receiveRecords);
const RN = Object.keys(R).length;
type Rec = typeof receiveRecords.$inferSelect;

/** A list row: what the record's view reads of it, with its supplier, facility and order. */
const listed = (a: unknown[]) => ({
  record: {
    id: a[R.id] as string,
    number: a[R.number] as string,
    status: a[R.status] as Rec['status'],
    receivedAt: a[R.receivedAt] as Date,
    weighbridgeTicket: a[R.weighbridgeTicket] as string | null,
    scaleDeviceId: a[R.scaleDeviceId] as string | null,
    vehiclePlate: a[R.vehiclePlate] as string | null,
    notes: a[R.notes] as string | null,
    postedAt: a[R.postedAt] as Date | null,
    voidedAt: a[R.voidedAt] as Date | null,
    voidReason: a[R.voidReason] as string | null,
    createdAt: a[R.createdAt] as Date,
    version: a[R.version] as number,
  } satisfies Partial<Rec>,
  supplier: { id: a[RN] as string, code: a[RN + 1] as string, name: a[RN + 2] as string },
  facility: { id: a[RN + 3] as string, code: a[RN + 4] as string, name: a[RN + 5] as string },
  order: a[RN + 6] === null ? null : { id: a[RN + 6] as string, number: a[RN + 7] as string },
});

/** A page of the filtered records, newest first, with supplier and facility (prepared per filter shape). */
export async function listRecords(db: Db, orgId: string, f: RecordFilter) {
  const v = valuesOf(f);
  // Set means truthy, as recordConditions reads its values: an empty filter filters nothing.
  const shape = Object.fromEntries(FILTERS.map((k) => [k, Boolean(v[k])])) as Shape;
  const rows = await listShapes(db, shape)(db, {
    ...v,
    orgId,
    limit: f.limit,
    afterAt: f.after?.[0],
    afterId: f.after?.[1],
  });
  return rows.map(listed);
}

/**
 * One row per line of a page of the filtered records (the first `limit` records after `after`, in the
 * list's order), for the streamed CSV export: pages hold whole records, never half of one.
 */
export function exportLines(db: Handle, orgId: string, f: RecordFilter) {
  const r = receiveRecords;
  const page = db
    .select({ id: r.id })
    .from(r)
    .innerJoin(suppliers, eq(suppliers.id, r.supplierId))
    .where(recordConditions(orgId, valuesOf(f)))
    .orderBy(desc(r.receivedAt), desc(r.id))
    .limit(f.limit);
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
    .leftJoin(orderRecords, eq(orderRecords.id, r.orderId))
    .innerJoin(receiveLines, eq(receiveLines.recordId, r.id))
    .innerJoin(materials, eq(materials.id, receiveLines.materialId))
    .leftJoin(lots, eq(lots.id, receiveLines.lotId))
    .where(and(eq(r.organizationId, orgId), inArray(r.id, page)))
    .orderBy(desc(r.receivedAt), desc(r.id), asc(receiveLines.lineNo));
}

// ---- posting (migration 0010): one call, one round trip ----

export type { BatchResult, Outcome, Refusal };

const POSTING = [
  'receive_create',
  'receive_edit',
  'receive_post',
  'receive_void',
  'receive_batch',
  'receive_group',
] as const;

/** Calls one of the receive-record functions (migrations 0010 and 0012), one round trip. */
export const callPosting = <T>(db: Db, fn: (typeof POSTING)[number], payload: object) =>
  callShared<T>(db, fn, payload);

/** A create (receive_create): a draft, or with `post` saved and posted. */
export type CreateCall = WriteCall & { post: boolean; record: unknown };
/** The posting of a draft (receive_post). */
export type PostCall = WriteCall & { id: string };

/**
 * A create or a post of a receive record: alone when it is the organization's only write in flight,
 * else together with the others that arrived meanwhile, as one receive_group call (posting.ts
 * groupedWrites). The answer is the record's, or its refusal as `{ status, error }`.
 */
const submitWrite = groupedWrites({ create: 'receive_create', post: 'receive_post', group: 'receive_group' });

export const createRecord = <T>(db: Db, call: CreateCall) => submitWrite<T>(db, call);
export const postRecord = <T>(db: Db, call: PostCall) => submitWrite<T>(db, call);
