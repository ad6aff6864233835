import { type MarketOffer, type OfferStatus, orderLineAmount } from '@plastrace/shared';
import type { ListingWithRemaining, OfferViewRow } from './offers.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** quantity × price to the centavo, half away from zero (as an order line's amount). */
export const amountOf = (quantity: string, price: string) => orderLineAmount(quantity, price) ?? '0.00';

/** An offer as the caller's organization sees it: its side, whether it made it, and the other party. */
export function toOffer(orgId: string, r: OfferViewRow): MarketOffer {
  const x = r.offer;
  const selling = x.sellerOrganizationId === orgId;
  return {
    id: x.id,
    listing_id: x.listingId,
    listing_title: r.listingTitle,
    thread_id: x.threadId,
    parent_id: x.parentId,
    side: selling ? 'seller' : 'buyer',
    from_me: x.fromOrganizationId === orgId,
    counterparty: selling
      ? { organization_id: x.buyerOrganizationId, name: r.buyerName }
      : { organization_id: x.sellerOrganizationId, name: r.sellerName },
    quantity: x.quantity,
    unit: r.unit as MarketOffer['unit'],
    price: x.price,
    amount: amountOf(x.quantity, x.price),
    delivery_terms: x.deliveryTerms,
    message: x.message,
    expires_at: x.expiresAt.toISOString(),
    status: r.status as OfferStatus,
    created_at: x.createdAt.toISOString(),
    responded_at: iso(x.respondedAt),
    deal_id: r.dealId,
  };
}

export function toListingSummary(l: ListingWithRemaining) {
  return {
    id: l.id,
    title: l.title,
    side: l.side as 'sell' | 'buy',
    kind: l.kind as 'material' | 'credits',
    unit: l.unit as 'kg' | 'credit',
    status: l.status as 'active' | 'paused' | 'closed',
    quantity: l.quantity,
    remaining: l.remaining,
    min_order: l.minOrder,
    price: l.price,
    organization: { organization_id: l.organizationId, name: l.ownerName },
  };
}
