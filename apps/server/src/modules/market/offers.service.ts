import {
  defaultOfferExpiry,
  formatCount,
  formatKg,
  formatPhp,
  type MarketOffer,
  type OfferCreate,
  type OfferListQuery,
  offerExpiryIssue,
  toUnits,
} from '@plastrace/shared';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { idempotent } from '../security/idempotency.ts';
import { marketStep } from './notify.ts';
import { expireDue } from './offers.expiry.ts';
import * as repo from './offers.repo.ts';
import { toListingSummary, toOffer } from './offers.views.ts';

// Offers and counter-offers (docs/architecture.md "Marketplace"). The party that did not make an open,
// unexpired offer may counter, accept or decline it; its maker may withdraw it. Every change locks the
// listing, then the offer, so of racing answers to one offer exactly one wins and the others see it
// answered (accepting, in deals.accept.ts, takes the same locks in the same order).

type Listing = repo.ListingWithRemaining;

export type OpenOfferOptions = {
  /**
   * The buyer a seller quotes on its own sell listing (a request for quotation's answer); left out, the
   * caller's organization offers on another organization's listing.
   */
  buyerOrganizationId?: string;
  /** The offer this one counters: the thread and the parties are its. */
  parent?: repo.OfferRow;
  /** The publicUrl for the other party's e-mail (AppContext.publicUrl). */
  publicUrl: string;
};

const field = (
  name: string,
  message: string,
  code: 'unprocessable' | 'validation_failed' = 'unprocessable',
) => new AppError(code, message, { fields: { [`body.${name}`]: message } });

export const unitWords = (unit: string, qty: string) =>
  unit === 'kg' ? formatKg(qty) : `${formatCount(qty)} credit${toUnits(qty, 3) === 1000n ? '' : 's'}`;

/** "1,000 kg at ₱32.50" / "20 credits at ₱1,500.00". */
export const terms = (unit: string, qty: string, price: string) =>
  `${unitWords(unit, qty)} at ${formatPhp(price)}${unit === 'kg' ? '/kg' : ' each'}`;

