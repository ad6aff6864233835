import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
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
import { facilities, materials, paymentMethod, suppliers } from './masterdata.ts';
import { organizations } from './organizations.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const tstz = () => timestamp({ withTimezone: true });
const kg = () => numeric({ precision: 14, scale: 3 });
const php = () => numeric({ precision: 14, scale: 2 });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const recordStatus = pgEnum('record_status', ['draft', 'posted', 'voided']);
export const lotStatus = pgEnum('lot_status', [
  'available',
  'in_process',
  'quarantined',
  'consumed',
  'dispatched',
  'voided',
]);

/** Per-organization counters for human numbers (RR-2026-000123) and lot codes (MNL1-261122-0042). */
export const counters = pgTable(
  'counters',
  {
    organizationId: orgId(),
    name: text().notNull(),
    value: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.name] })],
);

/** Photos and documents, kept in PostgreSQL (an object store can replace this behind the same repo). */
export const files = pgTable(
  'files',
  {
    id: id(),
    organizationId: orgId(),
    sha256: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    bytes: bytea().notNull(),
    thumbnail: bytea(),
    originalName: text(),
    /** From EXIF before it was stripped: when and where the photo was taken. */
    capturedAt: tstz(),
    latitude: numeric({ precision: 9, scale: 6 }),
    longitude: numeric({ precision: 9, scale: 6 }),
    createdBy: uuid().references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [index().on(t.organizationId, t.sha256)],
);

export const receiveRecords = pgTable(
  'receive_records',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    status: recordStatus().notNull().default('draft'),
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    receivedAt: tstz().notNull(),
    weighbridgeTicket: text(),
    scaleDeviceId: text(),
    vehiclePlate: text(),
    notes: text(),
    /**
     * The purchase order this delivery fulfils. Its foreign key to order_records is declared in migration
     * 0019, not here: outbound.ts imports this file, and the import cannot go both ways.
     */
    orderId: uuid(),
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
    index().on(t.organizationId, t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.organizationId, t.supplierId),
    index().on(t.organizationId, t.orderId),
  ],
);

export const receiveLines = pgTable(
  'receive_lines',
  {
    id: id(),
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => receiveRecords.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull(),
    materialId: uuid()
      .notNull()
      .references(() => materials.id),
    grossKg: kg().notNull(),
    tareKg: kg().notNull().default('0'),
    netKg: kg().notNull(),
    /** Moisture, dirt and contamination deducted from the net weight before paying. */
    deductionPct: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    payableKg: kg().notNull(),
    unitPrice: php().notNull(),
    amount: php().notNull(),
    /** The lot posting created for this line. */
    lotId: uuid(),
    /** The purchase order line it counts towards (foreign key in migration 0019, as orderId's). */
    orderLineId: uuid(),
    /** The scale and the reading the gross weight came from; none when typed by hand (foreign key in 0033). */
    deviceId: uuid(),
    readingId: bigint({ mode: 'number' }),
  },
  (t) => [
    unique().on(t.recordId, t.lineNo),
    // Which line already names a weighing: the reuse check (scale_lines_check, migration 0034) reads lines
    // by reading, and retention keeps the readings they name.
    index().on(t.readingId).where(sql`${t.readingId} IS NOT NULL`),
    check(
      'receive_lines_weights',
      sql`${t.grossKg} > 0 AND ${t.tareKg} >= 0 AND ${t.netKg} = ${t.grossKg} - ${t.tareKg} AND ${t.netKg} > 0`,
    ),
    check('receive_lines_deduction', sql`${t.deductionPct} >= 0 AND ${t.deductionPct} < 100`),
    check('receive_lines_money', sql`${t.unitPrice} >= 0 AND ${t.amount} >= 0`),
  ],
);

export const receivePhotos = pgTable(
  'receive_photos',
  {
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => receiveRecords.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.fileId] })],
);

export const lots = pgTable(
  'lots',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    materialId: uuid()
      .notNull()
      .references(() => materials.id),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    status: lotStatus().notNull().default('available'),
    /** What created it: receive_line, split, merge, production. */
    originType: text().notNull(),
    originId: uuid(),
    /**
     * Recycled share of the lot's mass: set by what made it (a production run: its inputs' by mass; a split
     * or merge: its parents'); null for a received lot, whose material says (virgin resin 0, else 100).
     */
    recycledContentPct: numeric({ precision: 5, scale: 2 }),
    quarantineReason: text(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    index().on(t.organizationId, t.facilityId, t.materialId),
    // The lot list's default order (newest first): a page without sorting the organization's lots.
    index('lots_newest_first').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The dashboard's alert: quarantined lots are few among a million.
    index('lots_quarantined').on(t.organizationId).where(sql`status = 'quarantined'`),
  ],
);

