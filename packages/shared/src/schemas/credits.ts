import { z } from 'zod';
import { divide, formatUnits, multiply, toUnits } from '../decimal.ts';
import { cursorParam, int32, str } from './wire.ts';

// EPR credits (docs/architecture.md "EPR"): 1 credit = 1 tonne of verified recovery — a weighed
// delivery's kilograms, processed or delivered to a recycler or co-processor — issued in batches of
// serials, transferred between organizations of the installation and retired for a named beneficiary.
// The public registry shows serials, status, vintage and fate, never holders, prices or people.

/** Kilograms behind one credit. */
export const CREDIT_KG = '1000.000';
/** Serial numbers within a batch are padded to this many digits: PH-PTEPR-ORG-MNL1-2026-0001-000042. */
export const CREDIT_SERIAL_DIGITS = 6;
/** At most this many credits per batch, so a serial's number fits its digits. */
export const MAX_CREDITS_PER_BATCH = 100_000;
export const CREDIT_COUNTRY = 'PH';
export const CREDIT_PROGRAMME = 'PTEPR';
/** ISO 22095: each credit's kilograms are a weighed delivery's, traced to the record that recovered them. */
export const CREDIT_COC_MODEL = 'identity_preserved';

export const CREDIT_FATES = ['recycling', 'co_processing'] as const;
export type CreditFate = (typeof CREDIT_FATES)[number];
/** Co-processing burns the plastic as cement kiln fuel: it counts under RA 11898 but is not recycling. */
export const CREDIT_FATE_LABELS: Record<CreditFate, string> = {
  recycling: 'Recycling',
  co_processing: 'Co-processing (cement kiln fuel), not recycling',
};

/** Where credits stand: issued (with their issuer), transferred (with another holder) or retired. */
export const CREDIT_STATUSES = ['issued', 'transferred', 'retired'] as const;
export type CreditStatus = (typeof CREDIT_STATUSES)[number];
export const CREDIT_STATUS_LABELS: Record<CreditStatus, string> = {
  issued: 'Issued',
  transferred: 'Transferred',
  retired: 'Retired',
};
export const CREDIT_BLOCK_STATUSES = ['held', 'retired'] as const;
export const CREDIT_MOVEMENT_KINDS = ['issued', 'transferred', 'retired'] as const;
export type CreditMovementKind = (typeof CREDIT_MOVEMENT_KINDS)[number];

export const CREDIT_VINTAGE_MIN = 2000;
export const CREDIT_VINTAGE_MAX = 2100;
export const RETIREMENT_YEAR_MIN = 2023;
export const RETIREMENT_YEAR_MAX = 2100;

/** Credit n of a batch: `{prefix}-{n padded to 6}`. */
export const creditSerial = (prefix: string, n: number) =>
  `${prefix}-${String(n).padStart(CREDIT_SERIAL_DIGITS, '0')}`;

/** A serial's batch prefix and number; null when the text does not end in one. */
export function parseCreditSerial(serial: string): { prefix: string; no: number } | null {
  const m = /^(.+)-(\d{1,9})$/.exec(serial.trim().toUpperCase());
  if (!m?.[1] || !m[2]) return null;
  const no = Number(m[2]);
  return no >= 1 ? { prefix: m[1], no } : null;
}

/**
 * A batch's serial prefix: country, programme, organization, facility, vintage year and batch number,
 * e.g. PH-PTEPR-ECOPLAST-MNL1-2026-0001.
 */
export const creditSerialPrefix = (orgCode: string, facilityCode: string, vintage: number, batchNo: number) =>
  [
    CREDIT_COUNTRY,
    CREDIT_PROGRAMME,
    orgCode,
    facilityCode.toUpperCase().replace(/[^A-Z0-9]/g, ''),
    vintage,
    String(batchNo).padStart(4, '0'),
  ].join('-');

/**
 * The organization part of a serial: the slug's letters and digits, upper case, at most 12. Two slugs can
 * give one code ("eco-plast", "ecoplast"): the organization that finds its code taken by another's
 * batches uses `distinct`, its id's first hex digits in place of the code's last four.
 */
export function serialOrganizationCode(slug: string, distinct?: { organizationId: string }): string {
  const code = slug.toUpperCase().replace(/[^A-Z0-9]/g, '');
  // Slugs made at sign-up end in a random suffix: keep it, so two "EcoPlast" organizations differ.
  const short = code.length <= 12 ? code : `${code.slice(0, 6)}${code.slice(-6)}`;
  if (!distinct) return short;
  const tag = distinct.organizationId.replace(/-/g, '').slice(-8).toUpperCase();
  return `${short.slice(0, 4)}${tag}`;
}