/** Compares two quantities exactly, in thousandths. */
const cmp = (a: string, b: string) => {
  const [x, y] = [toUnits(a, 3), toUnits(b, 3)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** The quantity's rules against the listing: its minimum order, what is left, whole credits. */
function checkQuantity(listing: Listing, quantity: string) {
  if (listing.kind === 'credits' && !/^\d+(\.0*)?$/.test(quantity))
    throw field('quantity', 'Credits are traded whole: enter a whole number');
  if (listing.minOrder && cmp(quantity, listing.minOrder) < 0)
    throw field('quantity', `The minimum order is ${unitWords(listing.unit, listing.minOrder)}`);
  if (cmp(quantity, listing.remaining) > 0)
    throw field('quantity', `Only ${unitWords(listing.unit, listing.remaining)} of this listing are left`);
}

function expiryOf(input: OfferCreate): Date {
  if (!input.expires_at) return defaultOfferExpiry();
  const issue = offerExpiryIssue(input.expires_at);
  if (issue) throw field('expires_at', issue, 'validation_failed');
  return new Date(input.expires_at);
}

/** The two parties of a new offer on the listing, or a refusal in the caller's terms. */
function partiesOf(caller: Caller, listing: Listing, opts: OpenOfferOptions) {
  const org = caller.organizationId;
  if (opts.parent)
    return { seller: opts.parent.sellerOrganizationId, buyer: opts.parent.buyerOrganizationId };
  const mine = listing.organizationId === org;
  if (listing.status !== 'active' && !mine) throw notFound('Listing');
  if (listing.status !== 'active')
    throw unprocessable(`Your listing is ${listing.status}: reactivate it first`);
  if (opts.buyerOrganizationId) {
    if (!mine || listing.side !== 'sell') throw unprocessable('A quote is made on your own sell listing');
    if (opts.buyerOrganizationId === org) throw unprocessable('A quote is made to another organization');
    return { seller: org, buyer: opts.buyerOrganizationId };
  }
  if (mine) throw unprocessable('This is your own listing: offers come from other organizations');
  return listing.side === 'sell'
    ? { seller: listing.organizationId, buyer: org }
    : { seller: org, buyer: listing.organizationId };
}

/** Refuses a listing that is off the market by search's rule: not active, or past its available-until day. */
export async function checkOnMarket(tx: Tx, listing: Listing, refusal: string) {
  if (await repo.onMarket(tx, listing.id)) return;
  if (listing.status !== 'active') throw unprocessable(`The listing is ${listing.status}: ${refusal}`);
  throw unprocessable(`The listing was available until ${listing.availableUntil}: ${refusal}`);
}

/**
 * Opens an offer on a listing in the caller's transaction: the caller's organization makes it, to the
 * listing's organization, or (a quote, `opts.buyerOrganizationId`) on its own sell listing to that buyer.
 * Checks the listing is active, the quantity against its minimum and what is left, and the expiry; tells
 * the other party. Answers the offer as the caller sees it.
 */
export async function openOffer(
  tx: Tx,
  caller: Caller,
  listing: Listing,
  input: OfferCreate,
  opts: OpenOfferOptions,
): Promise<MarketOffer> {
  const parties = partiesOf(caller, listing, opts);
  if (!opts.parent) {
    // Another organization's listing off the market is not found, as in search.
    const theirs = listing.organizationId !== caller.organizationId;
    if (theirs && !(await repo.onMarket(tx, listing.id))) throw notFound('Listing');
    await checkOnMarket(tx, listing, 'extend it first');
  }
  checkQuantity(listing, input.quantity);
  const id = uuidv7();
  await repo.insertOffer(tx, {
    id,
    listingId: listing.id,
    threadId: opts.parent?.threadId ?? id,
    parentId: opts.parent?.id ?? null,
    sellerOrganizationId: parties.seller,
    buyerOrganizationId: parties.buyer,
    fromOrganizationId: caller.organizationId,
    quantity: input.quantity,
    price: input.price,
    deliveryTerms: input.delivery_terms || null,
    message: input.message || null,
    expiresAt: expiryOf(input),
    createdBy: caller.userId,
  });
  const row = await repo.getOffer(tx, caller.organizationId, id);
  if (!row) throw new Error('the offer was not read back');
  const offer = toOffer(caller.organizationId, row);
  const what = `${terms(listing.unit, offer.quantity, offer.price)} on “${listing.title}”`;
  const verb = opts.parent ? 'Countered with' : opts.buyerOrganizationId ? 'Quoted' : 'Offered';
  const me = await repo.organizationNames(tx, [caller.organizationId]);
  await marketStep(tx, caller, opts.publicUrl, {
    otherOrganizationId: offer.counterparty.organization_id,
    entityType: 'market_offer',
    entityId: id,
    mine: `${verb} ${what} to ${offer.counterparty.name}`,
    theirs: `${me.get(caller.organizationId)} ${verb.toLowerCase()} ${what}`,
    title: opts.parent
      ? 'Counter-offer received'
      : opts.buyerOrganizationId
        ? 'Quote received'
        : 'Offer received',
    path: `/marketplace/listings/${listing.id}`,
    after: offer,
    theirAfter: toOffer(offer.counterparty.organization_id, row),
  });
  return offer;
}

export function create(ctx: AppContext, caller: Caller, listingId: string, input: OfferCreate, key?: string) {
  const scope = { organizationId: caller.organizationId, route: 'market:offer', key };
  return idempotent(ctx.db, scope, { listingId, input }, async (tx) => {
    const listing = await repo.getListing(tx, listingId, true);
    if (!listing) throw notFound('Listing');
    return { status: 201, body: await openOffer(tx, caller, listing, input, { publicUrl: ctx.publicUrl }) };
  });
}

export async function get(ctx: AppContext, caller: Caller, id: string) {
  await expireDue(ctx, caller, { id });
  const row = await repo.getOffer(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Offer');
  return toOffer(caller.organizationId, row);
}

export async function thread(ctx: AppContext, caller: Caller, id: string) {
  const offer = await get(ctx, caller, id);
  await expireDue(ctx, caller, { threadId: offer.thread_id });
  const listing = await repo.getListing(ctx.db, offer.listing_id);
  if (!listing) throw notFound('Offer');
  const rows = await repo.threadOffers(ctx.db, caller.organizationId, offer.thread_id);
  return {
    thread_id: offer.thread_id,
    listing: toListingSummary(listing),
    offers: rows.map((r) => toOffer(caller.organizationId, r)),
  };
}

export async function list(ctx: AppContext, caller: Caller, q: OfferListQuery) {
  await expireDue(ctx, caller, { listingId: q.listing_id });
  const rows = await repo.listOffers(ctx.db, caller.organizationId, {
    role: q.role,
    status: q.status,
    listingId: q.listing_id,
    limit: q.limit + 1,
    after: decodeCursor(q.cursor, ['instant', 'uuid'] as const),
  });
  const page = toPage(rows, q.limit, (r) => [r.at, r.offer.id]);
  return { items: page.items.map((r) => toOffer(caller.organizationId, r)), next_cursor: page.next_cursor };
}

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Locks the offer's listing, then the offer, and checks the offer can be answered by the caller: `maker`
 * for a withdrawal, else the other party; only while it is open and unexpired.
 */
export async function lockToAnswer(tx: Tx, caller: Caller, id: string, who: 'maker' | 'other') {
  const org = caller.organizationId;
  const listingId = await repo.listingIdOfOffer(tx, org, id);
  const listing = listingId ? await repo.getListing(tx, listingId, true) : undefined;
  const offer = await repo.lockOffer(tx, org, id);
  if (!listing || !offer) throw notFound('Offer');
  const mine = offer.fromOrganizationId === org;
  if (who === 'maker' && !mine)
    throw unprocessable('Only the organization that made an offer can withdraw it');
  if (who === 'other' && mine) throw unprocessable('This is your own offer: the other party answers it');
  // A read may have marked it expired already (offers.expiry.ts): the answer is the same.
  const timedOut = offer.expiresAt.getTime() <= Date.now();
  if (timedOut && (offer.status === 'open' || offer.status === 'expired'))
    throw unprocessable(`This offer expired on ${when(offer.expiresAt)}`);
  if (offer.status !== 'open') throw unprocessable(`This offer was already ${offer.status}`);
  return { listing, offer };
}

export function counter(ctx: AppContext, caller: Caller, id: string, input: OfferCreate, key?: string) {
  const scope = { organizationId: caller.organizationId, route: 'market:counter', key };
  return idempotent(ctx.db, scope, { id, input }, async (tx) => {
    const { listing, offer } = await lockToAnswer(tx, caller, id, 'other');
    await checkOnMarket(tx, listing, 'it takes no offers');
    await repo.respond(tx, offer.id, 'countered', caller.userId);
    const body = await openOffer(tx, caller, listing, input, { parent: offer, publicUrl: ctx.publicUrl });
    return { status: 201, body };
  });
}

/** Declines (the other party) or withdraws (the maker) an open offer, with an optional reason. */
export function close(
  ctx: AppContext,
  caller: Caller,
  id: string,
  how: 'declined' | 'withdrawn',
  reason?: string | null,
) {
  return ctx.db.transaction(async (tx) => {
    const { listing, offer } = await lockToAnswer(tx, caller, id, how === 'declined' ? 'other' : 'maker');
    await repo.respond(tx, offer.id, how, caller.userId);
    const row = await repo.getOffer(tx, caller.organizationId, offer.id);
    if (!row) throw new Error('the offer was not read back');
    const view = toOffer(caller.organizationId, row);
    const what = `${terms(listing.unit, view.quantity, view.price)} on “${listing.title}”`;
    const why = reason ? `: ${reason}` : '';
    const verb = how === 'declined' ? 'Declined' : 'Withdrew';
    const me = await repo.organizationNames(tx, [caller.organizationId]);
    await marketStep(tx, caller, ctx.publicUrl, {
      otherOrganizationId: view.counterparty.organization_id,
      entityType: 'market_offer',
      entityId: offer.id,
      mine: `${verb} the offer of ${what}${why}`,
      theirs: `${me.get(caller.organizationId)} ${verb.toLowerCase()} ${how === 'declined' ? 'your' : 'its'} offer of ${what}${why}`,
      title: how === 'declined' ? 'Offer declined' : 'Offer withdrawn',
      path: `/marketplace/listings/${listing.id}`,
      after: { status: how, reason: reason ?? null },
      theirAfter: { status: how, reason: reason ?? null },
    });
    return view;
  });
}
