import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { id, timestamps, version } from './common.ts';
import { organizations } from './organizations.ts';

// Insight (docs/architecture.md "Insight"): what reports and the impact page keep besides the daily facts.

const tstz = () => timestamp({ withTimezone: true });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);

/**
 * A report e-mailed on a schedule to chosen members (daily at 18:00, monthly on the 1st, annual on
 * 1 January, in the organization's time zone), through the outbox with the document attached.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    organizationId: orgId(),
    /** daily, monthly, annual or inventory. */
    report: text().notNull(),
    /** pdf or xlsx. */
    format: text().notNull().default('pdf'),
    /** Members (users of this organization) it goes to. */
    recipientUserIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    active: boolean().notNull().default(true),
    /** The last period sent (a day, or a month's or year's first day), so a restart never sends one twice. */
    lastSentFor: date({ mode: 'string' }),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index().on(t.organizationId),
    check('report_schedules_report', sql`${t.report} IN ('daily', 'monthly', 'annual', 'inventory')`),
    check('report_schedules_format', sql`${t.format} IN ('pdf', 'xlsx')`),
  ],
);

/** An organization's choice to publish its impact on a public page (unpublishing keeps the row). */
export const impactPages = pgTable('impact_pages', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id),
  /** Null while not published. */
  publishedAt: tstz(),
  publishedBy: uuid().references(() => users.id),
  /** A line the organization writes above its figures. */
  headline: text(),
  version: version(),
  ...timestamps,
});
