import { z } from 'zod';
import { MATERIAL_FORMS, POLYMERS } from './calculations.ts';
import { marketSearchFiltersSchema } from './market-listings.ts';
import { cursorParam, day, decimal, instant, str } from './wire.ts';

// The enhanced marketplace (docs/architecture.md "Marketplace"): a member's saved searches with daily
// alerts, requests for quotation sent to several sellers at once (each quote is an offer), the price
// history of completed deals (anonymous, and only for periods with enough deals), and matches between
// buy requests and sell listings.

const name = str().trim().min(1, 'Name is required').max(100, 'At most 100 characters');

/** What a saved search keeps: the marketplace search's filters, without sort and paging. */
export const savedSearchFiltersSchema = marketSearchFiltersSchema;
/** Stored filters as answered: the search's query keys with their values as the search took them. */
const savedFiltersView = z.record(z.string(), z.union([z.string(), z.number()]));
export type SavedSearchFilters = z.infer<typeof savedSearchFiltersSchema>;

export const savedSearchCreateSchema = z.object({
  name,
  filters: savedSearchFiltersSchema.default({}),
  alert: z.boolean().default(true).describe('E-mail new matching listings once a day'),
});
export type SavedSearchInput = z.infer<typeof savedSearchCreateSchema>;

export const savedSearchUpdateSchema = z
  .object({
    name: name.optional(),
    filters: savedSearchFiltersSchema.optional(),
    alert: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one of name, filters, alert');
export type SavedSearchUpdate = z.infer<typeof savedSearchUpdateSchema>;

export const savedSearchSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  filters: savedFiltersView,
  alert: z.boolean(),
  alerted_through: z.string().describe('Listings created after this have not been e-mailed yet'),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

// Requests for quotation. One request goes to 1–10 sell listings of other organizations (one seller each);
// a seller answers with a quote (an offer on its listing to the buyer, negotiated like any offer) or declines.

export const RFQ_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const RFQ_RECIPIENT_STATUSES = ['sent', 'quoted', 'declined'] as const;
export type RfqRecipientStatus = (typeof RFQ_RECIPIENT_STATUSES)[number];
export const MAX_RFQ_LISTINGS = 10;

// The bounds of an offer (below 10,000 t and ₱10,000,000 a unit): a quote becomes one.
const kg = (label: string) => decimal(label, { scale: 3, digits: 7, positive: true });
const money = (label: string) => decimal(label, { scale: 2, digits: 7 });
const terms = str().trim().max(500, 'At most 500 characters');

export const rfqCreateSchema = z.object({
  title: str().trim().min(1, 'Title is required').max(200, 'At most 200 characters'),
  polymer: z.enum(POLYMERS, `Choose a polymer: ${POLYMERS.join(', ')}`),
  form: z.enum(MATERIAL_FORMS, `Choose a form: ${MATERIAL_FORMS.join(', ')}`),
  grade: str().trim().max(20, 'At most 20 characters').optional(),
  quantity_kg: kg('Quantity'),
  target_price: money('Target price').optional().describe('PHP per kg'),
  needed_by: day().optional(),
  delivery_terms: terms.optional(),
  message: str().trim().max(2000, 'At most 2000 characters').optional(),
  closes_at: instant().describe('No quote is taken after this'),
  listing_ids: z
    .array(z.string().uuid('Choose listings from the marketplace'))
    .min(1, 'Choose at least one listing')
    .max(MAX_RFQ_LISTINGS, `Choose at most ${MAX_RFQ_LISTINGS} listings`),
});
export type RfqInput = z.infer<typeof rfqCreateSchema>;

export const rfqQuoteSchema = z.object({
  quantity: kg('Quantity'),
  price: money('Price'),
  delivery_terms: terms.optional(),
  expires_at: instant().optional().describe('Default: 7 days from now'),
});
export type RfqQuoteInput = z.infer<typeof rfqQuoteSchema>;

export const rfqDeclineSchema = z.object({ reason: terms.optional() });

const party = z.object({ organization_id: z.string().uuid(), name: z.string() });
const listingRef = z.object({ id: z.string().uuid(), title: z.string() });

export const rfqRecipientSchema = z.object({
  id: z.string().uuid(),
  seller: party,
  listing: listingRef,
  status: z.enum(RFQ_RECIPIENT_STATUSES),
  offer_id: z.string().uuid().nullable().describe('The quote: an offer in /marketplace'),
  responded_at: z.string().nullable(),
});

const rfqFields = {
  id: z.string().uuid(),
  number: z.string().describe('RFQ-{year}-nnnn, gapless per organization'),
  title: z.string(),
  polymer: z.string().nullable(),
  form: z.string().nullable(),
  grade: z.string().nullable(),
  quantity_kg: z.string(),
  target_price: z.string().nullable(),
  needed_by: z.string().nullable(),
  delivery_terms: z.string().nullable(),
  message: z.string().nullable(),
  closes_at: z.string(),
  status: z.enum(RFQ_STATUSES).describe('An open request past closes_at answers closed'),
  created_at: z.string(),
};

export const rfqSchema = z.object({ ...rfqFields, recipients: z.array(rfqRecipientSchema) });
export type Rfq = z.infer<typeof rfqSchema>;

/** An RFQ as a seller it was sent to sees it: the buyer, and the seller's own answer. */
export const receivedRfqSchema = z.object({
  ...rfqFields,
  buyer: party,
  recipient_id: z.string().uuid(),
  listing: listingRef,
  my_status: z.enum(RFQ_RECIPIENT_STATUSES),
  offer_id: z.string().uuid().nullable(),
  responded_at: z.string().nullable(),
});
export type ReceivedRfq = z.infer<typeof receivedRfqSchema>;

export const rfqListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorParam(),
  status: z.enum(RFQ_STATUSES).optional(),
});

