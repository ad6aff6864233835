import { boolean, char, date, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps, version } from './common.ts';

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  country: char({ length: 2 }).notNull().default('PH'),
  defaultCurrency: char({ length: 3 }).notNull().default('USD'),
  timeZone: text().notNull().default('Asia/Manila'),
  /** The business role chosen at sign-up (Recycler, Collector, …): a profile attribute, not a permission. */
  businessRole: text(),
  eprLicense: text(),
  isDemo: boolean().notNull().default(false),
  /** Postings dated on or before this day (organization time zone) are refused: the books are closed. */
  booksClosedThrough: date({ mode: 'string' }),
  /** A production run posts when Σ inputs and Σ outputs + losses differ by at most this share of the inputs. */
  massBalanceTolerancePct: numeric({ precision: 5, scale: 2 }).notNull().default('0.5'),
  /** What a kWh costs the organization (PHP): energy's share of an output lot's value. */
  electricityTariffPhp: numeric({ precision: 8, scale: 4 }),
  /**
   * Weighing tolerance of outbound loads: a dispatch's lines may differ from the weighbridge's net, and a
   * delivery from what was shipped, by this share before it is refused (lines) or a discrepancy (delivery).
   */
  /**
   * The GS1 company prefix (6–12 digits) when the organization is a GS1 member: materials' GTINs must
   * start with it, and its EPCIS and passport ids are GS1 Digital Link URIs on those GTINs.
   */
  gs1CompanyPrefix: text(),
  weighingTolerancePct: numeric({ precision: 5, scale: 2 }).notNull().default('0.2'),
  version: version(),
  ...timestamps,
});