/**
 * What the collectors behind a credit's kilograms were paid, from the supplier ledger: each part's share
 * of its delivery line's amount (kg × amount ÷ the line's net kg), summed exactly and rounded once to the
 * centavo; per kg of `totalKg` to 4 decimals. The issuance stores it; the issue page previews it.
 */
export function creditCollectorPay(
  parts: { kg: string; netKg: string; amount: string }[],
  totalKg: string,
): { php: string; perKg: string } {
  let exact = 0n; // PHP at 8 decimals
  for (const p of parts) {
    const net = toUnits(p.netKg, 3);
    if (net === 0n) continue;
    exact += divide(multiply(toUnits(p.kg, 3), 3, toUnits(p.amount, 2), 2, 5), 5, net, 3, 8) ?? 0n;
  }
  const php = divide(exact, 8, 1n, 0, 2) ?? 0n;
  const perKg = divide(php, 2, toUnits(totalKg, 3), 3, 4) ?? 0n;
  return { php: formatUnits(php, 2), perKg: formatUnits(perKg, 4) };
}

// ---- input ----

const vintageParam = z.coerce
  .number('Enter a year')
  .int('Enter a year')
  .min(CREDIT_VINTAGE_MIN, `A year from ${CREDIT_VINTAGE_MIN}`)
  .max(CREDIT_VINTAGE_MAX, `A year up to ${CREDIT_VINTAGE_MAX}`);
const fateField = z.enum(CREDIT_FATES, 'Recycling or co-processing');
const materialTypeField = str().trim().min(1).max(50);
const limitParam = z.coerce.number().int().min(1).max(200).default(50);

export const creditRecoveryQuerySchema = z.object({
  facility_id: z.string().uuid().optional(),
  vintage: vintageParam.optional().describe('Recovered within this calendar year (organization time zone)'),
  fate: fateField.optional(),
  material_type: materialTypeField.optional(),
});
export type CreditRecoveryQuery = z.infer<typeof creditRecoveryQuerySchema>;

export const creditIssueSchema = z.object({
  facility_id: z.string().uuid('Choose the facility'),
  vintage: int32('Enter the vintage year')
    .min(CREDIT_VINTAGE_MIN, `A year from ${CREDIT_VINTAGE_MIN}`)
    .max(CREDIT_VINTAGE_MAX, `A year up to ${CREDIT_VINTAGE_MAX}`),
  fate: fateField,
  material_type: materialTypeField
    .nullish()
    .describe('One reference material type; left out, every type at the facility (a mixed batch)'),
  quantity: int32('Enter a whole number of credits')
    .min(1, 'Issue at least 1 credit')
    .max(MAX_CREDITS_PER_BATCH, `At most ${MAX_CREDITS_PER_BATCH.toLocaleString('en-US')} credits a batch`),
});
export type CreditIssue = z.infer<typeof creditIssueSchema>;

const quantityField = int32('Enter a whole number of credits').min(1, 'At least 1 credit');

export const creditTransferSchema = z.object({
  block_id: z.string().uuid('Choose the credits'),
  quantity: quantityField,
  to_organization: str()
    .trim()
    .toLowerCase()
    .min(1, 'Enter the organization’s identifier')
    .max(100, 'At most 100 characters'),
  note: str().trim().max(500, 'At most 500 characters').nullish(),
});
export type CreditTransfer = z.infer<typeof creditTransferSchema>;

export const creditRetireSchema = z.object({
  block_id: z.string().uuid('Choose the credits'),
  quantity: quantityField,
  beneficiary: str()
    .trim()
    .min(2, 'Name the beneficiary (at least 2 characters)')
    .max(200, 'At most 200 characters'),
  compliance_year: int32('Enter the compliance year')
    .min(RETIREMENT_YEAR_MIN, `A year from ${RETIREMENT_YEAR_MIN}`)
    .max(RETIREMENT_YEAR_MAX, `A year up to ${RETIREMENT_YEAR_MAX}`),
  purpose: str()
    .trim()
    .min(2, 'Say what the retirement is for, e.g. RA 11898 compliance 2026')
    .max(300, 'At most 300 characters'),
});
export type CreditRetire = z.infer<typeof creditRetireSchema>;

export const creditOrganizationParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Letters, digits and dashes'),
});

