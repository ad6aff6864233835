import type { DispatchRecord, PublicDispatch } from '@plastrace/shared';
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers, dispatchRecords, files } from '../../db/schema/index.ts';
import { containsPattern, isoMicro, olderThan } from '../../lib/sql.ts';
import { callPosting } from '../posting/posting.ts';

type Handle = Db | Tx;

const POSTING = [
  'dispatch_create',
  'dispatch_edit',
  'dispatch_post',
  'dispatch_void',
  'dispatch_resolve',
] as const;

/** Calls one of the dispatch functions (migration 0017): the whole write in one round trip. */
export const callDispatch = <T>(db: Db, fn: (typeof POSTING)[number], payload: object) =>
  callPosting<T>(db, fn, payload);

/** The record as the API shows it (dispatch_record_json: one definition for reads and writes). */
const view = (orgId: string) =>
  sql<DispatchRecord>`dispatch_record_json(${orgId}::uuid, ${dispatchRecords.id})`;

export async function getRecord(db: Handle, orgId: string, id: string): Promise<DispatchRecord | undefined> {
  const [row] = await db
    .select({ view: view(orgId) })
    .from(dispatchRecords)
    .where(and(eq(dispatchRecords.organizationId, orgId), eq(dispatchRecords.id, id)));
  return row?.view;
}

export type RecordFilter = {
  limit: number;
  after?: [string, string];
  status?: 'draft' | 'posted' | 'voided';
  delivery?: 'awaiting' | 'delivered' | 'discrepancy';
  customerId?: string;
  orderId?: string;
  facilityId?: string;
  from?: string;
  to?: string;
  timeZone: string;
  q?: string;
};

function deliveryIs(d: RecordFilter['delivery']): SQL | undefined {
  const r = dispatchRecords;
  if (d === 'awaiting') return and(eq(r.status, 'posted'), isNull(r.deliveredAt));
  if (d === 'delivered') return isNotNull(r.deliveredAt);
  if (d === 'discrepancy') return eq(r.discrepancyStatus, 'open');
  return undefined;
}

function conditions(orgId: string, f: RecordFilter): SQL | undefined {
  const r = dispatchRecords;
  const p = f.q ? containsPattern(f.q) : undefined;
  return and(
    eq(r.organizationId, orgId),
    f.status ? eq(r.status, f.status) : undefined,
    deliveryIs(f.delivery),
    f.customerId ? eq(r.customerId, f.customerId) : undefined,
    f.orderId ? eq(r.orderId, f.orderId) : undefined,
    f.facilityId ? eq(r.facilityId, f.facilityId) : undefined,
    // Days are the organization's days: from its midnight to the midnight after `to`.
    f.from ? gte(r.dispatchedAt, sql`(${f.from}::date)::timestamp AT TIME ZONE ${f.timeZone}`) : undefined,
    f.to ? lt(r.dispatchedAt, sql`(${f.to}::date + 1)::timestamp AT TIME ZONE ${f.timeZone}`) : undefined,
    p
      ? or(
          ilike(r.number, p),
          ilike(r.deliveryReceiptNo, p),
          ilike(r.weighbridgeTicket, p),
          ilike(r.notes, p),
          ilike(customers.name, p),
          // A lot code finds the dispatches it left on; a plate, the truck's.
          sql`EXISTS (SELECT 1 FROM dispatch_lines dl JOIN lots l ON l.id = dl.lot_id
                      WHERE dl.record_id = ${r.id} AND l.code ILIKE ${p})`,
          sql`EXISTS (SELECT 1 FROM vehicles v WHERE v.id = ${r.vehicleId} AND v.code ILIKE ${p})`,
        )
      : undefined,
    f.after ? olderThan(r.dispatchedAt, r.id, f.after) : undefined,
  );
}

/** A page of dispatches, latest first, each as the API shows it, with its keyset key. */
export function listRecords(db: Handle, orgId: string, f: RecordFilter) {
  const r = dispatchRecords;
  return db
    .select({ view: view(orgId), dispatchedAt: isoMicro(r.dispatchedAt), id: r.id })
    .from(r)
    .innerJoin(customers, eq(customers.id, r.customerId))
    .where(conditions(orgId, f))
    .orderBy(desc(r.dispatchedAt), desc(r.id))
    .limit(f.limit);
}

