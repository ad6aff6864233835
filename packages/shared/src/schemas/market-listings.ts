import { z } from 'zod';
import { MATERIAL_FORMS, POLYMERS } from './calculations.ts';
import { CREDIT_FATES, CREDIT_VINTAGE_MAX, CREDIT_VINTAGE_MIN } from './credits.ts';
import { cursorParam, day, decimal, str, versionField } from './wire.ts';

// Marketplace listings (docs/architecture.md "Marketplace"): an organization offers (sell) or asks for
// (buy) kilograms of a material or EPR credits. A sell listing of lots reserves their kilograms, a credit
// listing its block's credits, so nothing is sold twice. Members see who lists; anonymous visitors do not.

export const MARKET_SIDES = ['sell', 'buy'] as const;
export const MARKET_KINDS = ['material', 'credits'] as const;
export const MARKET_LISTING_STATUSES = ['active', 'paused', 'closed'] as const;
export const MARKET_CLOSED_REASONS = ['withdrawn', 'expired', 'sold_out'] as const;
export const MARKET_SORTS = ['newest', 'price_asc', 'price_desc', 'distance', 'quantity_desc'] as const;
export const MARKET_QUALITY_LEVELS = [1, 2, 3, 4] as const;
export type MarketSide = (typeof MARKET_SIDES)[number];
export type MarketKind = (typeof MARKET_KINDS)[number];
export type MarketListingStatus = (typeof MARKET_LISTING_STATUSES)[number];
export type MarketSort = (typeof MARKET_SORTS)[number];

export const MARKET_SIDE_LABELS: Record<MarketSide, string> = { sell: 'Selling', buy: 'Buying' };
export const MARKET_KIND_LABELS: Record<MarketKind, string> = {
  material: 'Material',
  credits: 'EPR credits',
};
export const MARKET_LISTING_STATUS_LABELS: Record<MarketListingStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  closed: 'Closed',
};
/** DIN SPEC 91446-style data-quality levels: each adds to the one below. */
export const MARKET_QUALITY_LABELS: Record<1 | 2 | 3 | 4, string> = {
  1: 'Material and quantity',
  2: 'Origin and process',
  3: 'Lab data and contaminants',
  4: 'Verified chain of custody',
};

// Below 10,000 t a listing and ₱100,000 a unit, the same bounds as an order line.
const quantityField = (label = 'Quantity') => decimal(label, { scale: 3, digits: 7, positive: true });
const priceField = decimal('Price', { scale: 2, digits: 5 });
const text = (max: number, message = `At most ${max} characters`) => str().trim().max(max, message);
const latitude = decimal('Latitude', { scale: 6, digits: 2, signed: true, min: -90, max: 90 });
const longitude = decimal('Longitude', { scale: 6, digits: 3, signed: true, min: -180, max: 180 });

export const marketListingLotInputSchema = z.object({
  lot_id: z.string().uuid('Choose a lot'),
  kg: quantityField('Kg'),
});

