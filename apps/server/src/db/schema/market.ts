import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { creditBatches, creditBlocks } from './epr.ts';
import { facilities, materials } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { orderRecords } from './outbound.ts';
import { lots } from './stock.ts';

// The marketplace (docs/architecture.md "Marketplace"): the first rows two organizations share. A listing
// belongs to the organization that posted it; an offer and a deal belong to both parties (seller and buyer)
// and every query names one of them; saved searches and requests for quotation belong to their author.

const tstz = () => timestamp({ withTimezone: true });
const qty = () => numeric({ precision: 14, scale: 3 });
const php = () => numeric({ precision: 14, scale: 2 });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

/** A sell or buy listing of a material (kg) or of EPR credits (credits). */
export const marketListings = pgTable(
  'market_listings',
  {
    id: id(),
    organizationId: orgId(),
    /** sell or buy */
    side: text().notNull(),
    /** material or credits */
    kind: text().notNull(),
    /** active, paused or closed (withdrawn, expired or sold out: closed_reason says which). */
    status: text().notNull().default('active'),
    closedReason: text(),
    title: text().notNull(),
    description: text(),
    /** A material listing: the poster's material (a buy listing may name only polymer, form and grade). */
    materialId: uuid().references(() => materials.id),
    polymer: text(),
    form: text(),
    grade: text(),
    /** A credit listing: the batch its credits come from, their vintage and end fate. */
    creditBatchId: uuid().references(() => creditBatches.id),
    creditVintage: integer(),
    creditFate: text(),
    /** kg or credit */
    unit: text().notNull(),
    quantity: qty().notNull(),
    minOrder: qty(),
    /** PHP per kg or per credit; null: "make an offer". */
    price: php(),
    facilityId: uuid().references(() => facilities.id),
    city: text(),
    province: text(),
    latitude: numeric({ precision: 9, scale: 6 }),
    longitude: numeric({ precision: 9, scale: 6 }),
    availableFrom: date(),
    availableUntil: date(),
    /** DIN SPEC 91446-style data-quality level 1–4, computed from what the lots prove, with its reasons. */
    qualityLevel: smallint().notNull().default(1),
    quality: jsonb().notNull().default({}),
    photoFileIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index().on(t.organizationId, t.createdAt),
    index('market_listings_public').on(t.status, t.kind, t.side, t.createdAt, t.id),
    check('market_listings_side', sql`${t.side} IN ('sell', 'buy')`),
    check('market_listings_kind', sql`${t.kind} IN ('material', 'credits')`),
    check('market_listings_status', sql`${t.status} IN ('active', 'paused', 'closed')`),
    check('market_listings_unit', sql`(${t.kind} = 'material') = (${t.unit} = 'kg')`),
    check('market_listings_quantity', sql`${t.quantity} > 0`),
    check('market_listings_level', sql`${t.qualityLevel} BETWEEN 1 AND 4`),
  ],
);

/** The lots a sell listing offers, with the kg of each. */
export const marketListingLots = pgTable(
  'market_listing_lots',
  {
    listingId: uuid()
      .notNull()
      .references(() => marketListings.id),
    organizationId: orgId(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    kg: qty().notNull(),
  },
  (t) => [
    unique().on(t.listingId, t.lotId),
    index().on(t.lotId),
    check('market_listing_lots_kg', sql`${t.kg} > 0`),
  ],
);

/**
 * Reservations (append-only): kg of a lot, or credits of a block, held for a listing, then for the deal's
 * sales order; a release is a negative row. Lot rows keep `lot_balances.reserved_kg` (trigger, migration
 * 0031), which no stock movement may take below; credit rows are summed when credits move.
 */
export const marketReservations = pgTable(
  'market_reservations',
  {
    id: id(),
    organizationId: orgId(),
    lotId: uuid().references(() => lots.id),
    creditBlockId: uuid().references(() => creditBlocks.id),
    listingId: uuid()
      .notNull()
      .references(() => marketListings.id),
    dealId: uuid(),
    /** Set when the kg are held for the deal's sales order (a dispatch against it takes them). */
    orderId: uuid().references(() => orderRecords.id),
    /** The dispatch that took an order's kg (its release), so a void of it holds them for the order again. */
    dispatchId: uuid(),
    /** kg of the lot, or a number of credits; negative releases. */
    qty: qty().notNull(),
    reason: text().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.lotId),
    index().on(t.creditBlockId),
    index().on(t.listingId),
    index().on(t.orderId),
    check('market_reservations_target', sql`(${t.lotId} IS NULL) <> (${t.creditBlockId} IS NULL)`),
    check('market_reservations_qty', sql`${t.qty} <> 0`),
  ],
);

/**
 * An offer on a listing, or a counter-offer to one (`parent_id`; `thread_id` is the first offer's id). The
 * seller and buyer are the two parties whichever side listed; `from_organization_id` is who made it.
 */
