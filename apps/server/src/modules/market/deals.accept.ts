import { formatUnits, type MarketDeal, parseUnits } from '@plastrace/shared';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { materials } from '../../db/schema/index.ts';
import { unprocessable } from '../../lib/errors.ts';
import { dayIn } from '../../lib/time.ts';
import type { Caller } from '../../plugins/auth.ts';
import { createIn } from '../orders/orders.service.ts';
import { idempotent } from '../security/idempotency.ts';
import { customerFor, materialFor, organizationOf, supplierFor, type Traded } from './deals.parties.ts';
import * as deals from './deals.repo.ts';
import { toDeal } from './deals.views.ts';
import { marketStep } from './notify.ts';
import { expireOnSoldOut } from './offers.expiry.ts';
import * as offers from './offers.repo.ts';
import { checkOnMarket, lockToAnswer, terms, unitWords } from './offers.service.ts';
import { amountOf } from './offers.views.ts';

// Accepting an offer makes a deal, in one transaction that holds the listing's lock from the re-check of
// what is left to the last reservation: two accepts on one listing take turns, and the second sees the
// first one's deal. A material deal places the seller's confirmed sales order and the buyer's confirmed
// purchase order and moves the listing's reserved kilograms to the sales order, so they leave only by a
// dispatch against it (migration 0031); a credit deal waits for the seller to confirm payment.

const kg = (s: string) => parseUnits(s, 3) ?? 0n;
const text = (units: bigint) => formatUnits(units, 3);

/** The member of each party who acts for it: the caller, and the one who made the offer accepted. */
const actorIn = (caller: Caller, orgId: string, userId: string): Caller =>
  orgId === caller.organizationId ? caller : { ...caller, organizationId: orgId, userId };

/** Places both orders: the buyer's purchase order first, so the sales order names its number. */
async function placeOrders(
  tx: Tx,
  listing: offers.ListingWithRemaining,
  offer: offers.OfferRow,
  seller: Caller,
  buyer: Caller,
) {
  const [s, b] = [
    await organizationOf(tx, seller.organizationId),
    await organizationOf(tx, buyer.organizationId),
  ];
  const [material] = listing.materialId
    ? await tx.select().from(materials).where(eq(materials.id, listing.materialId))
    : [];
  const traded: Traded = {
    polymer: (listing.polymer ?? material?.polymer ?? 'OTHER') as Traded['polymer'],
    form: (listing.form ?? material?.form ?? null) as Traded['form'],
    grade: listing.grade ?? material?.grade ?? null,
    name: material?.name ?? listing.title.slice(0, 100),
  };
  const ownIn = (orgId: string) => (listing.organizationId === orgId ? listing.materialId : null);
  const notes = `Marketplace deal on “${listing.title}”`;
  const line = { kg: offer.quantity, unit_price: offer.price };
  const now = new Date();
  const purchase = await createIn(tx, buyer, {
    kind: 'purchase',
    supplier_id: await supplierFor(tx, buyer, s),
    facility_id: listing.organizationId === b.id ? listing.facilityId : null,
    ordered_on: dayIn(now, b.timeZone),
    delivery_terms: offer.deliveryTerms,
    notes,
    confirm: true,
    lines: [{ ...line, material_id: await materialFor(tx, buyer, traded, ownIn(b.id)) }],
  });
  const sales = await createIn(tx, seller, {
    kind: 'sales',
    customer_id: await customerFor(tx, seller, b),
    facility_id: listing.organizationId === s.id ? listing.facilityId : null,
    ordered_on: dayIn(now, s.timeZone),
    delivery_terms: offer.deliveryTerms,
    customer_reference: purchase.number,
    notes,
    confirm: true,
    lines: [{ ...line, material_id: await materialFor(tx, seller, traded, ownIn(s.id)) }],
  });
  return { sales, purchase };
}

/**
 * Moves the deal's kilograms from the listing's lots, oldest first, to the sales order: a release of
 * the listing's hold and a hold for the order, so the lots' reserved total never changes.
 */
