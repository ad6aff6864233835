import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { marketDeals, marketListings, marketOffers, organizations } from '../../db/schema/index.ts';
import { isoMicro, olderThan } from '../../lib/sql.ts';
import { isOnMarket } from './listings.search.ts';

// Offers belong to both parties: every read names the caller's organization as the seller or the buyer,
// so another organization's offer is simply not found.

type Handle = Db | Tx;
const o = marketOffers;
const l = marketListings;
const seller = alias(organizations, 'seller');
const buyer = alias(organizations, 'buyer');
const owner = alias(organizations, 'owner');

export type ListingRow = typeof marketListings.$inferSelect;
export type OfferRow = typeof marketOffers.$inferSelect;

const party = (orgId: string) => or(eq(o.sellerOrganizationId, orgId), eq(o.buyerOrganizationId, orgId));

/** Σ quantity of the listing's deals not cancelled, as text. */
export const dealtOf = (listingId: SQL | typeof l.id) =>
  sql<string>`(SELECT coalesce(sum(d.quantity), 0::numeric(14,3)) FROM ${marketDeals} d
    WHERE d.listing_id = ${listingId} AND d.status <> 'cancelled')`;

const offerColumns = {
  offer: o,
  listingTitle: l.title,
  unit: l.unit,
  sellerName: seller.name,
  buyerName: buyer.name,
  dealId: marketDeals.id,
  /** An open offer past its expiry is expired, whether or not anything marked it. */
  status: sql<string>`CASE WHEN ${o.status} = 'open' AND ${o.expiresAt} <= pt_now() THEN 'expired' ELSE ${o.status} END`,
  at: isoMicro(o.createdAt),
};
export type OfferViewRow = {
  offer: OfferRow;
  listingTitle: string;
  unit: string;
  sellerName: string;
  buyerName: string;
  dealId: string | null;
  status: string;
  at: string;
};

const offers = (h: Handle) =>
  h
    .select(offerColumns)
    .from(o)
    .innerJoin(l, eq(l.id, o.listingId))
    .innerJoin(seller, eq(seller.id, o.sellerOrganizationId))
    .innerJoin(buyer, eq(buyer.id, o.buyerOrganizationId))
    .leftJoin(marketDeals, eq(marketDeals.offerId, o.id));

export async function getOffer(h: Handle, orgId: string, id: string): Promise<OfferViewRow | undefined> {
  const [row] = await offers(h).where(and(eq(o.id, id), party(orgId)));
  return row;
}

export function threadOffers(h: Handle, orgId: string, threadId: string): Promise<OfferViewRow[]> {
  return offers(h)
    .where(and(eq(o.threadId, threadId), party(orgId)))
    .orderBy(asc(o.createdAt), asc(o.id));
}

export type OfferFilter = {
  role: 'sent' | 'received' | 'all';
  status?: string;
  listingId?: string;
  limit: number;
  after?: [string, string];
};

const open = sql`(${o.status} = 'open' AND ${o.expiresAt} > pt_now())`;
const expired = sql`(${o.status} = 'expired' OR (${o.status} = 'open' AND ${o.expiresAt} <= pt_now()))`;

export function listOffers(h: Handle, orgId: string, f: OfferFilter): Promise<OfferViewRow[]> {
  const role =
    f.role === 'sent'
      ? eq(o.fromOrganizationId, orgId)
      : f.role === 'received'
        ? and(party(orgId), sql`${o.fromOrganizationId} <> ${orgId}::uuid`)
        : party(orgId);
  const status =
    f.status === 'open'
      ? open
      : f.status === 'expired'
        ? expired
        : f.status
          ? eq(o.status, f.status)
          : undefined;
  return offers(h)
    .where(
      and(
        role,
        status,
        f.listingId ? eq(o.listingId, f.listingId) : undefined,
        f.after ? olderThan(o.createdAt, o.id, f.after) : undefined,
      ),
    )
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(f.limit);
}

/** The offer, locked: accepting, countering, declining and withdrawing it take turns. */
export async function lockOffer(tx: Tx, orgId: string, id: string): Promise<OfferRow | undefined> {
  const [row] = await tx
    .select()
    .from(o)
    .where(and(eq(o.id, id), party(orgId)))
    .for('update');
  return row;
}

/** Which listing an offer is on, unlocked: the listing is locked before the offer. */
export async function listingIdOfOffer(h: Handle, orgId: string, id: string): Promise<string | undefined> {
  const [row] = await h
    .select({ listingId: o.listingId })
    .from(o)
    .where(and(eq(o.id, id), party(orgId)));
  return row?.listingId;
}

