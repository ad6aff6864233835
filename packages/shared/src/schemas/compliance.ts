import { z } from 'zod';
import { PACKAGING_CATEGORIES } from './boms.ts';
import { listQuerySchema } from './pagination.ts';
import { decimal, int32, str, versionField } from './wire.ts';

// RA 11898 compliance of an obliged enterprise (docs/architecture.md "EPR"): its standing, its plastic
// footprint per year and category, the year's statement (target, required, recovered, shortfall, fine
// exposure, each figure with its rule and source) and the EPR Compliance Audit Report (ECAR), whose
// content is frozen when drafted and which an auditor reviews item by item and signs off.

export const ENTERPRISE_KINDS = ['brand_owner', 'manufacturer', 'importer', 'voluntary'] as const;
export type EnterpriseKind = (typeof ENTERPRISE_KINDS)[number];
export const ENTERPRISE_KIND_LABELS: Record<EnterpriseKind, string> = {
  brand_owner: 'Brand owner',
  manufacturer: 'Manufacturer',
  importer: 'Importer',
  voluntary: 'Voluntary participant',
};

export const FOOTPRINT_SOURCES = ['entered', 'boms'] as const;
export const FOOTPRINT_SOURCE_LABELS: Record<(typeof FOOTPRINT_SOURCES)[number], string> = {
  entered: 'Entered',
  boms: 'Computed from BOMs',
};

export const ECAR_STATUSES = ['draft', 'signed_off'] as const;
export type EcarStatus = (typeof ECAR_STATUSES)[number];
export const ECAR_DECISIONS = ['accepted', 'queried', 'rejected'] as const;
export type EcarDecision = (typeof ECAR_DECISIONS)[number];
export const ECAR_DECISION_LABELS: Record<EcarDecision, string> = {
  accepted: 'Accepted',
  queried: 'Queried',
  rejected: 'Rejected',
};

/** The fine exposure's states: no shortfall, a shortfall, not obliged, or not computable yet. */
export const FINE_STATUSES = ['none', 'exposed', 'not_obliged', 'unknown'] as const;
export type FineStatus = (typeof FINE_STATUSES)[number];

export const CHECKLIST_KEYS = ['profile', 'footprint', 'retirements', 'ecar_drafted', 'ecar_signed'] as const;

/** 2022 is RA 11898's baseline year; targets run from 2023. */
export const COMPLIANCE_FIRST_YEAR = 2022;
export const COMPLIANCE_LAST_YEAR = 2100;
const YEAR_RANGE = `Enter a year from ${COMPLIANCE_FIRST_YEAR} to ${COMPLIANCE_LAST_YEAR}`;

const yearField = () =>
  int32(YEAR_RANGE).min(COMPLIANCE_FIRST_YEAR, YEAR_RANGE).max(COMPLIANCE_LAST_YEAR, YEAR_RANGE);
/** A year in a query string. */
const yearParam = () =>
  z.coerce
    .number(YEAR_RANGE)
    .int(YEAR_RANGE)
    .min(COMPLIANCE_FIRST_YEAR, YEAR_RANGE)
    .max(COMPLIANCE_LAST_YEAR, YEAR_RANGE);

const optionalText = (max: number) =>
  str()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const person = z.object({ id: z.string().uuid(), name: z.string() });
const category = z.enum(PACKAGING_CATEGORIES);
const basisSchema = z.object({
  figure: z.string(),
  value: z.string(),
  rule: z.string().describe('How it was found'),
  source: z.string().describe('Where the rule or figure comes from'),
});

// ---- profile ----

