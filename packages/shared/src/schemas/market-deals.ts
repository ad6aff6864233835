import { z } from 'zod';
import { ORDER_KINDS, ORDER_STATUSES } from './orders.ts';
import { cursorParam, decimal, instant, int32, str, versionField } from './wire.ts';

// Marketplace offers, deals and ratings (docs/architecture.md "Marketplace"). An offer on a listing opens a
// thread of offers and counter-offers between the listing's organization and one other; accepting the open
// offer of a thread makes a deal: the seller's sales order and the buyer's purchase order for material, or
// credits that move once the seller confirms payment. Only the two parties ever see an offer or a deal.
//
// Endpoints (market.trade unless said; creates take an Idempotency-Key):
//   POST /api/market/listings/{id}/offers          offerCreateSchema   → 201 offerSchema
//   GET  /api/market/offers (market.read)          offerListQuerySchema → page(offerSchema)
//   GET  /api/market/offers/{id} (market.read)     → offerSchema
//   GET  /api/market/offers/{id}/thread (market.read) → offerThreadSchema
//   POST /api/market/offers/{id}/counter           offerCounterSchema  → 201 offerSchema (the new offer)
//   POST /api/market/offers/{id}/accept            {}                  → 201 dealSchema
//   POST /api/market/offers/{id}/decline|withdraw  offerReasonSchema   → offerSchema
//   GET  /api/market/deals (market.read)           dealListQuerySchema → page(dealSchema)
//   GET  /api/market/deals/{id} (market.read)      → dealSchema
//   POST /api/market/deals/{id}/confirm-payment    dealConfirmPaymentSchema → dealSchema (seller, credit deal)
//   POST /api/market/deals/{id}/complete           dealActionSchema    → dealSchema (buyer, material deal)
//   POST /api/market/deals/{id}/cancel             dealCancelSchema    → dealSchema
//   POST /api/market/deals/{id}/rating             ratingCreateSchema  → 201 dealSchema

