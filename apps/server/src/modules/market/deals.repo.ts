import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  marketDeals,
  marketListingLots,
  marketListings,
  marketOffers,
  marketRatings,
  marketReservations,
  orderRecords,
  organizations,
} from '../../db/schema/index.ts';
import { isoMicro, olderThan } from '../../lib/sql.ts';

// Deals belong to both parties: every read names the caller's organization as the seller or the buyer.

type Handle = Db | Tx;
const d = marketDeals;
const seller = alias(organizations, 'seller');
const buyer = alias(organizations, 'buyer');
const sellerOrder = alias(orderRecords, 'seller_order');
const buyerOrder = alias(orderRecords, 'buyer_order');
const bySeller = alias(marketRatings, 'by_seller');
const byBuyer = alias(marketRatings, 'by_buyer');

export type DealRow = typeof marketDeals.$inferSelect;

const columns = {
  deal: d,
  listingTitle: marketListings.title,
  kind: marketListings.kind,
  threadId: marketOffers.threadId,
  sellerName: seller.name,
  buyerName: buyer.name,
  sellerOrder: {
    id: sellerOrder.id,
    number: sellerOrder.number,
    kind: sellerOrder.kind,
    status: sellerOrder.status,
  },
  buyerOrder: {
    id: buyerOrder.id,
    number: buyerOrder.number,
    kind: buyerOrder.kind,
    status: buyerOrder.status,
  },
  bySeller: { stars: bySeller.stars, comment: bySeller.comment, createdAt: bySeller.createdAt },
  byBuyer: { stars: byBuyer.stars, comment: byBuyer.comment, createdAt: byBuyer.createdAt },
  at: isoMicro(d.createdAt),
};
type Order = { id: string; number: string; kind: string; status: string } | null;
type Rating = { stars: number; comment: string | null; createdAt: Date } | null;
export type DealViewRow = {
  deal: DealRow;
  listingTitle: string;
  kind: string;
  threadId: string;
  sellerName: string;
  buyerName: string;
  sellerOrder: Order;
  buyerOrder: Order;
  bySeller: Rating;
  byBuyer: Rating;
  at: string;
};

const party = (orgId: string) => or(eq(d.sellerOrganizationId, orgId), eq(d.buyerOrganizationId, orgId));

const deals = (h: Handle) =>
  h
    .select(columns)
    .from(d)
    .innerJoin(marketListings, eq(marketListings.id, d.listingId))
    .innerJoin(marketOffers, eq(marketOffers.id, d.offerId))
    .innerJoin(seller, eq(seller.id, d.sellerOrganizationId))
    .innerJoin(buyer, eq(buyer.id, d.buyerOrganizationId))
    .leftJoin(sellerOrder, eq(sellerOrder.id, d.sellerOrderId))
    .leftJoin(buyerOrder, eq(buyerOrder.id, d.buyerOrderId))
    .leftJoin(
      bySeller,
      and(eq(bySeller.dealId, d.id), eq(bySeller.fromOrganizationId, d.sellerOrganizationId)),
    )
    .leftJoin(byBuyer, and(eq(byBuyer.dealId, d.id), eq(byBuyer.fromOrganizationId, d.buyerOrganizationId)));

export async function getDeal(h: Handle, orgId: string, id: string): Promise<DealViewRow | undefined> {
  const [row] = await deals(h).where(and(eq(d.id, id), party(orgId)));
  return row as DealViewRow | undefined;
}

export type DealFilter = {
  role: 'seller' | 'buyer' | 'all';
  status?: string;
  listingId?: string;
  limit: number;
  after?: [string, string];
};

export async function listDeals(h: Handle, orgId: string, f: DealFilter): Promise<DealViewRow[]> {
  const role =
    f.role === 'seller'
      ? eq(d.sellerOrganizationId, orgId)
      : f.role === 'buyer'
        ? eq(d.buyerOrganizationId, orgId)
        : party(orgId);
  const rows = await deals(h)
    .where(
      and(
        role,
        f.status ? eq(d.status, f.status) : undefined,
        f.listingId ? eq(d.listingId, f.listingId) : undefined,
        f.after ? olderThan(d.createdAt, d.id, f.after) : undefined,
      ),
    )
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(f.limit);
  return rows as DealViewRow[];
}

/** The deal, locked: confirming payment, completing, cancelling and rating it take turns. */
export async function lockDeal(tx: Tx, orgId: string, id: string): Promise<DealRow | undefined> {
  const [row] = await tx
    .select()
    .from(d)
    .where(and(eq(d.id, id), party(orgId)))
    .for('update');
  return row;
}

export async function insertDeal(tx: Tx, values: typeof marketDeals.$inferInsert) {
  await tx.insert(d).values(values);
}

export async function updateDeal(tx: Tx, id: string, values: PgUpdateSetSource<typeof marketDeals>) {
  await tx
    .update(d)
    .set({ ...values, version: sql`${d.version} + 1`, updatedAt: dbNow })
    .where(eq(d.id, id));
}