export const complianceProfileSchema = z
  .object({
    configured: z.boolean().describe('False until the organization first saves its profile'),
    obliged: z.boolean(),
    enterprise_kind: z.enum(ENTERPRISE_KINDS),
    total_assets_php: z.string().nullable(),
    registration_no: z.string().nullable().describe('NSWMC registration number'),
    recovery_cost_php_per_kg: z.string().nullable(),
    obliged_by_assets: z
      .boolean()
      .nullable()
      .describe(
        'Whether the assets entered are above the threshold (null when none are entered): a hint only',
      ),
    hint: z.string().describe('What the assets suggest, with the rule’s source; the organization declares'),
    version: z.number().int(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'ComplianceProfile' });
export type ComplianceProfile = z.infer<typeof complianceProfileSchema>;

/** The profile's fields; forms extend these (typed text) and add the rule below. */
export const complianceProfileFieldsSchema = z.object({
  obliged: z.boolean('Say whether the organization is obliged'),
  enterprise_kind: z.enum(ENTERPRISE_KINDS, 'Choose the kind of enterprise'),
  total_assets_php: decimal('Total assets', { scale: 2, digits: 14 }).nullish(),
  registration_no: optionalText(100),
  recovery_cost_php_per_kg: decimal('Recovery cost', { scale: 2, digits: 10, positive: true }).nullish(),
  version: versionField(),
});

/** Obliged enterprises are brand owners, manufacturers or importers, never "voluntary". */
export const obligedKindRule = {
  check: (p: { obliged: boolean; enterprise_kind: string }) =>
    !(p.obliged && p.enterprise_kind === 'voluntary'),
  path: ['enterprise_kind'],
  message: 'An obliged enterprise is a brand owner, a manufacturer or an importer',
};

export const complianceProfileInputSchema = complianceProfileFieldsSchema.refine(obligedKindRule.check, {
  path: obligedKindRule.path,
  message: obligedKindRule.message,
});
export type ComplianceProfileInput = z.output<typeof complianceProfileInputSchema>;

// ---- footprint ----

export const footprintEntrySchema = z
  .object({
    id: z.string().uuid(),
    year: z.number().int(),
    category,
    kg: z.string(),
    source: z.enum(FOOTPRINT_SOURCES),
    note: z.string().nullable(),
    entered_by: person,
    created_at: z.string(),
  })
  .meta({ id: 'ComplianceFootprintEntry' });
export type FootprintEntry = z.infer<typeof footprintEntrySchema>;

export const footprintYearSchema = z
  .object({
    year: z.number().int(),
    total_kg: z.string().describe('The sum of the entries in force'),
    in_force: z.array(footprintEntrySchema).describe('The latest entry of each category'),
    history: z.array(footprintEntrySchema).describe('Every entry of the year, newest first'),
  })
  .meta({ id: 'ComplianceFootprints' });
export type FootprintYear = z.infer<typeof footprintYearSchema>;

export const footprintInputSchema = z.object({
  year: yearField(),
  category: z.enum(PACKAGING_CATEGORIES, 'Choose the RA 11898 packaging category'),
  kg: decimal('Footprint', { scale: 3, digits: 11 }),
  note: optionalText(500),
});
export type FootprintInput = z.output<typeof footprintInputSchema>;

export const complianceYearQuerySchema = z.object({ year: yearParam() });
export const complianceYearBodySchema = z.object({ year: yearField() });
export const complianceYearParamsSchema = z.object({ year: yearParam() });

export const computedFootprintSchema = z
  .object({
    year: z.number().int(),
    runs: z.number().int().describe('Posted manufacturing runs of the year that name a product and BOM'),
    total_kg: z.string(),
    by_category: z.array(z.object({ category, kg: z.string() })),
    products: z.array(
      z.object({
        product: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }),
        bom_version: z.object({ id: z.string().uuid(), version_no: z.number().int() }),
        runs: z.number().int(),
        units: z.string(),
        kg: z.string(),
      }),
    ),
    rule: z.string(),
  })
  .meta({ id: 'ComplianceComputedFootprint' });
export type ComputedFootprint = z.infer<typeof computedFootprintSchema>;

// ---- the year ----

export const complianceRetirementSchema = z
  .object({
    id: z.string().uuid().describe('The retired block'),
    batch_id: z.string().uuid(),
    serial_prefix: z.string(),
    first_serial: z.string(),
    last_serial: z.string(),
    credits: z.number().int(),
    kg: z.string().describe('1 credit = 1 tonne'),
    beneficiary: z.string(),
    purpose: z.string().nullable(),
    compliance_year: z.number().int(),
    retired_at: z.string(),
    issuer: z.string().describe('The organization that issued the batch'),
    vintage: z.number().int(),
    fate: z.enum(['recycling', 'co_processing']),
    log_url: z.string().describe('The batch’s record-log proof'),
  })
  .meta({ id: 'ComplianceRetirement' });
export type ComplianceRetirement = z.infer<typeof complianceRetirementSchema>;

const targetSchema = z.object({
  recovery_target_pct: z.string().nullable(),
  year: z.number().int().nullable().describe('The year of the figure applied (the last applies onward)'),
  law: z.string().nullable(),
  source: z.string().nullable(),
  statement: z.string(),
});

export const complianceFineSchema = z.object({
  status: z.enum(FINE_STATUSES),
  low_php: z.string().nullable(),
  high_php: z.string().nullable(),
  twice_cost_php: z.string().nullable().describe('Twice the cost of recovering the shortfall'),
  statement: z.string(),
});
export type ComplianceFine = z.infer<typeof complianceFineSchema>;

/** The figures of a year: what an ECAR freezes as its statement. */
export const complianceFiguresSchema = z.object({
  year: z.number().int(),
  obliged: z.boolean(),
  footprint: z.object({
    total_kg: z.string().nullable().describe('Null when no footprint is entered for the year'),
    by_category: z.array(z.object({ category, kg: z.string(), source: z.enum(FOOTPRINT_SOURCES) })),
  }),
  target: targetSchema,
  required_kg: z.string().nullable(),
  recovered_kg: z.string(),
  retired_credits: z.number().int(),
  surplus_kg: z.string().nullable(),
  shortfall_kg: z.string().nullable(),
  recovery_cost_php_per_kg: z.string().nullable(),
  fine: complianceFineSchema,
  ecar_due_on: z.string(),
  basis: z.array(basisSchema),
});
export type ComplianceFigures = z.infer<typeof complianceFiguresSchema>;