/** A listing's fields; `marketListingRules` adds the rules between them. */
export const marketListingFields = z.object({
  side: z.enum(MARKET_SIDES, 'Choose sell or buy'),
  kind: z.enum(MARKET_KINDS, 'Choose material or EPR credits'),
  title: text(120).min(3, 'Enter a title of at least 3 characters'),
  description: text(4000).nullish(),
  material_id: z
    .string()
    .uuid('Choose a material')
    .nullish()
    .describe('A sell material listing: your material'),
  polymer: z.enum(POLYMERS, 'Choose a polymer').nullish().describe('A buy listing: the polymer wanted'),
  form: z.enum(MATERIAL_FORMS, 'Choose a form').nullish().describe('A buy listing: the form wanted'),
  grade: text(20).min(1, 'Grade is required').nullish(),
  lots: z
    .array(marketListingLotInputSchema)
    .max(50, 'At most 50 lots')
    .optional()
    .describe('A sell material listing: the lots backing it, whose kg are reserved; quantity is their sum'),
  quantity: quantityField()
    .optional()
    .describe('kg, or whole credits; required unless lots are given (their sum)'),
  credit_block_id: z.string().uuid('Choose a credit block').nullish().describe('A sell credit listing'),
  credit_fate: z
    .enum(CREDIT_FATES, 'Choose recycling or co-processing')
    .nullish()
    .describe('A buy credit listing: the end fate wanted (a sell listing takes its batch’s)'),
  credit_vintage: z
    .number()
    .int()
    .min(CREDIT_VINTAGE_MIN)
    .max(CREDIT_VINTAGE_MAX)
    .nullish()
    .describe('A buy credit listing: the vintage wanted'),
  min_order: quantityField('Minimum order').nullish(),
  price: priceField.nullish().describe('PHP per kg or per credit; null: "make an offer"'),
  facility_id: z
    .string()
    .uuid('Choose a facility')
    .nullish()
    .describe('Location from the facility; otherwise city, province, latitude and longitude'),
  city: text(100).nullish(),
  province: text(100).nullish(),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
  available_from: day('Enter the first day available').nullish(),
  available_until: day('Enter the last day available').nullish(),
});
export type MarketListingFields = z.infer<typeof marketListingFields>;

export type MarketListingIssue = { path: (string | number)[]; message: string };

const isWhole = (s: string) => /^\d+(\.0*)?$/.test(s);

/** The rules between a listing's fields, in the words the server answers with. */
export function marketListingIssues(r: MarketListingFields): MarketListingIssue[] {
  const issues: MarketListingIssue[] = [];
  const add = (path: (string | number)[], message: string) => issues.push({ path, message });
  const hasLots = (r.lots?.length ?? 0) > 0;
  if (r.kind === 'material') {
    if (r.credit_fate || r.credit_vintage)
      add(['credit_fate'], 'A material listing has no credit fate or vintage');
    if (r.credit_block_id) add(['credit_block_id'], 'A material listing has no credit block');
    if (r.side === 'sell' && !r.material_id) add(['material_id'], 'Choose the material you sell');
    if (r.side === 'buy') {
      if (r.material_id) add(['material_id'], 'A buy listing names a polymer and form, not your material');
      if (!r.polymer) add(['polymer'], 'Choose a polymer');
      if (hasLots) add(['lots'], 'A buy listing has no lots');
    }
    if (!hasLots && !r.quantity) add(['quantity'], 'Enter the quantity in kg');
    const seen = new Set<string>();
    r.lots?.forEach((l, i) => {
      if (seen.has(l.lot_id)) add(['lots', i, 'lot_id'], 'This lot is already listed above');
      seen.add(l.lot_id);
    });
  } else {
    if (r.material_id || r.polymer || r.form) add(['material_id'], 'A credit listing names no material');
    if (hasLots) add(['lots'], 'A credit listing has no lots');
    if (r.side === 'sell' && !r.credit_block_id) add(['credit_block_id'], 'Choose the credits you sell');
    if (r.side === 'buy' && r.credit_block_id)
      add(['credit_block_id'], 'A buy listing names no credit block');
    if (!r.quantity) add(['quantity'], 'Enter the number of credits');
    else if (!isWhole(r.quantity)) add(['quantity'], 'Credits are whole numbers');
    if (r.min_order && !isWhole(r.min_order)) add(['min_order'], 'Credits are whole numbers');
  }
  if (r.available_from && r.available_until && r.available_until < r.available_from)
    add(['available_until'], 'The last day cannot be before the first day');
  if ((r.latitude == null) !== (r.longitude == null))
    add([r.latitude == null ? 'latitude' : 'longitude'], 'Enter both latitude and longitude, or neither');
  return issues;
}