export const creditBatchListQuerySchema = z.object({
  limit: limitParam,
  cursor: cursorParam(),
  vintage: vintageParam.optional(),
  fate: fateField.optional(),
  status: z.enum(CREDIT_STATUSES).optional().describe('Batches with credits in this state'),
});
export type CreditBatchListQuery = z.infer<typeof creditBatchListQuerySchema>;

export const creditHoldingsQuerySchema = z.object({
  limit: limitParam,
  cursor: cursorParam(),
  status: z.enum(CREDIT_BLOCK_STATUSES).optional(),
  vintage: vintageParam.optional(),
  fate: fateField.optional(),
  q: str().trim().max(100).optional().describe('A serial, or the start of one'),
});
export type CreditHoldingsQuery = z.infer<typeof creditHoldingsQuerySchema>;
export const creditHoldingsExportQuerySchema = creditHoldingsQuerySchema.omit({ limit: true, cursor: true });

export const creditMovementsQuerySchema = z.object({
  limit: limitParam,
  cursor: cursorParam(),
  kind: z.enum(CREDIT_MOVEMENT_KINDS).optional(),
});
export type CreditMovementsQuery = z.infer<typeof creditMovementsQuerySchema>;

export const publicCreditsQuerySchema = z.object({
  limit: limitParam,
  cursor: cursorParam(),
  q: str().trim().max(100).optional().describe('A serial (the block holding it), or the start of one'),
  vintage: vintageParam.optional(),
  fate: fateField.optional(),
  status: z.enum(CREDIT_STATUSES).optional(),
});
export type PublicCreditsQuery = z.infer<typeof publicCreditsQuerySchema>;
export const publicCreditSerialParams = z.object({
  serial: z
    .string()
    .trim()
    .min(3)
    .max(120)
    .regex(/^[A-Za-z0-9-]+$/, 'Letters, digits and dashes'),
});

// ---- output ----

const org = z.object({ name: z.string(), slug: z.string() });
const facility = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  region: z.string().nullable(),
});
const fate = z.enum(CREDIT_FATES);
const movementKind = z.enum(CREDIT_MOVEMENT_KINDS);

/** One lot's kilograms of recovery as the claims ledger has them, with the delivery behind them. */
export const creditRecoveryRowSchema = z.object({
  lot: z.object({ id: z.string().uuid(), code: z.string() }),
  recovery: z.object({
    id: z.string().uuid(),
    kind: z.enum(['production_record', 'dispatch_record']),
    number: z.string(),
  }),
  fate,
  recovered_on: z.string(),
  kg: z.string(),
  claimed_kg: z.string().describe('Already backing EPR credits'),
  available_kg: z.string(),
  material: z.object({ id: z.string().uuid(), name: z.string(), type: z.string().nullable() }),
  facility: facility.omit({ region: true }),
  delivery: z.object({
    id: z.string().uuid(),
    number: z.string(),
    received_at: z.string(),
    weighbridge_ticket: z.string().nullable(),
    photos: z.number().int(),
  }),
  supplier_type: z.string(),
  line_net_kg: z
    .string()
    .describe('The delivery line’s net kg and the amount owed for it: the collector pay'),
  line_amount: z.string(),
});

/** Recovery summed per facility × fate × material type × vintage: what one batch may be issued from. */
export const creditRecoveryGroupSchema = z.object({
  facility: facility.omit({ region: true }),
  fate,
  material_type: z.string().nullable(),
  vintage: z.number().int(),
  available_kg: z.string(),
  credits: z.number().int().describe('Whole credits (tonnes) issuable'),
  carried_kg: z.string().describe('Kilograms short of another credit, carried forward'),
});

export const creditRecoverySchema = z.object({
  rows: z.array(creditRecoveryRowSchema).describe('Oldest recovery first: the order issuance claims it in'),
  groups: z.array(creditRecoveryGroupSchema),
  totals: z.object({ available_kg: z.string(), credits: z.number().int(), carried_kg: z.string() }),
});

export const creditEvidenceSchema = z.object({
  lot: z.object({ id: z.string().uuid(), code: z.string() }),
  kg: z.string(),
  material: z.object({ name: z.string(), type: z.string().nullable() }),
  delivery: z.object({
    id: z.string().uuid(),
    number: z.string(),
    received_at: z.string(),
    weighbridge_ticket: z.string().nullable(),
    photos: z.number().int(),
  }),
  supplier_type: z.string(),
  recovery: z.object({
    id: z.string().uuid(),
    kind: z.enum(['production_record', 'dispatch_record']),
    number: z.string(),
    recovered_on: z.string(),
  }),
  fate,
  proofs: z.object({
    delivery: z.string().describe('/verify/{receive record id}: the delivery’s record-log proof'),
    recovery: z.string().describe('/verify/{recovery record id}'),
  }),
});
export type CreditEvidence = z.infer<typeof creditEvidenceSchema>;