/** Locks a dispatch's row (its photos change under it). */
export async function lockRecord(tx: Tx, orgId: string, id: string) {
  await tx
    .select({ id: dispatchRecords.id })
    .from(dispatchRecords)
    .where(and(eq(dispatchRecords.organizationId, orgId), eq(dispatchRecords.id, id)))
    .for('update');
}

/** Records a proof of delivery with its files, in the transaction that stored them (dispatch_deliver). */
export async function deliver<T>(tx: Tx, payload: object): Promise<T> {
  const rows = await tx.execute<{ out: T }>(
    sql`SELECT dispatch_deliver(${JSON.stringify(payload)}::jsonb) AS out`,
  );
  const row = rows.rows[0];
  if (!row) throw new Error('dispatch_deliver returned nothing');
  return row.out;
}

/** The bytes of a dispatch's signature or proof photo — only a file the record names as such. */
export async function proofContent(db: Handle, orgId: string, id: string, fileId: string) {
  const r = dispatchRecords;
  const [row] = await db
    .select({ bytes: files.bytes, mime: files.mime, sha256: files.sha256 })
    .from(r)
    .innerJoin(files, and(eq(files.organizationId, r.organizationId), eq(files.id, fileId)))
    .where(
      and(
        eq(r.organizationId, orgId),
        eq(r.id, id),
        or(eq(r.signatureFileId, fileId), eq(r.podPhotoFileId, fileId)),
      ),
    );
  return row;
}

/** Who the delivery receipt is from and to: the organization, the facility it left and the customer. */
export async function receiptParties(db: Handle, orgId: string, id: string) {
  const rows = await db.execute<{
    organization: string;
    epr_license: string | null;
    time_zone: string;
    facility_address: string | null;
    customer_address: string | null;
    customer_tin: string | null;
  }>(sql`
    SELECT o.name AS organization, o.epr_license, o.time_zone,
           concat_ws(', ', nullif(f.address_line, ''), f.city, nullif(f.province, '')) AS facility_address,
           nullif(concat_ws(', ', nullif(c.address_line, ''), nullif(c.city, ''), nullif(c.province, '')), '') AS customer_address,
           c.tin AS customer_tin
    FROM dispatch_records r
    JOIN organizations o ON o.id = r.organization_id
    JOIN facilities f ON f.id = r.facility_id
    JOIN customers c ON c.id = r.customer_id
    WHERE r.organization_id = ${orgId} AND r.id = ${id}`);
  return rows.rows[0];
}

/**
 * A posted or voided dispatch's public facts, found by id alone (the QR code of its delivery receipt):
 * the issuer, the receipt's number and dates, the lots and their kg — no prices, customer or people.
 */
export async function publicDispatch(db: Handle, id: string) {
  const rows = await db.execute<PublicDispatch>(sql`
    SELECT r.id, jsonb_build_object('name', o.name, 'time_zone', o.time_zone) AS organization,
           r.number, r.delivery_receipt_no, r.status, pt_iso(r.dispatched_at) AS dispatched_at,
           pt_iso(r.delivered_at) AS delivered_at, r.total_kg::text AS total_kg, r.received_kg::text AS received_kg,
           f.city AS facility_city,
           (SELECT jsonb_agg(jsonb_build_object('lot_id', lo.id, 'code', lo.code, 'material', m.name, 'kg', l.kg::text)
                             ORDER BY l.line_no)
            FROM dispatch_lines l JOIN lots lo ON lo.id = l.lot_id JOIN materials m ON m.id = lo.material_id
            WHERE l.record_id = r.id) AS lots
    FROM dispatch_records r
    JOIN organizations o ON o.id = r.organization_id
    JOIN facilities f ON f.id = r.facility_id
    WHERE r.id = ${id} AND r.status <> 'draft'`);
  return rows.rows[0];
}
