import { type DealListQuery, type MarketDeal, type RatingCreate, toUnits } from '@plastrace/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { orderRecords } from '../../db/schema/index.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { transferIn } from '../credits/credits.moves.ts';
import { organizationById } from '../credits/credits.repo.ts';
import { cancelIn } from '../orders/orders.service.ts';
import { idempotent } from '../security/idempotency.ts';
import * as repo from './deals.repo.ts';
import { toDeal } from './deals.views.ts';
import { marketStep } from './notify.ts';
import * as offers from './offers.repo.ts';
import { terms } from './offers.service.ts';

// A deal after acceptance (deals.accept.ts makes it): a credit deal completes when the seller confirms
// payment (the credits move then); a material deal when the buyer confirms receipt, once something was
// dispatched against the seller's sales order. Either party may cancel an open deal before anything moved.
// Every change locks the deal row, so two answers to one deal take turns.

export async function get(ctx: AppContext, caller: Caller, id: string) {
  const row = await repo.getDeal(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Deal');
  return toDeal(caller.organizationId, row);
}

export async function list(ctx: AppContext, caller: Caller, q: DealListQuery) {
  const rows = await repo.listDeals(ctx.db, caller.organizationId, {
    role: q.role,
    status: q.status,
    listingId: q.listing_id,
    limit: q.limit + 1,
    after: decodeCursor(q.cursor, ['instant', 'uuid'] as const),
  });
  const page = toPage(rows, q.limit, (r) => [r.at, r.deal.id]);
  return { items: page.items.map((r) => toDeal(caller.organizationId, r)), next_cursor: page.next_cursor };
}

type Role = 'seller' | 'buyer' | 'either';

/** Locks the caller's open deal, checking the caller's role and the version it read. */
async function lockOpen(tx: Tx, caller: Caller, id: string, role: Role, version?: number) {
  const deal = await repo.lockDeal(tx, caller.organizationId, id);
  if (!deal) throw notFound('Deal');
  const selling = deal.sellerOrganizationId === caller.organizationId;
  if (role === 'seller' && !selling) throw unprocessable('Only the seller can do this');
  if (role === 'buyer' && selling) throw unprocessable('Only the buyer can do this');
  if (deal.status !== 'open') throw unprocessable(`This deal is ${deal.status}`);
  if (version !== undefined && version !== deal.version)
    throw new AppError('conflict', 'Someone else changed this deal. Reload and try again.');
  return { ...deal, selling, other: selling ? deal.buyerOrganizationId : deal.sellerOrganizationId };
}

/** The deal as it now is, after telling the other party and logging the step in both organizations. */
async function told(
  tx: Tx,
  ctx: AppContext,
  caller: Caller,
  deal: { id: string; other: string },
  step: { mine: string; theirs: (me: string) => string; title: string; amount?: string },
): Promise<MarketDeal> {
  const row = await repo.getDeal(tx, caller.organizationId, deal.id);
  if (!row) throw new Error('the deal was not read back');
  const view = toDeal(caller.organizationId, row);
  const me = (await offers.organizationNames(tx, [caller.organizationId])).get(caller.organizationId) ?? '';
  await marketStep(tx, caller, ctx.publicUrl, {
    otherOrganizationId: deal.other,
    entityType: 'market_deal',
    entityId: deal.id,
    mine: step.mine,
    theirs: step.theirs(me),
    title: step.title,
    path: '/marketplace?tab=deals',
    amount: step.amount,
    after: view,
    theirAfter: toDeal(deal.other, row),
  });
  return view;
}

const describe = (d: { unit: string; quantity: string; price: string }, title: string) =>
  `${terms(d.unit, d.quantity, d.price)} on “${title}”`;

async function listingOf(tx: Tx, id: string) {
  const listing = await offers.getListing(tx, id);
  if (!listing) throw new Error(`listing ${id} vanished`);
  return listing;
}

/**
 * The seller confirms it was paid for a credit deal: the credits are transferred to the buyer through the
 * credits module, in this transaction, and the deal completes. From a sell listing they come from the
 * blocks it reserved (the hold is released first, so the credits module lets them move); a buy request
 * reserved nothing, so the seller names its block then.
 */
export function confirmPayment(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: { version?: number; credit_block_id?: string },
  key?: string,
) {
  const scope = { organizationId: caller.organizationId, route: 'market:confirm-payment', key };
  return idempotent(ctx.db, scope, { id, body }, async (tx) => {
    const deal = await lockOpen(tx, caller, id, 'seller', body.version);
    if (deal.unit !== 'credit') throw unprocessable('Payment is confirmed for credit deals only');
    const listing = await listingOf(tx, deal.listingId);
    const to = await organizationById(tx, deal.buyerOrganizationId);
    if (!to) throw new Error('the buyer vanished');
    const note = `Marketplace deal on “${listing.title}”`;
    if (listing.organizationId === caller.organizationId)
      await moveListed(tx, caller, deal, listing.id, to, note);
    else {
      const blockId = body.credit_block_id;
      if (!blockId) {
        const message = 'Choose the credits you deliver';
        throw unprocessable(message, { fields: { 'body.credit_block_id': message } });
      }
      await checkWanted(tx, caller, listing, blockId);
      await transferIn(tx, caller, {
        block_id: blockId,
        quantity: Number(toUnits(deal.quantity, 0)),
        to,
        note,
      });
    }
    await repo.updateDeal(tx, deal.id, {
      paymentConfirmedAt: dbNow,
      status: 'completed',
      completedAt: dbNow,
    });
    const what = describe(deal, listing.title);
    return {
      status: 200,
      body: await told(tx, ctx, caller, deal, {
        mine: `Confirmed payment of ${what}: the credits were transferred to ${to.name}`,
        theirs: (me) => `${me} confirmed your payment of ${what}: the credits are yours`,
        title: 'Credits transferred',
        amount: deal.amount,
      }),
    };
  });
}

/** Releases the sell listing's hold on its blocks, oldest first, and transfers the deal's credits. */
async function moveListed(
  tx: Tx,
  caller: Caller,
  deal: { id: string; quantity: string },
  listingId: string,
  to: { id: string; slug: string; name: string },
  note: string,
) {
  const blocks = await repo.listingBlocks(tx, listingId);
  if (blocks.length === 0) throw unprocessable('The listing holds no credits to transfer');
  // Credits are whole: counted as bigint, never as floats.
  let left = toUnits(deal.quantity, 0);
  for (const [i, block] of blocks.entries()) {
    if (left <= 0n) break;
    const held = BigInt(block.held);
    const release = held < left ? held : left;
    if (release > 0n)
      await repo.insertReservations(tx, [
        {
          organizationId: caller.organizationId,
          creditBlockId: block.block_id,
          listingId,
          dealId: deal.id,
          qty: (-release).toString(),
          reason: 'sold',
          createdBy: caller.userId,
        },
      ]);
    // What the listing no longer holds (it was withdrawn meanwhile) comes from the last block's free credits.
    const move = i === blocks.length - 1 ? left : release;
    if (move > 0n)
      await transferIn(tx, caller, { block_id: block.block_id, quantity: Number(move), to, note });
    left -= move;
  }
}

/** The block's vintage and fate are the ones the buy request asked for, when it named them. */
async function checkWanted(
  tx: Tx,
  caller: Caller,
  listing: { creditVintage: number | null; creditFate: string | null },
  blockId: string,
) {
  const batch = await repo.batchOfBlock(tx, caller.organizationId, blockId);
  const fail = (message: string) => unprocessable(message, { fields: { 'body.credit_block_id': message } });
  if (!batch) return; // transferIn answers 404 for a block the caller does not hold
  if (listing.creditVintage && batch.vintage !== listing.creditVintage)
    throw fail(`The buyer asked for vintage ${listing.creditVintage}; these credits are of ${batch.vintage}`);
  if (listing.creditFate && batch.fate !== listing.creditFate)
    throw fail(
      `The buyer asked for ${listing.creditFate.replace('_', '-')} credits; these are ${batch.fate.replace('_', '-')}`,
    );
}

/** The buyer confirms receipt of a material deal, once the seller dispatched against its sales order. */
export function complete(ctx: AppContext, caller: Caller, id: string, version?: number) {
  return ctx.db.transaction(async (tx) => {
    const deal = await lockOpen(tx, caller, id, 'buyer', version);
    if (deal.unit !== 'kg') throw unprocessable('A credit deal completes when the seller confirms payment');
    if (!deal.sellerOrderId || !(await repo.hasPostedDispatch(tx, deal.sellerOrderId)))
      throw unprocessable(
        'The seller has not dispatched anything against this deal yet: confirm receipt once it has',
      );
    await repo.updateDeal(tx, deal.id, { status: 'completed', completedAt: dbNow });
    // What was not dispatched stays with the seller: the buyer confirmed it has what it will get.
    await repo.releaseOrderHolds(tx, deal.sellerOrderId, caller.userId, 'completed');
    const listing = await listingOf(tx, deal.listingId);
    const what = describe(deal, listing.title);
    return told(tx, ctx, caller, deal, {
      mine: `Confirmed receipt of ${what}: the deal is completed`,
      theirs: (me) => `${me} confirmed receipt of ${what}: the deal is completed`,
      title: 'Deal completed',
    });
  });
}

/** The member who placed an order acts for its organization when the other party cancels the deal. */
async function orderActor(tx: Tx, caller: Caller, orderId: string): Promise<Caller> {
  const [order] = await tx
    .select({ organizationId: orderRecords.organizationId, createdBy: orderRecords.createdBy })
    .from(orderRecords)
    .where(eq(orderRecords.id, orderId));
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order.organizationId === caller.organizationId
    ? caller
    : { ...caller, organizationId: order.organizationId, userId: order.createdBy };
}

/**
 * Either party cancels an open deal before anything moved (no posted dispatch; no payment confirmed):
 * both orders are cancelled, the kilograms held for the sales order go back to the listing (or are
 * released when it is closed), and a listing this deal sold out is reopened.
 */
export function cancel(ctx: AppContext, caller: Caller, id: string, reason: string, version?: number) {
  return ctx.db.transaction(async (tx) => {
    const deal = await lockOpen(tx, caller, id, 'either', version);
    if (deal.sellerOrderId && (await repo.hasPostedDispatch(tx, deal.sellerOrderId)))
      throw unprocessable('Goods were already dispatched against this deal: it cannot be cancelled');
    let listing = await offers.getListing(tx, deal.listingId, true);
    if (!listing) throw new Error('the listing vanished');
    await repo.updateDeal(tx, deal.id, {
      status: 'cancelled',
      cancelledAt: dbNow,
      cancelledBy: caller.userId,
      cancelReason: reason,
    });
    if (listing.status === 'closed' && listing.closedReason === 'sold_out') {
      await offers.setListingStatus(tx, listing.id, 'active', null);
      listing = { ...listing, status: 'active' };
    }
    const why = `Marketplace deal cancelled: ${reason}`;
    for (const orderId of [deal.sellerOrderId, deal.buyerOrderId])
      if (orderId) await cancelIn(tx, await orderActor(tx, caller, orderId), orderId, why);
    if (deal.sellerOrderId) await releaseOrder(tx, caller, deal, listing, deal.sellerOrderId);
    const what = describe(deal, listing.title);
    return told(tx, ctx, caller, deal, {
      mine: `Cancelled the deal of ${what}: ${reason}`,
      theirs: (me) => `${me} cancelled the deal of ${what}: ${reason}`,
      title: 'Deal cancelled',
    });
  });
}

/** The kilograms held for the cancelled sales order go back to the listing unless it is closed (a paused one still counts them unsold). */
async function releaseOrder(
  tx: Tx,
  caller: Caller,
  deal: { id: string; sellerOrganizationId: string },
  listing: { id: string; status: string },
  orderId: string,
) {
  const rows = [];
  for (const lot of await repo.orderLotsHeld(tx, orderId)) {
    const base = {
      organizationId: deal.sellerOrganizationId,
      lotId: lot.lot_id,
      listingId: listing.id,
      dealId: deal.id,
      createdBy: caller.userId,
    };
    rows.push({ ...base, orderId, qty: `-${lot.held}`, reason: 'cancelled' });
    if (listing.status !== 'closed') rows.push({ ...base, qty: lot.held, reason: 'returned' });
  }
  await repo.insertReservations(tx, rows);
}

/** Each party rates a completed deal once. */
export function rate(ctx: AppContext, caller: Caller, id: string, input: RatingCreate, key?: string) {
  const scope = { organizationId: caller.organizationId, route: 'market:rating', key };
  return idempotent(ctx.db, scope, { id, input }, async (tx) => {
    const deal = await repo.lockDeal(tx, caller.organizationId, id);
    if (!deal) throw notFound('Deal');
    if (deal.status !== 'completed') throw unprocessable('Only a completed deal can be rated');
    const selling = deal.sellerOrganizationId === caller.organizationId;
    const other = selling ? deal.buyerOrganizationId : deal.sellerOrganizationId;
    const added = await repo.insertRating(tx, {
      dealId: deal.id,
      fromOrganizationId: caller.organizationId,
      toOrganizationId: other,
      stars: input.stars,
      comment: input.comment || null,
      createdBy: caller.userId,
    });
    if (!added) throw new AppError('conflict', 'Your organization already rated this deal');
    const listing = await listingOf(tx, deal.listingId);
    const stars = `${input.stars} star${input.stars === 1 ? '' : 's'}`;
    const body = await told(
      tx,
      ctx,
      caller,
      { id: deal.id, other },
      {
        mine: `Rated the deal on “${listing.title}” ${stars}`,
        theirs: (me) => `${me} rated your deal on “${listing.title}” ${stars}`,
        title: 'Deal rated',
      },
    );
    return { status: 201, body };
  });
}
