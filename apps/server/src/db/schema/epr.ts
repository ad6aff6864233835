import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { packagingCategory } from './boms.ts';
import { dbNow, id, timestamps, version } from './common.ts';
import { facilities } from './masterdata.ts';
import { organizations } from './organizations.ts';
import { files, lots } from './stock.ts';

// EPR (docs/architecture.md "EPR"): the claims ledger, credits, obliged enterprises' compliance and
// waste diversion certificates. The rules that must hold under concurrency (no kilogram claimed twice
// for one claim type, retired credits never move) are the database's: migration 0027.

const tstz = () => timestamp({ withTimezone: true });
const orgId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id);
const kg = () => numeric({ precision: 14, scale: 3 });
const php = () => numeric({ precision: 16, scale: 2 });

/**
 * The claims ledger (append-only): kilograms of verified recovery — a received lot, recovered by one
 * record (the production run that processed it, or the delivered dispatch that took it to a recycler or
 * co-processor) to one end fate — backing one claim. A release (a revoked certificate) is a negative row.
 * `claim_totals` sums them per (claim type, lot, record, fate); its trigger refuses a total above what
 * `epr_recovered_kg` says was recovered, so each kilogram backs at most one claim per claim type.
 */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    organizationId: orgId(),
    /** epr_credit, plastic_credit, recycled_content, waste_diversion, co2e */
    claimType: text().notNull(),
    lotId: uuid()
      .notNull()
      .references(() => lots.id),
    /** The production run or dispatch that recovered the lot's kilograms. */
    recoveryRecordId: uuid().notNull(),
    /** recycling or co_processing (landfill is not recovery). */
    fate: text().notNull(),
    kg: kg().notNull(),
    /** ISO 22095: identity_preserved, segregated, controlled_blending, mass_balance, book_and_claim. */
    cocModel: text().notNull(),
    /** What the claim backs: credit_batch or certificate, and its id. */
    sourceKind: text().notNull(),
    sourceId: uuid().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.organizationId, t.lotId),
    index().on(t.sourceKind, t.sourceId),
    check('claims_kg_nonzero', sql`${t.kg} <> 0`),
    check('claims_fate', sql`${t.fate} IN ('recycling', 'co_processing')`),
    check(
      'claims_type',
      sql`${t.claimType} IN ('epr_credit', 'plastic_credit', 'recycled_content', 'waste_diversion', 'co2e')`,
    ),
    check(
      'claims_coc_model',
      sql`${t.cocModel} IN ('identity_preserved', 'segregated', 'controlled_blending', 'mass_balance', 'book_and_claim')`,
    ),
  ],
);

/** Kilograms claimed per (claim type, lot, recovery record, fate): kept by the claims trigger only. */
export const claimTotals = pgTable(
  'claim_totals',
  {
    organizationId: orgId(),
    claimType: text().notNull(),
    lotId: uuid().notNull(),
    recoveryRecordId: uuid().notNull(),
    fate: text().notNull(),
    claimedKg: kg().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.claimType, t.lotId, t.recoveryRecordId, t.fate] }),
    check('claim_totals_nonnegative', sql`${t.claimedKg} >= 0`),
  ],
);

/**
 * A batch of EPR credits (1 credit = 1 tonne) issued from verified recovery: serials
 * `{serial_prefix}-{n}` for n in 1..quantity, the prefix naming country, programme, organization,
 * facility, vintage year and batch. Append-only; where its credits are is `credit_blocks`.
 */
export const creditBatches = pgTable(
  'credit_batches',
  {
    id: id(),
    organizationId: orgId(),
    batchNo: integer().notNull(),
    serialPrefix: text().notNull().unique(),
    country: char({ length: 2 }).notNull(),
    programme: text().notNull(),
    facilityId: uuid()
      .notNull()
      .references(() => facilities.id),
    vintage: integer().notNull(),
    fate: text().notNull(),
    /** The reference material type, or 'mixed' when the batch's recovery spans several. */
    materialType: text().notNull(),
    quantity: integer().notNull(),
    kg: kg().notNull(),
    cocModel: text().notNull(),
    /** What the collectors behind the batch were paid for its kilograms (PHP, from the supplier ledger). */
    collectorPayPhp: php().notNull(),
    collectorPayPerKg: numeric({ precision: 12, scale: 4 }).notNull(),
    /** Records, lots, weighbridge tickets, photos and record-log entries behind it. */
    evidence: jsonb().notNull(),
    issuedBy: uuid()
      .notNull()
      .references(() => users.id),
    issuedAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    unique().on(t.organizationId, t.vintage, t.batchNo),
    index().on(t.organizationId, t.issuedAt),
    check('credit_batches_quantity', sql`${t.quantity} > 0`),
    check('credit_batches_fate', sql`${t.fate} IN ('recycling', 'co_processing')`),
  ],
);