export const OFFER_STATUSES = ['open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: 'Open',
  countered: 'Countered',
  accepted: 'Accepted',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

export const DEAL_STATUSES = ['open', 'completed', 'cancelled'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  open: 'Open',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Which party of a trade the caller's organization is. */
export const MARKET_PARTIES = ['seller', 'buyer'] as const;
export type MarketParty = (typeof MARKET_PARTIES)[number];

/** An offer without an expiry lasts this many days; none may last longer than the maximum. */
export const OFFER_DEFAULT_DAYS = 7;
export const OFFER_MAX_DAYS = 90;
const DAY_MS = 86_400_000;

/** A deal is cancelled with a reason of at least this many characters. */
export const DEAL_CANCEL_REASON_MIN = 10;

// ---- input ----

// Quantity and price fit an order line (below 10,000 t and ₱100,000 a kg, as listings), so an amount
// always fits its numeric(14, 2) column.
const quantityField = decimal('Quantity', { scale: 3, digits: 7, positive: true }).describe(
  'kg for a material listing, whole credits for a credit listing',
);
const priceField = decimal('Price', { scale: 2, digits: 5 }).describe('PHP per kg or per credit');

/** The expiry's rule, in the words the server answers with; `now` is when the offer is made. */
export function offerExpiryIssue(expiresAt: string, now = Date.now()): string | null {
  const t = Date.parse(expiresAt);
  if (Number.isNaN(t)) return null;
  if (t <= now) return 'The expiry must be in the future';
  if (t > now + OFFER_MAX_DAYS * DAY_MS) return `An offer can stay open at most ${OFFER_MAX_DAYS} days`;
  return null;
}

/** When an offer made at `now` without an expiry expires. */
export const defaultOfferExpiry = (now = Date.now()) => new Date(now + OFFER_DEFAULT_DAYS * DAY_MS);

export const offerCreateSchema = z
  .object({
    quantity: quantityField,
    price: priceField,
    delivery_terms: str().trim().max(500, 'At most 500 characters').nullish(),
    message: str().trim().max(2000, 'At most 2000 characters').nullish(),
    expires_at: instant()
      .optional()
      .describe(`Left out: ${OFFER_DEFAULT_DAYS} days from now; at most ${OFFER_MAX_DAYS} days ahead`),
  })
  .superRefine((o, ctx) => {
    const issue = o.expires_at ? offerExpiryIssue(o.expires_at) : null;
    if (issue) ctx.addIssue({ code: 'custom', path: ['expires_at'], message: issue });
  });
export type OfferCreate = z.infer<typeof offerCreateSchema>;

/** A counter-offer has an offer's fields: it replaces the terms of the one it answers. */
export const offerCounterSchema = offerCreateSchema;

export const offerReasonSchema = z.object({
  reason: str().trim().max(500, 'At most 500 characters').nullish(),
});

export const dealActionSchema = z.object({
  version: versionField().optional().describe('The version you read; a stale one gets 409'),
});

export const dealConfirmPaymentSchema = dealActionSchema.extend({
  credit_block_id: z
    .string()
    .uuid('Choose the credits')
    .optional()
    .describe(
      'A deal on a buy request: the seller’s block the credits come from (a sell listing’s are its own)',
    ),
});

export const dealCancelSchema = z.object({
  reason: str()
    .trim()
    .min(
      DEAL_CANCEL_REASON_MIN,
      `Say why the deal is cancelled (at least ${DEAL_CANCEL_REASON_MIN} characters)`,
    )
    .max(500, 'At most 500 characters'),
  version: versionField().optional().describe('The version you read; a stale one gets 409'),
});

export const ratingCreateSchema = z.object({
  stars: int32('Give 1 to 5 stars').min(1, 'Give 1 to 5 stars').max(5, 'Give 1 to 5 stars'),
  comment: str().trim().max(1000, 'At most 1000 characters').nullish(),
});
export type RatingCreate = z.infer<typeof ratingCreateSchema>;

const limitParam = z.coerce.number().int().min(1).max(200).default(50);

export const OFFER_LIST_ROLES = ['sent', 'received', 'all'] as const;
export const offerListQuerySchema = z.object({
  limit: limitParam,
  cursor: cursorParam(),
  role: z
    .enum(OFFER_LIST_ROLES)
    .default('all')
    .describe('sent: offers the caller’s organization made; received: offers made to it'),
  status: z
    .enum(OFFER_STATUSES)
    .optional()
    .describe('open: open and unexpired; expired: marked expired, or open past its expiry'),
  listing_id: z.string().uuid().optional(),
});
export type OfferListQuery = z.infer<typeof offerListQuerySchema>;

export const DEAL_LIST_ROLES = ['seller', 'buyer', 'all'] as const;
export const dealListQuerySchema = z.object({
  limit: limitParam,
  cursor: cursorParam(),
  role: z
    .enum(DEAL_LIST_ROLES)
    .default('all')
    .describe('Deals where the caller’s organization sells or buys'),
  status: z.enum(DEAL_STATUSES).optional(),
  listing_id: z.string().uuid().optional(),
});
export type DealListQuery = z.infer<typeof dealListQuerySchema>;

// ---- output ----

const counterpartySchema = z.object({ organization_id: z.string().uuid(), name: z.string() });
const unitSchema = z.enum(['kg', 'credit']);
const kindSchema = z.enum(['material', 'credits']);

export const offerSchema = z
  .object({
    id: z.string().uuid(),
    listing_id: z.string().uuid(),
    listing_title: z.string(),
    thread_id: z.string().uuid().describe('The first offer of the negotiation'),
    parent_id: z.string().uuid().nullable().describe('The offer this one counters'),
    side: z.enum(MARKET_PARTIES).describe('The caller’s side in the trade'),
    from_me: z.boolean().describe('Made by the caller’s organization'),
    counterparty: counterpartySchema,
    quantity: z.string(),
    unit: unitSchema,
    price: z.string(),
    amount: z.string().describe('quantity × price, to the centavo'),
    delivery_terms: z.string().nullable(),
    message: z.string().nullable(),
    expires_at: z.string(),
    status: z.enum(OFFER_STATUSES).describe('An open offer past its expiry answers expired'),
    created_at: z.string(),
    responded_at: z.string().nullable(),
    deal_id: z.string().uuid().nullable(),
  })
  .meta({ id: 'MarketOffer' });
export type MarketOffer = z.infer<typeof offerSchema>;

export const offerListingSummarySchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  side: z.enum(['sell', 'buy']),
  kind: kindSchema,
  unit: unitSchema,
  status: z.enum(['active', 'paused', 'closed']),
  quantity: z.string(),
  remaining: z.string().describe('quantity less the deals not cancelled'),
  min_order: z.string().nullable(),
  price: z.string().nullable().describe('null: make an offer'),
  organization: counterpartySchema.describe('Who listed it'),
});

export const offerThreadSchema = z
  .object({
    thread_id: z.string().uuid(),
    listing: offerListingSummarySchema,
    offers: z.array(offerSchema).describe('Oldest first'),
  })
  .meta({ id: 'MarketOfferThread' });
export type MarketOfferThread = z.infer<typeof offerThreadSchema>;

export const ratingSchema = z.object({
  stars: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
});
export type MarketRating = z.infer<typeof ratingSchema>;

export const dealOrderSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
});

export const dealSchema = z
  .object({
    id: z.string().uuid(),
    listing_id: z.string().uuid(),
    listing_title: z.string(),
    offer_id: z.string().uuid(),
    thread_id: z.string().uuid(),
    kind: kindSchema,
    unit: unitSchema,
    role: z.enum(MARKET_PARTIES),
    counterparty: counterpartySchema,
    quantity: z.string(),
    price: z.string(),
    amount: z.string(),
    status: z.enum(DEAL_STATUSES),
    my_order: dealOrderSchema
      .nullable()
      .describe('A material deal’s order in the caller’s organization: the sales or the purchase order'),
    payment_confirmed_at: z
      .string()
      .nullable()
      .describe('A credit deal: when the seller confirmed payment and the credits moved'),
    completed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    my_rating: ratingSchema.nullable(),
    their_rating: ratingSchema.nullable(),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'MarketDeal' });
export type MarketDeal = z.infer<typeof dealSchema>;