export const marketListingCreateSchema = marketListingFields.superRefine((r, ctx) => {
  for (const issue of marketListingIssues(r)) ctx.addIssue({ code: 'custom', ...issue });
});
export type MarketListingCreate = z.infer<typeof marketListingCreateSchema>;

/** What may change on a listing; the lots and quantity do not (close it and list again). */
export const marketListingUpdateSchema = z
  .object({
    version: versionField(),
    title: text(120).min(3, 'Enter a title of at least 3 characters').optional(),
    description: text(4000).nullish(),
    price: priceField.nullish(),
    min_order: quantityField('Minimum order').nullish(),
    available_from: day('Enter the first day available').nullish(),
    available_until: day('Enter the last day available').nullish(),
    status: z.enum(['active', 'paused'], 'Choose active or paused').optional(),
  })
  .superRefine((r, ctx) => {
    if (r.available_from && r.available_until && r.available_until < r.available_from)
      ctx.addIssue({
        code: 'custom',
        path: ['available_until'],
        message: 'The last day cannot be before the first day',
      });
  });
export type MarketListingUpdate = z.infer<typeof marketListingUpdateSchema>;

/** Withdraws a listing: its reservations are released and its open offers end with it. */
export const marketListingCloseSchema = z.object({ version: versionField() });
export type MarketListingClose = z.infer<typeof marketListingCloseSchema>;

export const marketQualityCheckSchema = z.object({
  level: z.number().int(),
  label: z.string(),
  met: z.boolean(),
  detail: z.string(),
});
export const marketQualitySchema = z.object({
  level: z.number().int().min(1).max(4),
  checks: z.array(marketQualityCheckSchema),
});
export type MarketQuality = z.infer<typeof marketQualitySchema>;
export type MarketQualityCheck = z.infer<typeof marketQualityCheckSchema>;

const locationSchema = z.object({
  city: z.string().nullable(),
  province: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
});

export const marketSellerSchema = z.object({
  organization_id: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  rating: z.string().nullable().describe('Average stars, 1 decimal; null before the first rating'),
  ratings_count: z.number().int(),
  completed_deals: z.number().int(),
  contact: z
    .object({ name: z.string(), email: z.string() })
    .nullable()
    .describe('Who listed it, while still an active member of the seller; never shown to visitors'),
});
export type MarketSeller = z.infer<typeof marketSellerSchema>;

const listingBase = {
  id: z.string(),
  side: z.enum(MARKET_SIDES),
  kind: z.enum(MARKET_KINDS),
  status: z.enum(MARKET_LISTING_STATUSES),
  closed_reason: z.string().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  polymer: z.string().nullable(),
  form: z.string().nullable(),
  grade: z.string().nullable(),
  credit_vintage: z.number().int().nullable(),
  credit_fate: z.string().nullable(),
  unit: z.enum(['kg', 'credit']),
  quantity: z.string(),
  remaining: z.string().describe('quantity less the deals made on it that were not cancelled'),
  min_order: z.string().nullable(),
  price: z.string().nullable().describe('PHP per unit; null: "make an offer"'),
  location: locationSchema,
  distance_km: z.string().nullable().describe('From near_lat/near_lng when searched from a point'),
  available_from: z.string().nullable(),
  available_until: z.string().nullable(),
  quality_level: z.number().int(),
  quality: marketQualitySchema,
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
};

/** A listing's photos, in the order they were added: urls under the listing (members' or public routes). */
export const marketListingPhotoSchema = z.object({ url: z.string(), thumbnail_url: z.string() });
export type MarketListingPhoto = z.infer<typeof marketListingPhotoSchema>;

