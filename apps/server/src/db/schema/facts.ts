import { bigserial, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations.ts';

// Daily facts (docs/architecture.md "Insight: daily facts"): what the dashboard, analytics, reports, impact
// and forecasts read instead of the ledgers. A cache, rebuilt from the records by `pt_facts_of` (migration
// 0029): postings only mark the days they touch, a worker recomputes marked days, and readers compute a
// marked day live, so an answer is always exact.

const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

/** A fact's organization, day, measure, dimensions and figures (daily and monthly alike). */
const factColumns = () => ({
  organizationId: orgId(),
  day: date({ mode: 'string' }).notNull(),
  measure: text().notNull(),
  facilityId: uuid(),
  materialId: uuid(),
  supplierId: uuid(),
  customerId: uuid(),
  productionLineId: uuid(),
  processCode: text(),
  /** A loss's fate, a ledger row's kind. */
  kind: text(),
  kg: numeric({ precision: 18, scale: 3 }).notNull().default('0'),
  kg2: numeric({ precision: 18, scale: 3 }).notNull().default('0'),
  php: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
  php2: numeric({ precision: 18, scale: 2 }).notNull().default('0'),
  kwh: numeric({ precision: 16, scale: 2 }).notNull().default('0'),
  n: integer().notNull().default(0),
});

/**
 * One row per (organization, day, measure, dimensions): long, so a new measure needs no new column.
 * Which dimensions and figures a measure fills is said by `pt_facts_of`; unused ones are null or 0.
 */
export const dailyFacts = pgTable('daily_facts', factColumns(), (t) => [
  index().on(t.organizationId, t.measure, t.day),
  index().on(t.organizationId, t.day),
]);

/**
 * The daily facts summed by month (`day` is the month's first), rewritten with them in the refresh's
 * transaction: sums over long ranges (stock on hand is every day's) read a thirtieth of the rows.
 */
export const monthlyFacts = pgTable('monthly_facts', factColumns(), (t) => [
  index().on(t.organizationId, t.measure, t.day),
]);

/**
 * Days whose facts are out of date: inserted (never updated, so postings never wait on each other here)
 * by triggers on the ledgers and on records changing status; taken by the refresh.
 */
export const factMarks = pgTable(
  'fact_marks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    organizationId: uuid().notNull(),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [index().on(t.organizationId, t.day)],
);
