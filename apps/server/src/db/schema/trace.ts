import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { facilities } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { lots } from './stock.ts';

// Traceability's own rows (docs/architecture.md "Traceability"): the lineage itself lives with the
// ledger (lot_lineage); here are what partners send us, the periods a manager closed, and passports.

const tstz = () => timestamp({ withTimezone: true });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

/**
 * EPCIS 2.0 events captured from partners (POST /api/epcis/capture): stored as sent, once per event
 * (by its eventID and by its canonical hash), linked to our lots whose identifiers they name.
 */
export const epcisCapturedEvents = pgTable(
  'epcis_captured_events',
  {
    id: id(),
    organizationId: orgId(),
    /** One capture call: the events of one document share it. */
    captureId: uuid().notNull(),
    eventId: text().notNull(),
    /** ni:///sha-256;…?ver=CBV2.0 — the GS1 canonical event hash. */
    eventHash: text().notNull(),
    eventType: text().notNull(),
    bizStep: text(),
    eventTime: tstz().notNull(),
    event: jsonb().notNull(),
    /** Our lots whose Digital Link or lot URI the event names. */
    lotIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    capturedBy: uuid().references(() => users.id),
    capturedAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    unique().on(t.organizationId, t.eventHash),
    unique().on(t.organizationId, t.eventId),
    index().on(t.organizationId, t.eventTime),
  ],
);

/**
 * A mass-balance period a manager closed: the statement as it stood (and its digest), which sets the
 * organization's "books closed through" day; an administrator's reopening is recorded on the same row.
 */
export const periodCloses = pgTable(
  'period_closes',
  {
    id: id(),
    organizationId: orgId(),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    /** month or quarter. */
    periodKind: text().notNull(),
    /** Null: every facility. */
    facilityId: uuid().references(() => facilities.id),
    statement: jsonb().notNull(),
    statementSha256: text().notNull(),
    closedBy: uuid()
      .notNull()
      .references(() => users.id),
    closedAt: tstz().notNull().default(dbNow),
    reopenedBy: uuid().references(() => users.id),
    reopenedAt: tstz(),
    reopenReason: text(),
  },
  (t) => [
    index().on(t.organizationId, t.periodStart),
    check('period_closes_period', sql`${t.periodEnd} >= ${t.periodStart}`),
    check('period_closes_kind', sql`${t.periodKind} IN ('month', 'quarter')`),
  ],
);

/** A product passport of one lot (an output lot or a finished product's lot); what it says is versioned. */
export const passports = pgTable(
  'passports',
  {
    id: id(),
    organizationId: orgId(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    /** What the maker adds that the ledger does not know: certificates, notes, care and recycling. */
    details: jsonb().notNull().default({}),
    /** The latest published version's number; 0 while a draft. */
    publishedVersion: integer().notNull().default(0),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    version: version(),
    ...timestamps,
  },
  (t) => [unique().on(t.organizationId, t.lotId), index().on(t.organizationId, t.updatedAt)],
);

/** Published passport versions: immutable (a trigger refuses updates and deletes, migration 0024). */
export const passportVersions = pgTable(
  'passport_versions',
  {
    id: id(),
    organizationId: orgId(),
    passportId: uuid()
      .notNull()
      .references(() => passports.id),
    versionNo: integer().notNull(),
    content: jsonb().notNull(),
    contentSha256: text().notNull(),
    publishedBy: uuid()
      .notNull()
      .references(() => users.id),
    publishedAt: tstz().notNull().default(dbNow),
  },
  (t) => [unique().on(t.passportId, t.versionNo), index().on(t.organizationId, t.publishedAt)],
);
