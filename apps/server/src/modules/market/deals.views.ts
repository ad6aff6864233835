import type { DealStatus, MarketDeal, OrderKind, OrderStatus } from '@plastrace/shared';
import type { DealViewRow } from './deals.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type Rating = DealViewRow['bySeller'];
// A left join of no rating gives an object of nulls.
const toRating = (r: Rating) =>
  r?.stars ? { stars: r.stars, comment: r.comment, created_at: r.createdAt.toISOString() } : null;

type Order = DealViewRow['sellerOrder'];
const toOrder = (o: Order) =>
  o?.id ? { id: o.id, number: o.number, kind: o.kind as OrderKind, status: o.status as OrderStatus } : null;

/** A deal as one party sees it: its role, the other party, its own order and both ratings. */
export function toDeal(orgId: string, r: DealViewRow): MarketDeal {
  const x = r.deal;
  const selling = x.sellerOrganizationId === orgId;
  return {
    id: x.id,
    listing_id: x.listingId,
    listing_title: r.listingTitle,
    offer_id: x.offerId,
    thread_id: r.threadId,
    kind: r.kind as MarketDeal['kind'],
    unit: x.unit as MarketDeal['unit'],
    role: selling ? 'seller' : 'buyer',
    counterparty: selling
      ? { organization_id: x.buyerOrganizationId, name: r.buyerName }
      : { organization_id: x.sellerOrganizationId, name: r.sellerName },
    quantity: x.quantity,
    price: x.price,
    amount: x.amount,
    status: x.status as DealStatus,
    my_order: toOrder(selling ? r.sellerOrder : r.buyerOrder),
    payment_confirmed_at: iso(x.paymentConfirmedAt),
    completed_at: iso(x.completedAt),
    cancelled_at: iso(x.cancelledAt),
    cancel_reason: x.cancelReason,
    my_rating: toRating(selling ? r.bySeller : r.byBuyer),
    their_rating: toRating(selling ? r.byBuyer : r.bySeller),
    created_at: x.createdAt.toISOString(),
    version: x.version,
  };
}
