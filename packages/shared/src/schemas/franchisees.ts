import { z } from 'zod';
import { parseUnits } from '../decimal.ts';
import { customerCreateSchema, masterdataFields as m } from './masterdata.ts';
import { day, FIRST_DAY, LAST_DAY, str } from './wire.ts';

// Franchisees (docs/architecture.md "Domain model"): the organization's franchised collection points.
// Each sells to the organization as one of its suppliers, so its volume, purchases and payouts are that
// supplier's receipts and ledger entries; the franchise adds a monthly target and the fee it owes.

/** The database's franchise_fee_kind: a % of what it sold us, PHP per kg, or a fixed amount a month. */
export const FRANCHISE_FEE_KINDS = ['royalty_pct', 'per_kg', 'fixed_monthly'] as const;
export type FranchiseFeeKind = (typeof FRANCHISE_FEE_KINDS)[number];

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
// The contact phone of master data: the same rules and hint as customers' and suppliers'.
const phone = customerCreateSchema.shape.phone;

export const franchiseeSchema = z
  .object({
    ...m.recordFields,
    supplier: ref.describe('The supplier it sells to the organization as'),
    owner_name: z.string(),
    phone: z.string().nullable(),
    address_line: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    latitude: m.decimalOut('Degrees'),
    longitude: m.decimalOut('Degrees'),
    agreement_start: z.string().describe('ISO date: the first day of the franchise agreement'),
    agreement_end: z.string().nullable().describe('ISO date: its last day; null while open-ended'),
    fee_kind: z.enum(FRANCHISE_FEE_KINDS),
    fee_value: z
      .string()
      .describe('The royalty in % of purchases, PHP per kg, or PHP a month, as a decimal string'),
    monthly_target_kg: z.string().describe('kg a month, as a decimal string'),
  })
  .meta({ id: 'Franchisee' });
export type Franchisee = z.infer<typeof franchiseeSchema>;

const franchiseeFields = {
  code: m.code,
  name: m.requiredText('Name'),
  supplier_id: z.string().uuid('Choose a supplier'),
  owner_name: m.requiredText('Owner name'),
  phone,
  address_line: m.optionalText(300),
  city: m.optionalText(100),
  province: m.optionalText(100),
  latitude: m.decimalField('Latitude', { min: -90, max: 90 }).nullish(),
  longitude: m.decimalField('Longitude', { min: -180, max: 180 }).nullish(),
  agreement_start: day('Enter the agreement’s first day as YYYY-MM-DD'),
  agreement_end: day('Enter the agreement’s last day as YYYY-MM-DD').nullish(),
  fee_kind: z.enum(FRANCHISE_FEE_KINDS, 'Choose a royalty, a fee per kg or a fixed monthly fee'),
  fee_value: m.decimalField('Fee', { scale: 2, digits: 10, min: 0 }),
  monthly_target_kg: m.decimalField('Monthly target', { scale: 3, digits: 11, min: 0 }),
};

/** The values the rules between fields read, as sent or as stored. */
export type FranchiseeTerms = {
  latitude?: string | null | undefined;
  longitude?: string | null | undefined;
  agreement_start?: string | undefined;
  agreement_end?: string | null | undefined;
  fee_kind?: FranchiseFeeKind | undefined;
  fee_value?: string | undefined;
};

/**
 * The rules between fields, by field: the server applies them to the record as it would be after a
 * change (the stored values under the ones sent), the forms to what they hold, in the same words.
 */
export function franchiseeProblems(t: FranchiseeTerms): Record<string, string> {
  const problems: Record<string, string> = {};
  // Half a point places nothing on the map.
  if ((t.latitude == null) !== (t.longitude == null))
    problems[t.latitude == null ? 'latitude' : 'longitude'] = 'Enter both latitude and longitude, or neither';
  if (t.agreement_start && t.agreement_end && t.agreement_end < t.agreement_start)
    problems.agreement_end = 'The agreement cannot end before it starts';
  if (t.fee_kind === 'royalty_pct' && t.fee_value && (parseUnits(t.fee_value, 2) ?? 0n) > 10000n)
    problems.fee_value = 'A royalty is at most 100 %';
  return problems;
}