/**
 * Where a batch's credits are now: serial ranges [first_no, last_no] held by an organization, either
 * held (issued, or transferred to it) or retired. A cache of `credit_movements`, split as ranges move;
 * a retired block never changes (trigger), nor does any block leave its batch's range.
 */
export const creditBlocks = pgTable(
  'credit_blocks',
  {
    id: id(),
    /** The holder: the only organization that may move or retire it. */
    organizationId: orgId(),
    batchId: uuid()
      .notNull()
      .references(() => creditBatches.id),
    firstNo: integer().notNull(),
    lastNo: integer().notNull(),
    /** held or retired */
    status: text().notNull().default('held'),
    beneficiary: text(),
    complianceYear: integer(),
    purpose: text(),
    retiredBy: uuid().references(() => users.id),
    retiredAt: tstz(),
    version: version(),
    ...timestamps,
  },
  (t) => [
    index().on(t.organizationId, t.status),
    index().on(t.batchId, t.firstNo),
    check('credit_blocks_range', sql`${t.firstNo} >= 1 AND ${t.lastNo} >= ${t.firstNo}`),
    check('credit_blocks_status', sql`${t.status} IN ('held', 'retired')`),
    check(
      'credit_blocks_retirement',
      sql`(${t.status} = 'retired') = (${t.beneficiary} IS NOT NULL AND ${t.complianceYear} IS NOT NULL AND ${t.retiredAt} IS NOT NULL)`,
    ),
  ],
);

/** Every issue, transfer and retirement of a serial range (append-only): the credits' ledger. */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: id(),
    batchId: uuid()
      .notNull()
      .references(() => creditBatches.id),
    firstNo: integer().notNull(),
    lastNo: integer().notNull(),
    /** issued, transferred or retired */
    kind: text().notNull(),
    fromOrganizationId: uuid().references(() => organizations.id),
    toOrganizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    beneficiary: text(),
    complianceYear: integer(),
    purpose: text(),
    note: text(),
    byUser: uuid()
      .notNull()
      .references(() => users.id),
    at: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.toOrganizationId, t.at),
    index().on(t.fromOrganizationId, t.at),
    index().on(t.batchId, t.firstNo),
    check('credit_movements_range', sql`${t.firstNo} >= 1 AND ${t.lastNo} >= ${t.firstNo}`),
    check('credit_movements_kind', sql`${t.kind} IN ('issued', 'transferred', 'retired')`),
  ],
);

/** An organization's RA 11898 standing: obliged (assets above PHP 100M) or voluntary, and its figures. */
export const complianceProfiles = pgTable('compliance_profiles', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id),
  obliged: boolean().notNull(),
  /** brand_owner, manufacturer, importer, voluntary */
  enterpriseKind: text().notNull(),
  totalAssetsPhp: php(),
  /** NSWMC registration number, when registered. */
  registrationNo: text(),
  /** What recovering a kilogram costs it (PHP): the fine's "twice the cost of recovering the shortfall". */
  recoveryCostPhpPerKg: numeric({ precision: 12, scale: 2 }),
  version: version(),
  ...timestamps,
});

/**
 * The plastic footprint per year and RA 11898 category (append-only: the latest row of a year and
 * category is in force; a correction is a new row).
 */
export const complianceFootprints = pgTable(
  'compliance_footprints',
  {
    id: id(),
    organizationId: orgId(),
    year: integer().notNull(),
    category: packagingCategory().notNull(),
    kg: kg().notNull(),
    /** entered, or boms (computed from BOMs × units made) */
    source: text().notNull(),
    note: text(),
    enteredBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.organizationId, t.year, t.category, t.createdAt),
    check('compliance_footprints_kg', sql`${t.kg} >= 0`),
    check('compliance_footprints_source', sql`${t.source} IN ('entered', 'boms')`),
  ],
);

