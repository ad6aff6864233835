import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { customers, facilities, materials, paymentMethod, suppliers } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { files, lots, recordStatus } from './stock.ts';

// Outbound (docs/architecture.md "Domain model"): orders, the people and trucks that carry material
// out, dispatches (stock out, a receivable) and what customers owe. Posting a dispatch is one call of
// dispatch_post (migration 0017), as receive records and production runs are.

const tstz = () => timestamp({ withTimezone: true });
const kg = () => numeric({ precision: 14, scale: 3 });
const php = () => numeric({ precision: 14, scale: 2 });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

// ---- dispatcher management: master data with a code and a name, archived rather than deleted ----

export const drivers = pgTable(
  'drivers',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    phone: text(),
    licenceNumber: text().notNull(),
    /** A driver whose licence has expired on the dispatch day cannot be assigned (LTO licences expire). */
    licenceExpiresOn: date().notNull(),
    archivedAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.code)],
);

export const vehicleType = pgEnum('vehicle_type', [
  'pickup',
  'closed_van',
  'dropside',
  'wing_van',
  'dump_truck',
  'tractor_trailer',
  'tricycle',
  'other',
]);

export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    organizationId: orgId(),
    /** The plate number, which is how yards name a truck. */
    code: text().notNull(),
    name: text().notNull(),
    type: vehicleType().notNull(),
    /** Rated payload: a dispatch heavier than this is refused. */
    capacityKg: kg().notNull(),
    haulerId: uuid().references(() => haulers.id),
    archivedAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.code), check('vehicles_capacity', sql`${t.capacityKg} > 0`)],
);

/** Trucking companies; a hazardous-waste or waste hauler carries an accreditation with a validity. */
export const haulers = pgTable(
  'haulers',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    contactName: text(),
    phone: text(),
    accreditationNumber: text(),
    accreditationValidUntil: date(),
    archivedAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.code)],
);

// ---- orders ----

export const orderKind = pgEnum('order_kind', ['sales', 'purchase']);
/**
 * draft → confirmed → partly_fulfilled → fulfilled → closed, or cancelled. The two fulfilment states
 * are set by the postings that fulfil the order (dispatches for sales), in their transaction.
 */
export const orderStatus = pgEnum('order_status', [
  'draft',
  'confirmed',
  'partly_fulfilled',
  'fulfilled',
  'closed',
  'cancelled',
]);

