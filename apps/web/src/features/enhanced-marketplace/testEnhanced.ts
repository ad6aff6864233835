// Test fixtures of the enhanced marketplace (not imported by app code): API answers parsed by the routes'
// schemas.
import {
  marketPriceHistorySchema,
  page,
  receivedRfqSchema,
  rfqSchema,
  savedSearchSchema,
} from '@plastrace/shared';
import { wire } from '../../test/wire.ts';
import { LISTING_ID, SELLER_ORG } from '../marketplace/testMarket.ts';

export const SEARCH_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8001';
export const RFQ_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8101';
export const OFFER_ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8201';
const BUYER_ORG = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8301';
const STAMP = '2026-11-20T02:00:00.000Z';

export const savedSearch = (extra: Record<string, unknown> = {}) =>
  wire(savedSearchSchema, {
    id: SEARCH_ID,
    name: 'PET flakes under ₱45',
    filters: { side: 'sell', polymer: 'PET', form: 'flake', max_price: '45', min_level: 2 },
    alert: true,
    alerted_through: STAMP,
    created_at: STAMP,
    updated_at: STAMP,
    ...extra,
  });
export const searchesPage = (items: unknown[]) => wire(page(savedSearchSchema), { items, next_cursor: null });

const rfqFields = {
  id: RFQ_ID,
  number: 'RFQ-2026-0001',
  title: 'Flakes for strapping',
  polymer: 'PET',
  form: 'flake',
  grade: null,
  quantity_kg: '3000.000',
  target_price: '40.00',
  needed_by: null,
  delivery_terms: null,
  message: null,
  closes_at: '2026-12-01T10:00:00.000Z',
  status: 'open',
  created_at: STAMP,
};

export const rfq = () =>
  wire(rfqSchema, {
    ...rfqFields,
    recipients: [
      {
        id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8401',
        seller: { organization_id: SELLER_ORG, name: 'EcoPlast Recycling Inc.' },
        listing: { id: LISTING_ID, title: 'PET flakes, hot-washed' },
        status: 'quoted',
        offer_id: OFFER_ID,
        responded_at: STAMP,
      },
      {
        id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8402',
        seller: { organization_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8302', name: 'Cebu Plastics Corp.' },
        listing: { id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f7002', title: 'Cebu flakes' },
        status: 'sent',
        offer_id: null,
        responded_at: null,
      },
    ],
  });
export const rfqPage = (items: unknown[]) => wire(page(rfqSchema), { items, next_cursor: null });

export const receivedRfq = (extra: Record<string, unknown> = {}) =>
  wire(receivedRfqSchema, {
    ...rfqFields,
    buyer: { organization_id: BUYER_ORG, name: 'Bottle Makers Inc.' },
    recipient_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f8403',
    listing: { id: LISTING_ID, title: 'PET flakes, hot-washed' },
    my_status: 'sent',
    offer_id: null,
    responded_at: null,
    ...extra,
  });
export const receivedPage = (items: unknown[]) => wire(page(receivedRfqSchema), { items, next_cursor: null });

const none = { quantity: null, enough: false, average_price: null, min_price: null, max_price: null };
export const priceHistory = () =>
  wire(marketPriceHistorySchema, {
    kind: 'material',
    unit: 'kg',
    interval: 'month',
    from: '2026-08-01',
    to: '2026-11-30',
    periods: [
      {
        period: '2026-08',
        from: '2026-08-01',
        to: '2026-08-31',
        deals: 5,
        quantity: '6000.000',
        enough: true,
        average_price: '42.50',
        min_price: '39.00',
        max_price: '46.00',
      },
      {
        period: '2026-09',
        from: '2026-09-01',
        to: '2026-09-30',
        deals: 3,
        quantity: '4000.000',
        enough: true,
        average_price: '43.00',
        min_price: null,
        max_price: null,
      },
      { period: '2026-10', from: '2026-10-01', to: '2026-10-31', deals: 2, ...none },
      { period: '2026-11', from: '2026-11-01', to: '2026-11-30', deals: 0, ...none },
    ],
  });