/** A listing as members see it. */
export const marketListingSchema = z.object({
  ...listingBase,
  organization_id: z.string(),
  material: z
    .object({ id: z.string(), code: z.string(), name: z.string() })
    .nullable()
    .describe('Only for the organization that listed'),
  lots: z.array(
    z.object({
      lot_id: z.string().nullable().describe('Only for the organization that listed'),
      code: z.string().nullable().describe('Only for the organization that listed'),
      kg: z.string(),
      reserved_kg: z.string().nullable().describe('Only for the organization that listed'),
      passport_url: z.string().nullable().describe('The lot’s published passport'),
    }),
  ),
  seller: marketSellerSchema.nullable(),
  photo_file_ids: z
    .array(z.string())
    .describe('Your own listing’s photos (files of your organization); empty on another’s'),
  photos: z.array(marketListingPhotoSchema).describe('Every viewer’s: the photos’ urls (market.read)'),
  mine: z.boolean(),
});
export type MarketListing = z.infer<typeof marketListingSchema>;

/**
 * A listing as anyone sees it: no seller identity, no ids or codes of the seller's rows. A lot's passport is
 * only flagged: its Digital Link names the organization and the lot code. The location's point is snapped
 * to a 0.05° grid (about 5 km) and distances are measured from it, so the seller's facility cannot be found.
 */
export const publicMarketListingSchema = z.object({
  ...listingBase,
  lots: z.array(z.object({ kg: z.string(), has_passport: z.boolean() })),
  photos: z.array(marketListingPhotoSchema).describe('The photos’ urls under /api/public'),
});
export type PublicMarketListing = z.infer<typeof publicMarketListingSchema>;

const optionalNumber = (label: string, rule: Parameters<typeof decimal>[1]) =>
  decimal(label, rule).optional();

/** Search filters: shared by the members' search, the public one, saved searches and matching. */
export const marketSearchFiltersSchema = z.object({
  q: str().trim().max(200).optional(),
  side: z.enum(MARKET_SIDES).optional(),
  kind: z.enum(MARKET_KINDS).optional(),
  polymer: z.enum(POLYMERS).optional(),
  form: z.enum(MATERIAL_FORMS).optional(),
  grade: str().trim().max(20).optional(),
  min_level: z.coerce.number().int().min(1).max(4).optional(),
  min_price: optionalNumber('Minimum price', { scale: 2, digits: 5 }),
  max_price: optionalNumber('Maximum price', { scale: 2, digits: 5 }),
  min_quantity: optionalNumber('Minimum quantity', { scale: 3, digits: 7 }),
  near_lat: optionalNumber('Latitude', { scale: 6, digits: 2, signed: true, min: -90, max: 90 }),
  near_lng: optionalNumber('Longitude', { scale: 6, digits: 3, signed: true, min: -180, max: 180 }),
  within_km: optionalNumber('Distance', { scale: 1, digits: 5, positive: true }),
  fate: z.enum(CREDIT_FATES).optional(),
  vintage: z.coerce.number().int().min(CREDIT_VINTAGE_MIN).max(CREDIT_VINTAGE_MAX).optional(),
});
export type MarketSearchFilters = z.infer<typeof marketSearchFiltersSchema>;

export const marketSearchQuerySchema = marketSearchFiltersSchema
  .extend({
    sort: z.enum(MARKET_SORTS).default('newest'),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: cursorParam(),
  })
  .superRefine((r, ctx) => {
    if ((r.near_lat === undefined) !== (r.near_lng === undefined))
      ctx.addIssue({ code: 'custom', path: ['near_lng'], message: 'Send both near_lat and near_lng' });
    if ((r.within_km !== undefined || r.sort === 'distance') && r.near_lat === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['near_lat'],
        message: 'Send near_lat and near_lng to search by distance',
      });
  });
export type MarketSearchQuery = z.infer<typeof marketSearchQuerySchema>;

/** My organization's listings. */
export const marketListingListQuerySchema = z.object({
  status: z.enum(MARKET_LISTING_STATUSES).optional(),
  side: z.enum(MARKET_SIDES).optional(),
  kind: z.enum(MARKET_KINDS).optional(),
  q: str().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: cursorParam(),
});
export type MarketListingListQuery = z.infer<typeof marketListingListQuerySchema>;