export const marketOffers = pgTable(
  'market_offers',
  {
    id: id(),
    listingId: uuid()
      .notNull()
      .references(() => marketListings.id),
    threadId: uuid().notNull(),
    parentId: uuid(),
    sellerOrganizationId: orgId(),
    buyerOrganizationId: orgId(),
    fromOrganizationId: orgId(),
    quantity: qty().notNull(),
    price: php().notNull(),
    deliveryTerms: text(),
    message: text(),
    expiresAt: tstz().notNull(),
    /** open, countered, accepted, declined, withdrawn or expired */
    status: text().notNull().default('open'),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    respondedBy: uuid().references(() => users.id),
    respondedAt: tstz(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.sellerOrganizationId, t.createdAt),
    index().on(t.buyerOrganizationId, t.createdAt),
    index().on(t.threadId),
    index().on(t.listingId),
    check('market_offers_parties', sql`${t.sellerOrganizationId} <> ${t.buyerOrganizationId}`),
    check(
      'market_offers_status',
      sql`${t.status} IN ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')`,
    ),
    check('market_offers_quantity', sql`${t.quantity} > 0 AND ${t.price} >= 0`),
  ],
);

/** An accepted offer: the seller's sales order and the buyer's purchase order, or credits to transfer. */
export const marketDeals = pgTable(
  'market_deals',
  {
    id: id(),
    listingId: uuid()
      .notNull()
      .references(() => marketListings.id),
    offerId: uuid()
      .notNull()
      .unique()
      .references(() => marketOffers.id),
    sellerOrganizationId: orgId(),
    buyerOrganizationId: orgId(),
    unit: text().notNull(),
    quantity: qty().notNull(),
    price: php().notNull(),
    amount: php().notNull(),
    /** open (orders placed, or credits awaiting payment), completed or cancelled */
    status: text().notNull().default('open'),
    sellerOrderId: uuid().references(() => orderRecords.id),
    buyerOrderId: uuid().references(() => orderRecords.id),
    paymentConfirmedAt: tstz(),
    completedAt: tstz(),
    cancelledAt: tstz(),
    cancelledBy: uuid().references(() => users.id),
    cancelReason: text(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index().on(t.sellerOrganizationId, t.createdAt),
    index().on(t.buyerOrganizationId, t.createdAt),
    index().on(t.status, t.completedAt),
    check('market_deals_status', sql`${t.status} IN ('open', 'completed', 'cancelled')`),
  ],
);

/** One rating per party per completed deal. */
export const marketRatings = pgTable(
  'market_ratings',
  {
    id: id(),
    dealId: uuid()
      .notNull()
      .references(() => marketDeals.id),
    fromOrganizationId: orgId(),
    toOrganizationId: orgId(),
    stars: smallint().notNull(),
    comment: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    unique().on(t.dealId, t.fromOrganizationId),
    index().on(t.toOrganizationId),
    check('market_ratings_stars', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);

/** A member's saved search; with `alert` on, new matching listings are e-mailed once a day. */
export const marketSavedSearches = pgTable(
  'market_saved_searches',
  {
    id: id(),
    organizationId: orgId(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    name: text().notNull(),
    filters: jsonb().notNull().default({}),
    alert: boolean().notNull().default(true),
    /** Listings created after this were not yet sent. */
    alertedThrough: tstz().notNull().default(dbNow),
    ...timestamps,
  },
  (t) => [index().on(t.organizationId, t.userId), index().on(t.alert, t.alertedThrough)],
);

/** A request for quotation sent to several sellers at once. */
export const marketRfqs = pgTable(
  'market_rfqs',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    title: text().notNull(),
    polymer: text(),
    form: text(),
    grade: text(),
    quantityKg: qty().notNull(),
    targetPrice: php(),
    neededBy: date(),
    deliveryTerms: text(),
    message: text(),
    closesAt: tstz().notNull(),
    /** open, closed or cancelled */
    status: text().notNull().default('open'),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.number),
    check('market_rfqs_status', sql`${t.status} IN ('open', 'closed', 'cancelled')`),
    check('market_rfqs_quantity', sql`${t.quantityKg} > 0`),
  ],
);

/** One seller an RFQ went to (through one of its listings), and its answer: a quote is an offer. */
export const marketRfqRecipients = pgTable(
  'market_rfq_recipients',
  {
    id: id(),
    rfqId: uuid()
      .notNull()
      .references(() => marketRfqs.id),
    buyerOrganizationId: orgId(),
    sellerOrganizationId: orgId(),
    listingId: uuid()
      .notNull()
      .references(() => marketListings.id),
    /** sent, quoted or declined */
    status: text().notNull().default('sent'),
    offerId: uuid().references(() => marketOffers.id),
    respondedAt: tstz(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    unique().on(t.rfqId, t.sellerOrganizationId),
    index().on(t.sellerOrganizationId, t.createdAt),
    check('market_rfq_recipients_status', sql`${t.status} IN ('sent', 'quoted', 'declined')`),
  ],
);