// Price history of completed deals.

export const MARKET_PRICE_INTERVALS = ['month', 'quarter'] as const;
export type MarketPriceInterval = (typeof MARKET_PRICE_INTERVALS)[number];
/**
 * Fewer deals in a period than this and only their count is shown, neither quantity nor prices: one or two
 * deals' figures would tell the parties' terms to anyone who knows who traded.
 */
export const MIN_DEALS_FOR_PRICES = 3;
/** Fewer deals than this and the period's lowest and highest price are not shown: each is one deal's price. */
export const MIN_DEALS_FOR_RANGE = 5;
export const NOT_ENOUGH_DEALS = 'Not enough deals to show';

export const marketPriceHistoryQuerySchema = z
  .object({
    kind: z.enum(['material', 'credits']).default('material'),
    polymer: z.enum(POLYMERS).optional(),
    form: z.enum(MATERIAL_FORMS).optional(),
    grade: str().trim().max(20).optional(),
    interval: z.enum(MARKET_PRICE_INTERVALS).default('month'),
    from: day()
      .optional()
      .describe('Default: a year before `to`. Moved back to the start of its month or quarter'),
    to: day().optional().describe('Default: today. Moved on to the end of its month or quarter'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'From must be on or before to',
    path: ['from'],
  });
export type MarketPriceHistoryQuery = z.infer<typeof marketPriceHistoryQuerySchema>;

export const marketPricePeriodSchema = z.object({
  period: z.string().describe('2026-03 or 2026-Q1'),
  from: z.string(),
  to: z.string(),
  deals: z.number().int(),
  quantity: z
    .string()
    .nullable()
    .describe(`kg or credits completed in the period; null under ${MIN_DEALS_FOR_PRICES} deals`),
  enough: z
    .boolean()
    .describe(`false when fewer than ${MIN_DEALS_FOR_PRICES} deals: the count only, no quantity or prices`),
  average_price: z.string().nullable().describe('Weighted by quantity'),
  min_price: z.string().nullable().describe(`null under ${MIN_DEALS_FOR_RANGE} deals`),
  max_price: z.string().nullable().describe(`null under ${MIN_DEALS_FOR_RANGE} deals`),
});
export type MarketPricePeriod = z.infer<typeof marketPricePeriodSchema>;

export const marketPriceHistorySchema = z.object({
  kind: z.enum(['material', 'credits']),
  unit: z.enum(['kg', 'credit']),
  interval: z.enum(MARKET_PRICE_INTERVALS),
  from: z.string().describe('The first day of the first period'),
  to: z.string().describe('The last day of the last period'),
  periods: z.array(marketPricePeriodSchema),
});
export type MarketPriceHistory = z.infer<typeof marketPriceHistorySchema>;