/**
 * The stock ledger: every change of quantity is a new row (append-only, enforced by a trigger).
 * Balances are sums of it; lot_balances caches them per lot inside the same transactions.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: id(),
    organizationId: orgId(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    materialId: uuid()
      .notNull()
      .references(() => materials.id),
    qtyKg: kg().notNull(),
    /** Value moved, PHP: cost in on receipts, weighted-average cost out on withdrawals. */
    valuePhp: php().notNull().default('0'),
    kind: text().notNull(),
    sourceType: text().notNull(),
    sourceId: uuid(),
    reason: text(),
    createdBy: uuid().references(() => users.id),
    postedAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.organizationId, t.lotId, t.postedAt),
    index().on(t.organizationId, t.facilityId, t.materialId, t.postedAt),
    // A day's movements, for its daily facts (facts.ts).
    index().on(t.organizationId, t.postedAt),
    check('stock_movements_nonzero', sql`${t.qtyKg} <> 0`),
  ],
);

/** Cache of each lot's balance; the CHECK is the last line of defence against negative stock. */
export const lotBalances = pgTable(
  'lot_balances',
  {
    lotId: uuid()
      .primaryKey()
      .references(() => lots.id),
    organizationId: orgId(),
    facilityId: uuid().notNull(),
    materialId: uuid().notNull(),
    qtyKg: kg().notNull().default('0'),
    valuePhp: php().notNull().default('0'),
    /** Kg held for marketplace listings and deals (the sum of `market_reservations`); stock never goes below it. */
    reservedKg: kg().notNull().default('0'),
    updatedAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.organizationId, t.facilityId, t.materialId),
    check('lot_balances_not_negative', sql`${t.qtyKg} >= 0`),
    check('lot_balances_reserved_not_negative', sql`${t.reservedKg} >= 0`),
  ],
);

export const supplierLedger = pgTable(
  'supplier_ledger',
  {
    id: id(),
    organizationId: orgId(),
    supplierId: uuid()
      .notNull()
      .references(() => suppliers.id),
    /**
     * payable (from a posted receipt), payable_reversal (its void), payment, advance, and
     * payment_reversal (a mistaken payment or advance undone; source_id is the entry it reverses).
     */
    kind: text().notNull(),
    /** Positive raises what we owe the supplier, negative lowers it. */
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
    index().on(t.organizationId, t.supplierId, t.postedAt),
    index().on(t.organizationId, t.postedAt),
    // A payment is reversed at most once, even by two managers at the same moment.
    uniqueIndex('supplier_ledger_one_reversal').on(t.sourceId).where(sql`kind = 'payment_reversal'`),
  ],
);

/** Replays of create/post calls with the same Idempotency-Key get the first answer again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organizationId: orgId(),
    key: text().notNull(),
    route: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.route, t.key] })],
);

export const stockCountStatus = pgEnum('stock_count_status', ['open', 'posted', 'cancelled']);

/**
 * A physical count of one facility (optionally one material). Opening it snapshots the book balance of
 * every lot there; posting turns each difference into an adjustment on the ledger. Once posted or
 * cancelled a count is frozen (a trigger refuses further changes to it and its lines).
 */
export const stockCounts = pgTable(
  'stock_counts',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    status: stockCountStatus().notNull().default('open'),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    materialId: uuid().references(() => materials.id),
    notes: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    postedAt: tstz(),
    postedBy: uuid().references(() => users.id),
    cancelledAt: tstz(),
    cancelledBy: uuid().references(() => users.id),
    cancelReason: text(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.number),
    index().on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.organizationId, t.facilityId, t.status),
  ],
);

export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    id: id(),
    organizationId: orgId(),
    countId: uuid()
      .notNull()
      .references(() => stockCounts.id),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    /** The lot's book balance and value when the count was opened; posting refuses if it has moved since. */
    bookKg: kg().notNull(),
    bookValuePhp: php().notNull(),
    /** Null until counted. */
    countedKg: kg(),
    countedBy: uuid().references(() => users.id),
    countedAt: tstz(),
    /** What posting wrote to the ledger for this lot (zero when there was no difference). */
    adjustedKg: kg(),
    adjustedValuePhp: php(),
  },
  (t) => [
    unique().on(t.countId, t.lotId),
    index().on(t.organizationId, t.lotId),
    check(
      'stock_count_lines_quantities',
      sql`${t.bookKg} >= 0 AND (${t.countedKg} IS NULL OR ${t.countedKg} >= 0)`,
    ),
  ],
);
