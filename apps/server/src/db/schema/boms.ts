import { PACKAGING_CATEGORIES } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
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
import { users } from './accounts.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { materials, polymer, suppliers } from './masterdata.ts';
import { organizations } from './organizations.ts';

// Components and bills of materials (docs/architecture.md "Domain model"). A BOM version is never
// changed: a change is a new version with the day it takes effect.

const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

export const packagingCategory = pgEnum('packaging_category', PACKAGING_CATEGORIES);

export const components = pgTable(
  'components',
  {
    id: id(),
    organizationId: orgId(),
    code: text().notNull(),
    name: text().notNull(),
    polymer: polymer().notNull(),
    packagingCategory: packagingCategory().notNull(),
    massG: numeric({ precision: 12, scale: 3 }).notNull(),
    recycledContentPct: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    colour: text(),
    materialId: uuid().references(() => materials.id),
    supplierId: uuid().references(() => suppliers.id),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    check('components_mass', sql`${t.massG} > 0`),
    check('components_recycled', sql`${t.recycledContentPct} BETWEEN 0 AND 100`),
  ],
);

/** A product and its BOM versions: the record that /api/boms lists. */
export const products = pgTable(
  'products',
  {
    id: id(),
    organizationId: orgId(),
    /** The SKU. */
    code: text().notNull(),
    name: text().notNull(),
    /** GTIN-14 (shorter GTINs padded with zeros), check digit verified. */
    gtin: text(),
    unit: text().notNull().default('piece'),
    packagingFormat: text(),
    archivedAt: timestamp({ withTimezone: true }),
    version: version(),
    ...timestamps,
  },
  (t) => [
    unique().on(t.organizationId, t.code),
    uniqueIndex('products_gtin_unique').on(t.organizationId, t.gtin).where(sql`gtin IS NOT NULL`),
  ],
);

export const bomVersions = pgTable(
  'bom_versions',
  {
    id: id(),
    organizationId: orgId(),
    productId: uuid()
      .notNull()
      .references(() => products.id),
    versionNo: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    notes: text(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().default(dbNow),
  },
  (t) => [unique().on(t.productId, t.versionNo), index().on(t.organizationId, t.productId)],
);

export const bomLines = pgTable(
  'bom_lines',
  {
    id: id(),
    organizationId: orgId(),
    bomVersionId: uuid()
      .notNull()
      .references(() => bomVersions.id),
    lineNo: smallint().notNull(),
    componentId: uuid()
      .notNull()
      .references(() => components.id),
    quantity: numeric({ precision: 12, scale: 4 }).notNull(),
  },
  (t) => [
    unique().on(t.bomVersionId, t.lineNo),
    index().on(t.organizationId, t.componentId),
    check('bom_lines_quantity', sql`${t.quantity} > 0`),
  ],
);