export const creditBlockSchema = z.object({
  id: z.string().uuid(),
  batch: z.object({
    id: z.string().uuid(),
    serial_prefix: z.string(),
    vintage: z.number().int(),
    fate,
    material_type: z.string(),
    issuer: org,
  }),
  holder: org,
  first_no: z.number().int(),
  last_no: z.number().int(),
  first_serial: z.string(),
  last_serial: z.string(),
  quantity: z.number().int(),
  status: z.enum(CREDIT_BLOCK_STATUSES),
  public_status: z.enum(CREDIT_STATUSES),
  beneficiary: z.string().nullable(),
  compliance_year: z.number().int().nullable(),
  purpose: z.string().nullable(),
  retired_at: z.string().nullable(),
});
export type CreditBlock = z.infer<typeof creditBlockSchema>;

export const creditMovementSchema = z.object({
  id: z.string().uuid(),
  kind: movementKind,
  /** For the caller: issued, retired, or a transfer in or out. */
  direction: z.enum(['issued', 'in', 'out', 'retired']),
  batch: z.object({ id: z.string().uuid(), serial_prefix: z.string(), vintage: z.number().int(), fate }),
  first_serial: z.string(),
  last_serial: z.string(),
  quantity: z.number().int(),
  from: org.nullable(),
  to: org,
  beneficiary: z.string().nullable(),
  compliance_year: z.number().int().nullable(),
  purpose: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type CreditMovement = z.infer<typeof creditMovementSchema>;

const counts = z.object({
  issued: z.number().int(),
  transferred: z.number().int(),
  retired: z.number().int(),
});

export const creditBatchSummarySchema = z.object({
  id: z.string().uuid(),
  batch_no: z.number().int(),
  serial_prefix: z.string(),
  first_serial: z.string(),
  last_serial: z.string(),
  country: z.string(),
  programme: z.string(),
  vintage: z.number().int(),
  fate,
  material_type: z.string(),
  quantity: z.number().int(),
  kg: z.string(),
  coc_model: z.string(),
  issuer: org,
  facility,
  issued_at: z.string(),
  is_issuer: z.boolean().describe('The caller’s organization issued it (and sees its evidence)'),
  counts: counts.describe('Credits of the batch by where they stand'),
  held_by_you: z.number().int().describe('Credits of the batch your organization holds (not retired)'),
});

export const creditBatchSchema = creditBatchSummarySchema.extend({
  collector_pay_php: z.string().nullable().describe('Only for the issuer'),
  collector_pay_per_kg: z.string().nullable(),
  evidence: z.array(creditEvidenceSchema).nullable().describe('Only for the issuer'),
  issued_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
  blocks: z.array(creditBlockSchema).describe('The issuer: every block; a holder: its own'),
  movements: z.array(creditMovementSchema).describe('Those involving your organization'),
  log_url: z.string(),
});
export type CreditBatch = z.infer<typeof creditBatchSchema>;

export const creditSummarySchema = z.object({
  rows: z.array(
    z.object({
      vintage: z.number().int(),
      fate,
      status: z.enum(CREDIT_STATUSES),
      credits: z.number().int(),
    }),
  ),
  totals: counts,
});

export const creditTransferResultSchema = z.object({ movement: creditMovementSchema });
export const creditOrganizationSchema = org;

export const publicCreditSchema = z.object({
  batch_id: z.string().uuid(),
  first_serial: z.string(),
  last_serial: z.string(),
  quantity: z.number().int(),
  status: z.enum(CREDIT_STATUSES),
  country: z.string(),
  programme: z.string(),
  vintage: z.number().int(),
  fate,
  material_type: z.string(),
  coc_model: z.string(),
  issuer: z.object({ name: z.string() }),
  facility_region: z.string().nullable(),
  issued_at: z.string(),
  beneficiary: z.string().nullable(),
  compliance_year: z.number().int().nullable(),
  purpose: z.string().nullable(),
  retired_at: z.string().nullable(),
  verify_url: z.string().describe('The registry page of the block'),
  log_url: z.string().describe('The batch’s record-log proof'),
});
export type PublicCredit = z.infer<typeof publicCreditSchema>;
