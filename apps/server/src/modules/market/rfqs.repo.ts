import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// Requests for quotation. An RFQ belongs to the buyer's organization; each recipient row names the buyer and
// the seller, so a buyer's queries filter on the RFQ's organization and a seller's on the recipient's
// seller: a third organization matches neither and finds nothing.

type Handle = Db | Tx;
const rows = async <T extends Record<string, unknown>>(h: Handle, q: SQL) => (await h.execute<T>(q)).rows;

/** The listings an RFQ is to go to, whoever listed them: the service checks each one. */
export type TargetListing = {
  id: string;
  organization_id: string;
  organization_name: string;
  side: string;
  kind: string;
  status: string;
  title: string;
};

export function targetListings(h: Handle, ids: string[]) {
  return rows<TargetListing>(
    h,
    sql`SELECT l.id, l.organization_id, o.name AS organization_name, l.side, l.kind, l.status, l.title
        FROM market_listings l JOIN organizations o ON o.id = l.organization_id
        WHERE l.id = ANY (${sql.param(ids)}::uuid[])`,
  );
}

/** The organization's year now (in its time zone): the year of an RFQ's number. */
export async function yearOf(h: Handle, orgId: string) {
  const [row] = await rows<{ year: string; name: string }>(
    h,
    sql`SELECT to_char(pt_now() AT TIME ZONE time_zone, 'YYYY') AS year, name FROM organizations WHERE id = ${orgId}`,
  );
  return row;
}

export type NewRfq = {
  id: string;
  orgId: string;
  year: string;
  title: string;
  polymer: string;
  form: string;
  grade: string | null;
  quantityKg: string;
  targetPrice: string | null;
  neededBy: string | null;
  deliveryTerms: string | null;
  message: string | null;
  closesAt: string;
  userId: string;
};

/**
 * Inserts the RFQ under the next number of its year, RFQ-2026-0001, from the gapless counter (pt_next),
 * whose row stays locked until commit: the number is taken in the insert, the transaction's last lock but
 * for the recipients, which lock nothing another RFQ takes.
 */
export async function insertRfq(tx: Tx, r: NewRfq) {
  const [row] = await rows<{ number: string }>(
    tx,
    sql`WITH n AS (SELECT pt_next(${r.orgId}::uuid, ${`rfq-${r.year}`})::text AS v)
        INSERT INTO market_rfqs (id, organization_id, number, title, polymer, form, grade, quantity_kg,
          target_price, needed_by, delivery_terms, message, closes_at, created_by)
        SELECT ${r.id}::uuid, ${r.orgId}::uuid, ${`RFQ-${r.year}-`} || lpad(n.v, greatest(4, length(n.v)), '0'),
          ${r.title}, ${r.polymer}, ${r.form}, ${r.grade}, ${r.quantityKg}::numeric, ${r.targetPrice}::numeric,
          ${r.neededBy}::date, ${r.deliveryTerms}, ${r.message}, ${r.closesAt}::timestamptz, ${r.userId}::uuid
        FROM n RETURNING number`,
  );
  if (!row) throw new Error('rfq insert returned nothing');
  return row.number;
}

export async function insertRecipients(
  tx: Tx,
  rfqId: string,
  buyerOrgId: string,
  to: { id: string; sellerOrgId: string; listingId: string }[],
) {
  for (const r of to)
    await tx.execute(
      sql`INSERT INTO market_rfq_recipients (id, rfq_id, buyer_organization_id, seller_organization_id, listing_id)
          VALUES (${r.id}::uuid, ${rfqId}::uuid, ${buyerOrgId}::uuid, ${r.sellerOrgId}::uuid, ${r.listingId}::uuid)`,
    );
}

export type RfqRow = {
  id: string;
  organization_id: string;
  buyer_name: string;
  number: string;
  title: string;
  polymer: string | null;
  form: string | null;
  grade: string | null;
  quantity_kg: string;
  target_price: string | null;
  needed_by: string | null;
  delivery_terms: string | null;
  message: string | null;
  closes_at: string;
  /** open past closes_at reads closed */
  status: 'open' | 'closed' | 'cancelled';
  created_at: string;
};

const rfqColumns = sql`q.id, q.organization_id, bo.name AS buyer_name, q.number, q.title, q.polymer, q.form,
  q.grade, q.quantity_kg::text, q.target_price::text, q.needed_by::text, q.delivery_terms, q.message,
  pt_iso(q.closes_at) AS closes_at,
  CASE WHEN q.status = 'open' AND q.closes_at <= pt_now() THEN 'closed' ELSE q.status END AS status,
  pt_iso(q.created_at) AS created_at`;

const statusIs = (status?: string) =>
  status === 'open'
    ? sql`AND q.status = 'open' AND q.closes_at > pt_now()`
    : status === 'closed'
      ? sql`AND (q.status = 'closed' OR (q.status = 'open' AND q.closes_at <= pt_now()))`
      : status
        ? sql`AND q.status = ${status}`
        : sql``;

