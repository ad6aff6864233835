// Test fixtures of the marketplace (not imported by app code): API answers parsed by the routes' schemas.
import {
  dealSchema,
  marketListingSchema,
  offerSchema,
  offerThreadSchema,
  page,
  publicMarketListingSchema,
} from '@plastrace/shared';
import { wire } from '../../test/wire.ts';

export const LISTING_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7001';
export const OTHER_LISTING_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002';
export const SELLER_ORG = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7101';
export const BUYER_ORG = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7102';
const STAMP = '2026-11-20T02:00:00.000Z';

const checks = [
  { level: 1, label: 'Material and quantity', met: true, detail: 'PET flake, 5,000 kg' },
  { level: 2, label: 'Origin and process', met: true, detail: 'Every lot traces to posted deliveries' },
  {
    level: 3,
    label: 'Lab data and contaminants',
    met: false,
    detail: 'No lot’s passport carries test results',
  },
  { level: 4, label: 'Verified chain of custody', met: false, detail: 'Needs level 3' },
];

const base = (extra: Record<string, unknown>) => ({
  id: LISTING_ID,
  side: 'sell',
  kind: 'material',
  status: 'active',
  closed_reason: null,
  title: 'PET flakes, hot-washed',
  description: 'Clear PET flake from bottles, hot-washed.',
  polymer: 'PET',
  form: 'flake',
  grade: 'A',
  credit_vintage: null,
  credit_fate: null,
  unit: 'kg',
  quantity: '5000.000',
  remaining: '5000.000',
  min_order: '1000.000',
  price: '32.00',
  location: { city: 'Valenzuela', province: 'Metro Manila', latitude: '14.700000', longitude: '120.983000' },
  distance_km: null,
  available_from: null,
  available_until: null,
  quality_level: 2,
  quality: { level: 2, checks },
  created_at: STAMP,
  updated_at: STAMP,
  version: 1,
  photos: [],
  ...extra,
});

/** A listing as a member of another organization sees it. */
export const memberListing = (extra: Record<string, unknown> = {}) =>
  wire(
    marketListingSchema,
    base({
      organization_id: SELLER_ORG,
      material: null,
      // Another organization's lots: no ids, codes or reservations.
      lots: [
        {
          lot_id: null,
          code: null,
          kg: '5000.000',
          reserved_kg: null,
          passport_url: 'https://id.plastrace.ph/01/09506000134352/10/lot-1',
        },
      ],
      seller: {
        organization_id: SELLER_ORG,
        name: 'EcoPlast Recycling Inc.',
        city: 'Valenzuela',
        rating: '4.5',
        ratings_count: 4,
        completed_deals: 6,
        contact: { name: 'Maria Santos', email: 'maria.santos@ecoplast.ph' },
      },
      photo_file_ids: [],
      mine: false,
      ...extra,
    }),
  );

/** The same listing as anyone sees it: no seller. */
export const publicListing = (extra: Record<string, unknown> = {}) =>
  wire(publicMarketListingSchema, base({ lots: [{ kg: '5000.000', has_passport: true }], ...extra }));

export const listingPage = (items: unknown[]) =>
  wire(page(marketListingSchema), { items, next_cursor: null });
export const publicPage = (items: unknown[]) =>
  wire(page(publicMarketListingSchema), { items, next_cursor: null });

export const offer = (extra: Record<string, unknown> = {}) =>
  wire(offerSchema, {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7301',
    listing_id: LISTING_ID,
    listing_title: 'PET flakes, hot-washed',
    thread_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7301',
    parent_id: null,
    side: 'buyer',
    from_me: true,
    counterparty: { organization_id: SELLER_ORG, name: 'EcoPlast Recycling Inc.' },
    quantity: '2000.000',
    unit: 'kg',
    price: '30.00',
    amount: '60000.00',
    delivery_terms: null,
    message: null,
    expires_at: '2026-12-03T02:00:00.000Z',
    status: 'open',
    created_at: STAMP,
    responded_at: null,
    deal_id: null,
    ...extra,
  });

export const thread = (offers: unknown[]) =>
  wire(offerThreadSchema, {
    thread_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7301',
    listing: {
      id: LISTING_ID,
      title: 'PET flakes, hot-washed',
      side: 'sell',
      kind: 'material',
      unit: 'kg',
      status: 'active',
      quantity: '5000.000',
      remaining: '5000.000',
      min_order: '1000.000',
      price: '32.00',
      organization: { organization_id: SELLER_ORG, name: 'EcoPlast Recycling Inc.' },
    },
    offers,
  });

export const deal = (extra: Record<string, unknown> = {}) =>
  wire(dealSchema, {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7401',
    listing_id: LISTING_ID,
    listing_title: 'PET flakes, hot-washed',
    offer_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7301',
    thread_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7301',
    kind: 'material',
    unit: 'kg',
    role: 'buyer',
    counterparty: { organization_id: SELLER_ORG, name: 'EcoPlast Recycling Inc.' },
    quantity: '2000.000',
    price: '31.00',
    amount: '62000.00',
    status: 'open',
    my_order: null,
    payment_confirmed_at: null,
    completed_at: null,
    cancelled_at: null,
    cancel_reason: null,
    my_rating: null,
    their_rating: null,
    created_at: STAMP,
    version: 1,
    ...extra,
  });

export const dealPage = (items: unknown[]) => wire(page(dealSchema), { items, next_cursor: null });

/** `n` photos of LISTING_ID under the members' routes, or the public ones. */
export const listingPhotos = (n: number, base = '/api/market/listings') =>
  Array.from({ length: n }, (_, i) => {
    const url = `${base}/${LISTING_ID}/photos/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f75${String(i).padStart(2, '0')}`;
    return { url, thumbnail_url: `${url}/thumbnail` };
  });
