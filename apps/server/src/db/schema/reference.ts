import { boolean, char, integer, numeric, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

// Reference data shared by every organization. Rows are written by migrations, each with its
// source, so a computed figure can always show its basis.

export const materialTypes = pgTable('material_types', {
  code: text().primaryKey(),
  name: text().notNull(),
  polymer: text().notNull(),
  form: text().notNull(),
  resinCode: smallint(),
  description: text().notNull(),
  /** Net kg CO2e per tonne recycled (negative = saving); null where the source does not model it. */
  recyclingKgCo2ePerT: numeric({ precision: 10, scale: 1 }),
  virginKgCo2ePerT: numeric({ precision: 10, scale: 1 }),
  factorSource: text().notNull(),
  factorVerified: boolean().notNull().default(false),
  sortOrder: integer().notNull(),
  refVersion: text().notNull(),
});

export const processTypes = pgTable('process_types', {
  code: text().primaryKey(),
  name: text().notNull(),
  description: text().notNull(),
  /** Indicative specific energy; null where no authoritative figure exists (meter it instead). */
  kwhPerTonne: numeric({ precision: 10, scale: 1 }),
  energySource: text().notNull(),
  /** Makes finished products (moulding, film blowing, filling): a run may name a product and its BOM. */
  manufacturing: boolean().notNull().default(false),
  sortOrder: integer().notNull(),
  refVersion: text().notNull(),
});

export const eprCountries = pgTable('epr_countries', {
  code: char({ length: 2 }).primaryKey(),
  name: text().notNull(),
  law: text().notNull(),
  regulation: text().notNull(),
  currency: char({ length: 3 }).notNull(),
  baselineYear: integer().notNull(),
  obligedEnterprises: text().notNull(),
  coveredPackaging: text().notNull(),
  penalty: text().notNull(),
  source: text().notNull(),
  refVersion: text().notNull(),
});

export const eprTargets = pgTable(
  'epr_targets',
  {
    countryCode: char({ length: 2 })
      .notNull()
      .references(() => eprCountries.code),
    year: integer().notNull(),
    /** Share of the baseline plastic footprint to recover, in percent; the last year holds "onward". */
    recoveryTargetPct: numeric({ precision: 5, scale: 2 }).notNull(),
    source: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryCode, t.year] })],
);

/** kg CO2e per kWh taken from a country's grid, with its source: what a run's electricity emitted. */
export const gridEmissionFactors = pgTable('grid_emission_factors', {
  countryCode: char({ length: 2 }).primaryKey(),
  kgCo2ePerKwh: numeric({ precision: 6, scale: 4 }).notNull(),
  source: text().notNull(),
  verified: boolean().notNull().default(false),
  refVersion: text().notNull(),
});

/**
 * kg CO2e per tonne-km of road freight by vehicle class, with its source: what a trip's transport
 * emitted (tonnes carried × km × factor). Kept unverified until checked against a current publication.
 */
export const transportEmissionFactors = pgTable('transport_emission_factors', {
  vehicleType: text().primaryKey(),
  kgCo2ePerTonneKm: numeric({ precision: 8, scale: 5 }).notNull(),
  source: text().notNull(),
  verified: boolean().notNull().default(false),
  refVersion: text().notNull(),
});