export const ecarSummarySchema = z
  .object({
    id: z.string().uuid(),
    year: z.number().int(),
    version: z.number().int(),
    status: z.enum(ECAR_STATUSES),
    content_sha256: z.string(),
    created_by: person,
    created_at: z.string(),
    signed_by: person.nullable(),
    signed_at: z.string().nullable(),
    item_count: z.number().int(),
    accepted_count: z.number().int(),
  })
  .meta({ id: 'EcarSummary' });
export type EcarSummary = z.infer<typeof ecarSummarySchema>;

export const complianceYearSchema = complianceFiguresSchema
  .extend({
    profile_configured: z.boolean(),
    retirements: z.array(complianceRetirementSchema),
    ecar: z.object({ due_on: z.string(), latest: ecarSummarySchema.nullable() }),
    checklist: z.array(
      z.object({ key: z.enum(CHECKLIST_KEYS), label: z.string(), done: z.boolean(), detail: z.string() }),
    ),
  })
  .meta({ id: 'ComplianceYear' });
export type ComplianceYear = z.infer<typeof complianceYearSchema>;

// ---- ECAR ----

export const ecarEvidenceSchema = z.object({
  lot: z.object({ id: z.string(), code: z.string() }),
  kg: z.string(),
  fate: z.string(),
  delivery: z.object({
    id: z.string(),
    number: z.string(),
    received_at: z.string().nullable(),
    weighbridge_ticket: z.string().nullable(),
    proof_url: z.string(),
  }),
  recovery: z.object({
    kind: z.string(),
    id: z.string(),
    number: z.string(),
    proof_url: z.string(),
  }),
});
export type EcarEvidence = z.infer<typeof ecarEvidenceSchema>;

export const ecarItemSchema = z.object({
  key: z.string().describe('Stable within the report: footprint:{category}, retirement:{block id}'),
  kind: z.enum(['footprint', 'retirement']),
  title: z.string(),
  kg: z.string(),
  detail: z.string(),
  footprint: z
    .object({
      category,
      source: z.enum(FOOTPRINT_SOURCES),
      note: z.string().nullable(),
      entry_id: z.string().uuid(),
      entered_at: z.string(),
    })
    .nullable(),
  retirement: complianceRetirementSchema.nullable(),
  evidence: z.array(ecarEvidenceSchema),
});
export type EcarItem = z.infer<typeof ecarItemSchema>;

export const ecarContentSchema = z
  .object({
    organization: z.object({
      id: z.string().uuid(),
      name: z.string(),
      registration_no: z.string().nullable(),
      enterprise_kind: z.enum(ENTERPRISE_KINDS),
      obliged: z.boolean(),
    }),
    year: z.number().int(),
    version: z.number().int(),
    statement: complianceFiguresSchema,
    items: z.array(ecarItemSchema),
  })
  .meta({ id: 'EcarContent' });
export type EcarContent = z.infer<typeof ecarContentSchema>;

export const ecarReviewSchema = z.object({
  id: z.string().uuid(),
  item_key: z.string(),
  decision: z.enum(ECAR_DECISIONS),
  comment: z.string().nullable(),
  reviewed_by: person,
  reviewed_at: z.string(),
});
export type EcarReview = z.infer<typeof ecarReviewSchema>;

export const ecarReportSchema = ecarSummarySchema
  .extend({
    opinion: z.string().nullable(),
    content: ecarContentSchema,
    reviews: z
      .array(
        z.object({
          item_key: z.string(),
          latest: ecarReviewSchema.nullable(),
          history: z.array(ecarReviewSchema).describe('Newest first'),
        }),
      )
      .describe('One per item, in the content’s order'),
    open_items: z.array(z.string()).describe('Items whose latest decision is not accepted'),
  })
  .meta({ id: 'EcarReport' });
export type EcarReport = z.infer<typeof ecarReportSchema>;

export const ecarListQuerySchema = listQuerySchema.omit({ q: true }).extend({ year: yearParam().optional() });
export type EcarListQuery = z.output<typeof ecarListQuerySchema>;

export const ecarReviewInputSchema = z
  .object({
    item_key: str().trim().min(1, 'Name the item').max(200, 'At most 200 characters'),
    decision: z.enum(ECAR_DECISIONS, 'Accept, query or reject the item'),
    comment: optionalText(2000),
  })
  .refine((r) => r.decision === 'accepted' || !!r.comment, {
    path: ['comment'],
    message: 'Say what is wrong or missing: a query or a rejection needs a comment',
  });
export type EcarReviewInput = z.output<typeof ecarReviewInputSchema>;

export const ecarSignOffSchema = z.object({
  opinion: str()
    .trim()
    .min(10, 'Write the audit opinion: at least 10 characters')
    .max(5000, 'At most 5000 characters'),
});