export const orderRecords = pgTable(
  'order_records',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    kind: orderKind().notNull(),
    status: orderStatus().notNull().default('draft'),
    /** A sales order's customer, or a purchase order's supplier. */
    customerId: uuid().references(() => customers.id),
    supplierId: uuid().references(() => suppliers.id),
    facilityId: uuid().references(() => facilities.id),
    orderedOn: date().notNull(),
    dueOn: date(),
    /** Incoterms-like words the parties agreed, e.g. "Delivered to buyer's plant, Valenzuela". */
    deliveryTerms: text(),
    customerReference: text(),
    /** How much more than ordered may be delivered (percent of each line). */
    tolerancePct: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    currency: text().notNull().default('PHP'),
    notes: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    confirmedAt: tstz(),
    confirmedBy: uuid().references(() => users.id),
    closedAt: tstz(),
    closedBy: uuid().references(() => users.id),
    cancelledAt: tstz(),
    cancelledBy: uuid().references(() => users.id),
    cancelReason: text(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.number),
    index().on(t.organizationId, t.orderedOn.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.organizationId, t.customerId),
    index().on(t.organizationId, t.supplierId),
    check(
      'order_records_party',
      sql`(${t.kind} = 'sales' AND ${t.customerId} IS NOT NULL AND ${t.supplierId} IS NULL)
        OR (${t.kind} = 'purchase' AND ${t.supplierId} IS NOT NULL AND ${t.customerId} IS NULL)`,
    ),
    check('order_records_tolerance', sql`${t.tolerancePct} >= 0 AND ${t.tolerancePct} <= 100`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    organizationId: orgId(),
    orderId: uuid()
      .notNull()
      .references(() => orderRecords.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull(),
    materialId: uuid()
      .notNull()
      .references(() => materials.id),
    grade: text().notNull().default('A'),
    kg: kg().notNull(),
    unitPrice: php().notNull(),
    amount: php().notNull(),
  },
  (t) => [
    unique().on(t.orderId, t.lineNo),
    check('order_lines_kg', sql`${t.kg} > 0`),
    check('order_lines_money', sql`${t.unitPrice} >= 0 AND ${t.amount} >= 0`),
  ],
);

// ---- dispatches ----

/** A proof of delivery short (or over) beyond tolerance is a discrepancy a manager resolves. */
export const discrepancyStatus = pgEnum('discrepancy_status', ['open', 'written_off', 'credited']);

export const dispatchRecords = pgTable(
  'dispatch_records',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    /** The delivery receipt's number, gapless per organization, given at posting. */
    deliveryReceiptNo: text(),
    status: recordStatus().notNull().default('draft'),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    orderId: uuid().references(() => orderRecords.id),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    dispatchedAt: tstz().notNull(),
    vehicleId: uuid().references(() => vehicles.id),
    driverId: uuid().references(() => drivers.id),
    haulerId: uuid().references(() => haulers.id),
    /** Weighbridge out: the loaded truck's gross, its tare, and their difference. */
    grossKg: kg(),
    tareKg: kg(),
    netKg: kg(),
    weighbridgeTicket: text(),
    sealNumbers: text().array().notNull().default(sql`'{}'::text[]`),
    destination: text(),
    notes: text(),
    /** Set at posting: kg shipped and what the customer owes for them. */
    totalKg: kg(),
    amount: php(),
    // Proof of delivery: once, after posting.
    deliveredAt: tstz(),
    receivedKg: kg(),
    receiverName: text(),
    signatureFileId: uuid().references(() => files.id),
    podPhotoFileId: uuid().references(() => files.id),
    podNotes: text(),
    podRecordedBy: uuid().references(() => users.id),
    // A difference beyond tolerance at delivery, and how a manager settled it.
    discrepancyKg: kg(),
    discrepancyStatus: discrepancyStatus(),
    discrepancyReason: text(),
    creditNoteAmount: php(),
    resolvedAt: tstz(),
    resolvedBy: uuid().references(() => users.id),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    postedAt: tstz(),
    postedBy: uuid().references(() => users.id),
    voidedAt: tstz(),
    voidedBy: uuid().references(() => users.id),
    voidReason: text(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.number),
    uniqueIndex('dispatch_records_delivery_receipt')
      .on(t.organizationId, t.deliveryReceiptNo)
      .where(sql`delivery_receipt_no IS NOT NULL`),
    index().on(t.organizationId, t.dispatchedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.organizationId, t.customerId),
    index().on(t.organizationId, t.orderId),
    check(
      'dispatch_records_weighbridge',
      sql`${t.grossKg} IS NULL OR (${t.tareKg} >= 0 AND ${t.netKg} = ${t.grossKg} - ${t.tareKg} AND ${t.netKg} > 0)`,
    ),
  ],
);

export const dispatchLines = pgTable(
  'dispatch_lines',
  {
    id: id(),
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => dispatchRecords.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    /** The order line this fulfils (same material), when the dispatch names an order. */
    orderLineId: uuid().references(() => orderLines.id),
    kg: kg().notNull(),
    unitPrice: php().notNull(),
    amount: php().notNull(),
    /** The value (average cost) the kilograms left their lot with, set at posting. */
    valuePhp: php(),
    /** The scale and the reading the weight came from; none when typed by hand (foreign key in 0033). */
    deviceId: uuid(),
    readingId: bigint({ mode: 'number' }),
  },
  (t) => [
    unique().on(t.recordId, t.lineNo),
    unique().on(t.recordId, t.lotId),
    index().on(t.organizationId, t.lotId),
    index().on(t.orderLineId),
    // Which line already names a weighing: the reuse check (scale_lines_check, migration 0034) reads lines
    // by reading, and retention keeps the readings they name.
    index().on(t.readingId).where(sql`${t.readingId} IS NOT NULL`),
    check('dispatch_lines_kg', sql`${t.kg} > 0`),
    check('dispatch_lines_money', sql`${t.unitPrice} >= 0 AND ${t.amount} >= 0`),
  ],
);

export const dispatchPhotos = pgTable(
  'dispatch_photos',
  {
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => dispatchRecords.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.fileId] })],
);

// ---- what customers owe ----

export const customerLedger = pgTable(
  'customer_ledger',
  {
    id: id(),
    organizationId: orgId(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    /**
     * receivable (from a posted dispatch), receivable_reversal (its void), credit_note (a delivery
     * short, or a price agreed down), payment, and payment_reversal (source_id is the entry it reverses).
     */
    kind: text().notNull(),
    /** Positive raises what the customer owes us, negative lowers it. */
    amount: php().notNull(),
    currency: text().notNull().default('PHP'),
    method: paymentMethod(),
    reference: text(),
    sourceType: text(),
    sourceId: uuid(),
    note: text(),
    createdBy: uuid().references(() => users.id),
    postedAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.organizationId, t.customerId, t.postedAt),
    index().on(t.organizationId, t.postedAt),
    uniqueIndex('customer_ledger_one_reversal').on(t.sourceId).where(sql`kind = 'payment_reversal'`),
  ],
);