/** The buyer's RFQs, newest first (ids are UUIDv7: the id orders by creation and is the page key). */
export function listRfqs(h: Handle, orgId: string, f: { limit: number; before?: string; status?: string }) {
  return rows<RfqRow>(
    h,
    sql`SELECT ${rfqColumns} FROM market_rfqs q JOIN organizations bo ON bo.id = q.organization_id
        WHERE q.organization_id = ${orgId} ${f.before ? sql`AND q.id < ${f.before}::uuid` : sql``}
          ${statusIs(f.status)}
        ORDER BY q.id DESC LIMIT ${f.limit}`,
  );
}

export async function getRfq(h: Handle, orgId: string, id: string, lock = false) {
  const [row] = await rows<RfqRow>(
    h,
    sql`SELECT ${rfqColumns} FROM market_rfqs q JOIN organizations bo ON bo.id = q.organization_id
        WHERE q.organization_id = ${orgId} AND q.id = ${id} ${lock ? sql`FOR UPDATE OF q` : sql``}`,
  );
  return row;
}

export type RecipientRow = {
  id: string;
  rfq_id: string;
  seller_organization_id: string;
  seller_name: string;
  listing_id: string;
  listing_title: string;
  status: 'sent' | 'quoted' | 'declined';
  offer_id: string | null;
  responded_at: string | null;
};

const recipientColumns = sql`r.id, r.rfq_id, r.seller_organization_id, so.name AS seller_name, r.listing_id,
  l.title AS listing_title, r.status, r.offer_id, pt_iso(r.responded_at) AS responded_at`;
const recipientJoins = sql`JOIN organizations so ON so.id = r.seller_organization_id
  JOIN market_listings l ON l.id = r.listing_id`;

/** The recipients of the buyer's RFQs. */
export function recipientsOf(h: Handle, buyerOrgId: string, rfqIds: string[]) {
  if (rfqIds.length === 0) return Promise.resolve([]);
  return rows<RecipientRow>(
    h,
    sql`SELECT ${recipientColumns} FROM market_rfq_recipients r ${recipientJoins}
        WHERE r.buyer_organization_id = ${buyerOrgId} AND r.rfq_id = ANY (${sql.param(rfqIds)}::uuid[])
        ORDER BY so.name, r.id`,
  );
}

export type ReceivedRow = RfqRow & {
  recipient_id: string;
  listing_id: string;
  listing_title: string;
  my_status: 'sent' | 'quoted' | 'declined';
  offer_id: string | null;
  responded_at: string | null;
};

const receivedColumns = sql`${rfqColumns}, r.id AS recipient_id, r.listing_id, l.title AS listing_title,
  r.status AS my_status, r.offer_id, pt_iso(r.responded_at) AS responded_at`;
const receivedJoins = sql`FROM market_rfq_recipients r JOIN market_rfqs q ON q.id = r.rfq_id
  JOIN organizations bo ON bo.id = q.organization_id JOIN market_listings l ON l.id = r.listing_id`;

/** The RFQs sent to the seller's organization, newest first (the recipient's id is the page key). */
export function listReceived(
  h: Handle,
  sellerOrgId: string,
  f: { limit: number; before?: string; status?: string },
) {
  return rows<ReceivedRow>(
    h,
    sql`SELECT ${receivedColumns} ${receivedJoins}
        WHERE r.seller_organization_id = ${sellerOrgId} ${f.before ? sql`AND r.id < ${f.before}::uuid` : sql``}
          ${statusIs(f.status)}
        ORDER BY r.id DESC LIMIT ${f.limit}`,
  );
}

/** The seller's recipient row of an RFQ, locked while the seller answers it (one answer wins). */
export async function receivedRfq(h: Handle, sellerOrgId: string, rfqId: string, lock = false) {
  const [row] = await rows<ReceivedRow>(
    h,
    sql`SELECT ${receivedColumns} ${receivedJoins}
        WHERE r.seller_organization_id = ${sellerOrgId} AND r.rfq_id = ${rfqId}
        ${lock ? sql`FOR UPDATE OF r, q` : sql``}`,
  );
  return row;
}

export async function answer(
  tx: Tx,
  sellerOrgId: string,
  recipientId: string,
  v: { status: 'quoted' | 'declined'; offerId?: string },
) {
  await tx.execute(
    sql`UPDATE market_rfq_recipients SET status = ${v.status}, offer_id = ${v.offerId ?? null}::uuid,
          responded_at = pt_now()
        WHERE id = ${recipientId} AND seller_organization_id = ${sellerOrgId}`,
  );
}

export async function cancelRfq(tx: Tx, orgId: string, id: string) {
  await tx.execute(
    sql`UPDATE market_rfqs SET status = 'cancelled', updated_at = pt_now() WHERE id = ${id} AND organization_id = ${orgId}`,
  );
}
