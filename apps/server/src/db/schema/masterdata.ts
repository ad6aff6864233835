import { MATERIAL_FORMS, POLYMERS } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps, version } from './common.ts';
import { organizations } from './organizations.ts';
import { materialTypes, processTypes } from './reference.ts';

export const facilityType = pgEnum('facility_type', ['mrf', 'junkshop', 'recycling_plant', 'warehouse']);
export const supplierType = pgEnum('supplier_type', [
  'waste_picker',
  'junkshop',
  'aggregator',
  'cooperative',
  'lgu',
  'company',
]);
export const paymentMethod = pgEnum('payment_method', ['cash', 'gcash', 'bank', 'cheque']);
export const polymer = pgEnum('polymer', POLYMERS);
export const materialForm = pgEnum('material_form', MATERIAL_FORMS);

const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const facilities = pgTable(
  'facilities',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    type: facilityType().notNull(),
    addressLine: text(),
    barangay: text(),
    city: text().notNull(),
    province: text(),
    region: text(),
    country: text().notNull().default('PH'),
    latitude: numeric({ precision: 9, scale: 6 }),
    longitude: numeric({ precision: 9, scale: 6 }),
    /** Permits as [{kind, number, issued_by, valid_until}] (ECC, LGU business permit, DENR registration). */
    permits: jsonb().notNull().default([]),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.code), index().on(t.organizationId, t.name)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    type: supplierType().notNull(),
    contactName: text(),
    phone: text(),
    email: text(),
    addressLine: text(),
    city: text(),
    province: text(),
    paymentMethod: paymentMethod().notNull().default('cash'),
    /** GCash number or bank name/account; shown only to members who settle payables. */
    paymentDetails: jsonb().notNull().default({}),
    /** Another organization of this installation this supplier is, when a marketplace deal made it. */
    marketOrganizationId: uuid().references(() => organizations.id),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    index().on(t.organizationId, t.name),
    uniqueIndex('suppliers_market_organization').on(t.organizationId, t.marketOrganizationId),
  ],
);

export const materials = pgTable(
  'materials',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    polymer: polymer().notNull(),
    form: materialForm().notNull(),
    grade: text().notNull().default('A'),
    resinCode: smallint(),
    /** The reference material type (emission factors, resin code) this material is counted as. */
    typeCode: text().references(() => materialTypes.code),
    /** Virgin resin: lots of it carry no recycled content (everything else received is recovered material). */
    isVirgin: boolean().notNull().default(false),
    /** GTIN-14 of the material as traded (flake, pellet): its lots' Digital Link is /01/{gtin}/10/{lot}. */
    gtin: text(),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    uniqueIndex('materials_gtin_unique').on(t.organizationId, t.gtin).where(sql`gtin IS NOT NULL`),
  ],
);

/** Buying prices are paid to suppliers, selling prices asked of customers: two series per material. */
export const priceKind = pgEnum('price_kind', ['buying', 'selling']);

/** Price list rows are never edited: a new price is a new row with a later effective date. */
export const prices = pgTable(
  'prices',
  {
    id: id(),
    organizationId: orgId(),
    kind: priceKind().notNull().default('buying'),
    materialId: uuid()
      .notNull()
      .references(() => materials.id),
    grade: text().notNull().default('A'),
    region: text().notNull(),
    pricePerKg: numeric({ precision: 14, scale: 2 }).notNull(),
    currency: text().notNull().default('PHP'),
    effectiveFrom: date().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index().on(t.organizationId, t.materialId, t.region, t.kind, t.effectiveFrom),
    // The price list's default order (latest first).
    index('prices_latest_first').on(
      t.organizationId,
      t.effectiveFrom.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('prices_positive', sql`${t.pricePerKg} >= 0`),
  ],
);

export const customerType = pgEnum('customer_type', [
  'recycler',
  'manufacturer',
  'brand_owner',
  'trader',
  'exporter',
  'co_processor',
  'other',
]);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    type: customerType().notNull(),
    contactName: text(),
    phone: text(),
    email: text(),
    addressLine: text(),
    city: text(),
    province: text(),
    country: text().notNull().default('PH'),
    /** BIR Taxpayer Identification Number, printed on dispatch documents. */
    tin: text(),
    /** Another organization of this installation this customer is, when a marketplace deal made it. */
    marketOrganizationId: uuid().references(() => organizations.id),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    index().on(t.organizationId, t.name),
    uniqueIndex('customers_market_organization').on(t.organizationId, t.marketOrganizationId),
  ],
);

/** An organization's own process steps, each counted as a reference process type. */
export const orgProcessTypes = pgTable(
  'org_process_types',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    description: text(),
    referenceCode: text()
      .notNull()
      .references(() => processTypes.code),
    /** Measured or vendor figure for this organization's equipment; null uses the reference figure. */
    kwhPerTonne: numeric({ precision: 10, scale: 1 }),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.code)],
);

export const productionLines = pgTable(
  'production_lines',
  {
    id: id(),
    organizationId: orgId(),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    code: text().notNull(),
    name: text().notNull(),
    /** Reference process type codes the line runs, in order (e.g. shredding, washing, extrusion). */
    processCodes: text().array().notNull().default(sql`'{}'::text[]`),
    capacityKgPerH: numeric({ precision: 10, scale: 1 }),
    ratedKw: numeric({ precision: 10, scale: 1 }),
    /** Labour, upkeep and consumables per kg of input processed (PHP), added to the output lots' value. */
    costPerKgPhp: numeric({ precision: 10, scale: 2 }),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.code)],
);