async function holdForOrder(
  tx: Tx,
  caller: Caller,
  listingId: string,
  dealId: string,
  orderId: string,
  qty: string,
) {
  let left = kg(qty);
  const rows = [];
  for (const lot of await deals.listingLotsHeld(tx, listingId)) {
    if (left <= 0n) break;
    const take = kg(lot.held) < left ? kg(lot.held) : left;
    left -= take;
    const base = {
      organizationId: caller.organizationId,
      lotId: lot.lot_id,
      listingId,
      dealId,
      createdBy: caller.userId,
    };
    rows.push(
      { ...base, qty: text(-take), reason: 'sold' },
      { ...base, orderId, qty: text(take), reason: 'deal' },
    );
  }
  // The listing's lots hold every kg not yet dealt (migration 0031 keeps them): a shortfall is a bug, and
  // selling kg no lot holds would let them be sold twice.
  if (left > 0n && (await deals.listingHasLots(tx, listingId)))
    throw new Error(`listing ${listingId}: its lots hold ${text(left)} kg less than deal ${dealId} takes`);
  // Inserted in lot order, as listings and dispatches take lots, so the balances lock in one order.
  rows.sort((a, b) => (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0));
  await deals.insertReservations(tx, rows);
}

export function accept(ctx: AppContext, caller: Caller, offerId: string, key?: string) {
  const scope = { organizationId: caller.organizationId, route: 'market:accept', key };
  return idempotent(ctx.db, scope, { offerId }, async (tx) => {
    const { listing, offer } = await lockToAnswer(tx, caller, offerId, 'other');
    await checkOnMarket(tx, listing, 'it can no longer be accepted');
    const left = kg(listing.remaining) - kg(offer.quantity);
    if (left < 0n)
      throw unprocessable(
        `Only ${unitWords(listing.unit, listing.remaining)} of this listing ${kg(listing.remaining) === 1000n ? 'is' : 'are'} left: counter with less`,
        { fields: { 'body.quantity': 'More than is left of the listing' } },
      );
    await offers.respond(tx, offer.id, 'accepted', caller.userId);
    const seller = actorIn(caller, offer.sellerOrganizationId, offer.createdBy);
    const buyer = actorIn(caller, offer.buyerOrganizationId, offer.createdBy);
    const id = uuidv7();
    const amount = amountOf(offer.quantity, offer.price);
    await deals.insertDeal(tx, {
      id,
      listingId: listing.id,
      offerId: offer.id,
      sellerOrganizationId: offer.sellerOrganizationId,
      buyerOrganizationId: offer.buyerOrganizationId,
      unit: listing.unit,
      quantity: offer.quantity,
      price: offer.price,
      amount,
    });
    if (listing.kind === 'material') {
      const { sales, purchase } = await placeOrders(tx, listing, offer, seller, buyer);
      await deals.updateDeal(tx, id, { sellerOrderId: sales.id, buyerOrderId: purchase.id });
      await holdForOrder(tx, seller, listing.id, id, sales.id, offer.quantity);
    }
    if (left === 0n) await soldOut(tx, ctx.publicUrl, caller, listing);
    const row = await deals.getDeal(tx, caller.organizationId, id);
    if (!row) throw new Error('the deal was not read back');
    const deal: MarketDeal = toDeal(caller.organizationId, row);
    const what = `${terms(listing.unit, deal.quantity, deal.price)} on “${listing.title}”`;
    await marketStep(tx, caller, ctx.publicUrl, {
      otherOrganizationId: deal.counterparty.organization_id,
      entityType: 'market_deal',
      entityId: id,
      mine: `Accepted ${deal.counterparty.name}’s offer of ${what}: a deal${deal.my_order ? `, ${deal.my_order.number}` : ''}`,
      theirs: `${(await offers.organizationNames(tx, [caller.organizationId])).get(caller.organizationId)} accepted your offer of ${what}: a deal`,
      title: 'Offer accepted',
      path: '/marketplace?tab=deals',
      amount,
      after: deal,
      theirAfter: toDeal(deal.counterparty.organization_id, row),
    });
    return { status: 201, body: deal };
  });
}

/** A listing with nothing left closes as sold out, and its other open offers expire with it. */
async function soldOut(tx: Tx, publicUrl: string, caller: Caller, listing: offers.ListingWithRemaining) {
  await offers.setListingStatus(tx, listing.id, 'closed', 'sold_out');
  await expireOnSoldOut(tx, publicUrl, caller, listing);
}