const withTerms = (terms: FranchiseeTerms, ctx: z.RefinementCtx) => {
  for (const [path, message] of Object.entries(franchiseeProblems(terms)))
    ctx.addIssue({ code: 'custom', message, path: [path] });
};

export const franchiseeCreateSchema = z.object(franchiseeFields).superRefine(withTerms);
/**
 * A change sends only what changes: the rules are checked here between the fields sent together, and
 * by the server against the stored record (a new longitude alone, a royalty raised without its kind).
 */
export const franchiseeUpdateSchema = z
  .object(franchiseeFields)
  .partial()
  .extend({ version: m.version })
  .superRefine(({ latitude, longitude, ...terms }, ctx) =>
    withTerms(
      latitude !== undefined && longitude !== undefined ? { latitude, longitude, ...terms } : terms,
      ctx,
    ),
  );
export const franchiseeListQuerySchema = m.masterListQuery.extend({
  fee_kind: z.enum(FRANCHISE_FEE_KINDS).optional(),
  city: str().trim().max(100).optional(),
});

// ---- performance ----

const FIRST_MONTH = FIRST_DAY.slice(0, 7);
const LAST_MONTH = LAST_DAY.slice(0, 7);
/** The most months one request reads: two years side by side. */
export const PERFORMANCE_MAX_MONTHS = 24;

export const franchiseePerformanceQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM')
    .refine(
      (v) => v >= FIRST_MONTH && v <= LAST_MONTH,
      `Enter a month between ${FIRST_MONTH} and ${LAST_MONTH}`,
    )
    .optional()
    .describe('The last month shown, YYYY-MM; the organization’s current month when left out'),
  months: z.coerce
    .number()
    .int('Enter a whole number of months')
    .min(1, 'Show at least 1 month')
    .max(PERFORMANCE_MAX_MONTHS, `Show at most ${PERFORMANCE_MAX_MONTHS} months`)
    .default(6)
    .describe('How many months, ending with `month`'),
  include_archived: z.stringbool().optional().describe('Also archived franchisees'),
});

const figures = {
  volume_kg: z
    .string()
    .describe('Σ net kg of the lines of posted receipts from its supplier, received in the month'),
  purchases_php: z.string().describe('Σ the amounts of those lines'),
  target_kg: z.string().describe('The monthly target (summed over franchisees or months)'),
  target_pct: z.string().nullable().describe('Volume ÷ target in %, 1 decimal; null without a target'),
  fee_due_php: z
    .string()
    .describe(
      'Royalty: % × purchases; per kg: rate × volume; fixed: the monthly fee — only in months the agreement covers',
    ),
  payouts_php: z
    .string()
    .describe(
      'Payments and advances to its supplier posted in the month, less their reversals (whenever made)',
    ),
};
const figuresSchema = z.object(figures);
export type FranchiseeFigures = z.infer<typeof figuresSchema>;

export const franchiseePerformanceSchema = z
  .object({
    months: z.array(z.string()).describe('YYYY-MM in the organization’s time zone, oldest first'),
    items: z.array(
      z.object({
        franchisee: z.object({
          ...ref.shape,
          supplier: ref,
          city: z.string().nullable(),
          latitude: m.decimalOut('Degrees'),
          longitude: m.decimalOut('Degrees'),
          fee_kind: z.enum(FRANCHISE_FEE_KINDS),
          fee_value: z.string(),
          archived: z.boolean(),
        }),
        months: z.array(
          z.object({
            month: z.string(),
            ...figures,
            in_agreement: z.boolean().describe('The agreement covers at least a day of the month'),
          }),
        ),
        total: figuresSchema,
      }),
    ),
    network: z.object({
      months: z.array(z.object({ month: z.string(), ...figures })),
      total: figuresSchema,
    }),
  })
  .meta({ id: 'FranchiseePerformance' });
export type FranchiseePerformance = z.infer<typeof franchiseePerformanceSchema>;