/**
 * An EPR Compliance Audit Report for a year: content (the statement and each evidence item) frozen when
 * drafted; a change is a new version. The auditor's sign-off freezes the row for good (trigger).
 */
export const ecarReports = pgTable(
  'ecar_reports',
  {
    id: id(),
    organizationId: orgId(),
    year: integer().notNull(),
    versionNo: integer().notNull(),
    /** draft or signed_off */
    status: text().notNull().default('draft'),
    content: jsonb().notNull(),
    contentSha256: text().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: tstz().notNull().default(dbNow),
    signedBy: uuid().references(() => users.id),
    signedAt: tstz(),
    opinion: text(),
  },
  (t) => [
    unique().on(t.organizationId, t.year, t.versionNo),
    check('ecar_reports_status', sql`${t.status} IN ('draft', 'signed_off')`),
    check(
      'ecar_reports_signed',
      sql`(${t.status} = 'signed_off') = (${t.signedBy} IS NOT NULL AND ${t.signedAt} IS NOT NULL)`,
    ),
  ],
);

/** The auditor's decision on one evidence item of a report (append-only: the latest is in force). */
export const ecarReviews = pgTable(
  'ecar_reviews',
  {
    id: id(),
    organizationId: orgId(),
    reportId: uuid()
      .notNull()
      .references(() => ecarReports.id),
    itemKey: text().notNull(),
    /** accepted, queried or rejected */
    decision: text().notNull(),
    comment: text(),
    reviewedBy: uuid()
      .notNull()
      .references(() => users.id),
    reviewedAt: tstz().notNull().default(dbNow),
  },
  (t) => [
    index().on(t.reportId, t.itemKey, t.reviewedAt),
    check('ecar_reviews_decision', sql`${t.decision} IN ('accepted', 'queried', 'rejected')`),
    check('ecar_reviews_comment', sql`${t.decision} = 'accepted' OR ${t.comment} IS NOT NULL`),
  ],
);

/**
 * A waste diversion certificate issued to a client for a period: its kilograms by material and fate
 * are claims (type waste_diversion) on verified recovery. Revocation (once, with a reason) releases them.
 */
export const diversionCertificates = pgTable(
  'diversion_certificates',
  {
    id: id(),
    organizationId: orgId(),
    /** WDC-2026-0001 */
    number: text().notNull(),
    clientName: text().notNull(),
    /** lgu, mall, brand, company, other */
    clientType: text().notNull(),
    clientAddress: text(),
    periodFrom: date({ mode: 'string' }).notNull(),
    periodTo: date({ mode: 'string' }).notNull(),
    /** [{material_type, name, fate, kg}] as issued. */
    lines: jsonb().notNull(),
    totalKg: kg().notNull(),
    signatoryName: text().notNull(),
    signatoryTitle: text().notNull(),
    notes: text(),
    issuedBy: uuid()
      .notNull()
      .references(() => users.id),
    issuedAt: tstz().notNull().default(dbNow),
    revokedAt: tstz(),
    revokedBy: uuid().references(() => users.id),
    revokeReason: text(),
  },
  (t) => [
    unique().on(t.organizationId, t.number),
    index().on(t.organizationId, t.issuedAt),
    check('diversion_certificates_period', sql`${t.periodTo} >= ${t.periodFrom}`),
    check('diversion_certificates_kg', sql`${t.totalKg} > 0`),
    check('diversion_certificates_revoked', sql`(${t.revokedAt} IS NULL) = (${t.revokeReason} IS NULL)`),
  ],
);

/** The organization's logo (a PNG or JPEG in `files`), printed on its certificates. */
export const organizationLogos = pgTable('organization_logos', {
  organizationId: uuid()
    .primaryKey()
    .references(() => organizations.id),
  fileId: uuid()
    .notNull()
    .references(() => files.id),
  updatedBy: uuid()
    .notNull()
    .references(() => users.id),
  updatedAt: tstz().notNull().default(dbNow),
});