export type ListingWithRemaining = ListingRow & { remaining: string; ownerName: string };

const listingColumns = {
  listing: l,
  remaining: sql<string>`(${l.quantity} - ${dealtOf(l.id)})::text`,
  ownerName: owner.name,
};

/**
 * A listing and what is left of it. With `lock`, the row is locked first (FOR NO KEY UPDATE: offers and
 * reservations that merely reference it are not held up; accepts and counters on it take turns), then
 * read by a statement of its own, whose snapshot sees the deals of whoever held the lock before.
 */
export async function getListing(
  h: Handle,
  id: string,
  lock = false,
): Promise<ListingWithRemaining | undefined> {
  if (lock) await h.select({ id: l.id }).from(l).where(eq(l.id, id)).for('no key update');
  const [row] = await h
    .select(listingColumns)
    .from(l)
    .innerJoin(owner, eq(owner.id, l.organizationId))
    .where(eq(l.id, id));
  return row && { ...row.listing, remaining: row.remaining, ownerName: row.ownerName };
}

export async function insertOffer(tx: Tx, values: typeof marketOffers.$inferInsert) {
  await tx.insert(o).values(values);
}

export async function respond(
  tx: Tx,
  id: string,
  status: 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired',
  userId: string | null,
) {
  await tx.update(o).set({ status, respondedBy: userId, respondedAt: dbNow }).where(eq(o.id, id));
}

const expiredColumns = {
  id: o.id,
  listingId: o.listingId,
  threadId: o.threadId,
  sellerOrganizationId: o.sellerOrganizationId,
  buyerOrganizationId: o.buyerOrganizationId,
  quantity: o.quantity,
  price: o.price,
  expiresAt: o.expiresAt,
};
export type ExpiredOffer = { [K in keyof typeof expiredColumns]: OfferRow[K] };

/** Expires the listing's other open offers (it sold out or closed); answers who made them. */
export async function expireOpenOffers(tx: Tx, listingId: string): Promise<ExpiredOffer[]> {
  return tx
    .update(o)
    .set({ status: 'expired', respondedAt: dbNow })
    .where(and(eq(o.listingId, listingId), eq(o.status, 'open')))
    .returning(expiredColumns);
}

/**
 * Marks the organization's open offers past their expiry expired (of one offer, thread or listing when
 * given) and answers those this call moved: only the move from open tells anyone. Rows another
 * transaction holds are skipped, so two readers never wait on each other; a later read takes them.
 */
export async function expireDueOffers(
  tx: Tx,
  orgId: string,
  f: { id?: string; threadId?: string; listingId?: string },
): Promise<ExpiredOffer[]> {
  const due = tx
    .select({ id: o.id })
    .from(o)
    .where(
      and(
        party(orgId),
        eq(o.status, 'open'),
        sql`${o.expiresAt} <= pt_now()`,
        f.id ? eq(o.id, f.id) : undefined,
        f.threadId ? eq(o.threadId, f.threadId) : undefined,
        f.listingId ? eq(o.listingId, f.listingId) : undefined,
      ),
    )
    .orderBy(o.id)
    .for('update', { skipLocked: true });
  return tx
    .update(o)
    .set({ status: 'expired', respondedAt: dbNow })
    .where(and(inArray(o.id, due), eq(o.status, 'open')))
    .returning(expiredColumns);
}

/** The organization's member who last made an offer in the thread, if one did. */
export async function threadMember(tx: Tx, orgId: string, threadId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: o.createdBy })
    .from(o)
    .where(and(eq(o.threadId, threadId), eq(o.fromOrganizationId, orgId)))
    .orderBy(desc(o.createdAt))
    .limit(1);
  return row?.userId;
}

export async function setListingStatus(
  tx: Tx,
  id: string,
  status: 'active' | 'closed',
  closedReason: string | null,
) {
  await tx
    .update(l)
    .set({ status, closedReason, version: sql`${l.version} + 1`, updatedAt: dbNow })
    .where(eq(l.id, id));
}

export async function organizationNames(h: Handle, ids: string[]) {
  const rows = await h
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the listing is on the market by search's rule (active, and not past its available-until day). */
export async function onMarket(h: Handle, id: string): Promise<boolean> {
  const rows = await h.execute<{ on_market: boolean }>(
    sql`SELECT ${isOnMarket} AS on_market FROM ${l} l WHERE l.id = ${id}::uuid`,
  );
  return rows.rows[0]?.on_market === true;
}