export async function insertRating(tx: Tx, values: typeof marketRatings.$inferInsert) {
  const rows = await tx
    .insert(marketRatings)
    .values(values)
    .onConflictDoNothing({ target: [marketRatings.dealId, marketRatings.fromOrganizationId] })
    .returning({ id: marketRatings.id });
  return rows.length > 0;
}

// ---- reservations ----

type Reservation = typeof marketReservations.$inferInsert;

export async function insertReservations(tx: Tx, rows: Reservation[]) {
  if (rows.length > 0) await tx.insert(marketReservations).values(rows);
}

/**
 * The kg the listing still holds on each of its lots (not yet moved to an order), oldest lot first: a
 * deal's kilograms come from the oldest stock.
 */
export async function listingLotsHeld(tx: Tx, listingId: string) {
  const rows = await tx.execute<{ lot_id: string; held: string }>(
    sql`SELECT ll.lot_id, coalesce(sum(r.qty), 0)::text AS held
        FROM ${marketListingLots} ll
        JOIN lots lo ON lo.id = ll.lot_id
        LEFT JOIN ${marketReservations} r ON r.listing_id = ll.listing_id AND r.lot_id = ll.lot_id
          AND r.order_id IS NULL
        WHERE ll.listing_id = ${listingId}::uuid
        GROUP BY ll.lot_id, lo.created_at, lo.code
        HAVING coalesce(sum(r.qty), 0) > 0
        ORDER BY lo.created_at, lo.code`,
  );
  return rows.rows;
}

/** The kg still held for an order on each lot (a dispatch against it took the rest). */
export async function orderLotsHeld(tx: Tx, orderId: string) {
  const rows = await tx.execute<{ lot_id: string; held: string }>(
    sql`SELECT lot_id, sum(qty)::text AS held FROM ${marketReservations}
        WHERE order_id = ${orderId}::uuid AND lot_id IS NOT NULL
        GROUP BY lot_id HAVING sum(qty) > 0 ORDER BY lot_id`,
  );
  return rows.rows;
}

/** The blocks the listing reserved credits on, oldest first, with the credits it still holds on each. */
export async function listingBlocks(tx: Tx, listingId: string) {
  const rows = await tx.execute<{ block_id: string; held: number }>(
    sql`SELECT credit_block_id AS block_id, greatest(sum(qty), 0)::int AS held FROM ${marketReservations}
        WHERE listing_id = ${listingId}::uuid AND credit_block_id IS NOT NULL
        GROUP BY credit_block_id ORDER BY min(created_at)`,
  );
  return rows.rows;
}

/** Whether the sales order has a posted dispatch against it. */
export async function hasPostedDispatch(h: Handle, orderId: string): Promise<boolean> {
  const rows = await h.execute<{ posted: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM dispatch_records WHERE order_id = ${orderId}::uuid AND status = 'posted') AS posted`,
  );
  return rows.rows[0]?.posted === true;
}

/** The vintage and fate of the batch of a block the organization holds. */
export async function batchOfBlock(h: Handle, orgId: string, blockId: string) {
  const rows = await h.execute<{ vintage: number; fate: string }>(
    sql`SELECT b.vintage, b.fate FROM credit_blocks k JOIN credit_batches b ON b.id = k.batch_id
        WHERE k.id = ${blockId}::uuid AND k.organization_id = ${orgId}::uuid`,
  );
  return rows.rows[0];
}

/**
 * Releases what is still held for an order on each lot (a completed deal, or its sales order closed short):
 * nothing dispatched against it any more will take those kilograms. Rows go in lot order, as every
 * reservation does, so the balance rows lock in one order.
 */
export async function releaseOrderHolds(tx: Tx, orderId: string, userId: string, reason: string) {
  await tx.execute(
    sql`INSERT INTO ${marketReservations}
          (id, organization_id, lot_id, listing_id, deal_id, order_id, qty, reason, created_by)
        SELECT pt_uuid7(), organization_id, lot_id, listing_id, deal_id, order_id, -sum(qty), ${reason},
          ${userId}::uuid
        FROM ${marketReservations}
        WHERE order_id = ${orderId}::uuid AND lot_id IS NOT NULL
        GROUP BY organization_id, lot_id, listing_id, deal_id, order_id
        HAVING sum(qty) > 0
        ORDER BY lot_id`,
  );
}

/** The open deal an order was placed for, with its listing's title. */
export async function openDealOfOrder(h: Handle, orderId: string) {
  const [row] = await h
    .select({ id: d.id, title: marketListings.title })
    .from(d)
    .innerJoin(marketListings, eq(marketListings.id, d.listingId))
    .where(and(eq(d.status, 'open'), or(eq(d.sellerOrderId, orderId), eq(d.buyerOrderId, orderId))));
  return row;
}

/** Whether the listing was backed by lots (a material sell listing), whatever they still hold. */
export async function listingHasLots(tx: Tx, listingId: string): Promise<boolean> {
  const [row] = await tx
    .select({ lotId: marketListingLots.lotId })
    .from(marketListingLots)
    .where(eq(marketListingLots.listingId, listingId))
    .limit(1);
  return !!row;
}
