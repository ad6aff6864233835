import { sql } from 'drizzle-orm';
import {
  check,
  index,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { bomVersions, products } from './boms.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { facilities, materials, productionLines } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { processTypes } from './reference.ts';
import { files, lots, recordStatus } from './stock.ts';

// Production (docs/architecture.md "Domain model"): a run takes kilograms out of input lots and makes
// output lots; what is neither is a loss. Posting is one call of production_post (migration 0013).

const tstz = () => timestamp({ withTimezone: true });
const kg = () => numeric({ precision: 14, scale: 3 });
const php = () => numeric({ precision: 14, scale: 2 });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const lossKind = pgEnum('loss_kind', ['moisture', 'contamination', 'fines', 'labels_caps', 'other']);
export const lossFate = pgEnum('loss_fate', [
  'landfill',
  'co_processing',
  'resale',
  'reject_lot',
  'evaporated',
]);
export const energyBasis = pgEnum('energy_basis', [
  'metered',
  'entered',
  'process_factor',
  'rated_power',
  'none',
]);

export const productionRecords = pgTable(
  'production_records',
  {
    id: id(),
    organizationId: orgId(),
    number: text().notNull(),
    status: recordStatus().notNull().default('draft'),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    productionLineId: uuid().references(() => productionLines.id),
    processCode: text()
      .notNull()
      .references(() => processTypes.code),
    startedAt: tstz().notNull(),
    endedAt: tstz().notNull(),
    shift: text(),
    crew: text(),
    /** Energy meter readings at start and end (kWh), or the kWh entered; else calculated at posting. */
    meterStartKwh: numeric({ precision: 14, scale: 2 }),
    meterEndKwh: numeric({ precision: 14, scale: 2 }),
    enteredKwh: numeric({ precision: 14, scale: 2 }),
    /** The line's energy meter whose readings gave meterStartKwh and meterEndKwh (foreign key in 0033). */
    meterDeviceId: uuid(),
    waterM3: numeric('water_m3', { precision: 12, scale: 3 }),
    notes: text(),
    /** Set at posting: the energy used, how it was found, and what the run cost beyond its inputs. */
    energyKwh: numeric({ precision: 14, scale: 2 }),
    energyBasis: energyBasis(),
    energyCostPhp: php(),
    lineCostPhp: php(),
    inputValuePhp: php(),
    /** A manufacturing run's product, the BOM version it was made to, and the finished units it made. */
    productId: uuid().references(() => products.id),
    bomVersionId: uuid().references(() => bomVersions.id),
    units: numeric({ precision: 14, scale: 0 }),
    /** Set at posting: the inputs' recycled share by mass, which its output lots carry. */
    recycledContentPct: numeric({ precision: 5, scale: 2 }),
    /** A manager's reason for a run above the line's rated capacity (a fraud control). */
    overCapacityReason: text(),
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
    index().on(t.organizationId, t.endedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index().on(t.organizationId, t.productionLineId, t.endedAt),
    check('production_records_period', sql`${t.endedAt} > ${t.startedAt}`),
    check(
      'production_records_meter',
      sql`${t.meterEndKwh} IS NULL OR ${t.meterStartKwh} IS NULL OR ${t.meterEndKwh} >= ${t.meterStartKwh}`,
    ),
  ],
);

export const productionInputs = pgTable(
  'production_inputs',
  {
    id: id(),
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => productionRecords.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    kg: kg().notNull(),
    /** The value the kilograms left their lot with (average cost), set at posting. */
    valuePhp: php(),
  },
  (t) => [
    unique().on(t.recordId, t.lineNo),
    unique().on(t.recordId, t.lotId),
    index().on(t.organizationId, t.lotId),
    check('production_inputs_kg', sql`${t.kg} > 0`),
  ],
);

export const productionOutputs = pgTable(
  'production_outputs',
  {
    id: id(),
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => productionRecords.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull(),
    materialId: uuid()
      .notNull()
      .references(() => materials.id),
    kg: kg().notNull(),
    valuePhp: php(),
    /** The lot posting made of this output. */
    lotId: uuid().references(() => lots.id),
  },
  (t) => [unique().on(t.recordId, t.lineNo), check('production_outputs_kg', sql`${t.kg} > 0`)],
);

export const productionLosses = pgTable(
  'production_losses',
  {
    id: id(),
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => productionRecords.id, { onDelete: 'cascade' }),
    lineNo: smallint().notNull(),
    kind: lossKind().notNull(),
    fate: lossFate().notNull(),
    kg: kg().notNull(),
    /** A loss kept as a reject lot names its material; posting makes the lot (at no value). */
    materialId: uuid().references(() => materials.id),
    lotId: uuid().references(() => lots.id),
  },
  (t) => [
    unique().on(t.recordId, t.lineNo),
    check('production_losses_kg', sql`${t.kg} > 0`),
    check('production_losses_reject_lot', sql`(${t.fate} = 'reject_lot') = (${t.materialId} IS NOT NULL)`),
  ],
);

/**
 * The lineage graph: kilograms of a parent lot that went into a child lot, written by the
 * transformation that made the child (a production run today). Insert-only; a voided run's child lots
 * are voided, and readers skip edges into voided lots.
 */
export const lotLineage = pgTable(
  'lot_lineage',
  {
    id: id(),
    organizationId: orgId(),
    parentLotId: uuid()
      .notNull()
      .references(() => lots.id),
    childLotId: uuid()
      .notNull()
      .references(() => lots.id),
    kg: kg().notNull(),
    sourceType: text().notNull(),
    sourceId: uuid().notNull(),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.organizationId, t.childLotId),
    index().on(t.organizationId, t.parentLotId),
    check('lot_lineage_kg', sql`${t.kg} > 0`),
  ],
);

/** Photos of a run (the line, the bales going in, the output) while it is a draft, as receive records have. */
export const productionPhotos = pgTable(
  'production_photos',
  {
    organizationId: orgId(),
    recordId: uuid()
      .notNull()
      .references(() => productionRecords.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    position: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.recordId, t.fileId] })],
);
