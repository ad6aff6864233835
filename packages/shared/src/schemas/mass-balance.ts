import { z } from 'zod';
import { day, str } from './wire.ts';

// Mass balance (docs/architecture.md, "Mass balance and closed periods"): per facility × material ×
// period, opening + in − out − consumed − losses + adjustments + voids = closing, read from the stock
// ledger; ISCC PLUS's rules: a period of at most three months, book vs counted within 0.5 %, no
// negative balance at period end, conversion factors taking losses out before attribution.

/** ISCC PLUS: book and physical stock may differ by at most this share (percent). */
export const COUNT_TOLERANCE_PCT = '0.5';
/** ISCC PLUS: a mass-balance period is at most three months. */
export const MASS_BALANCE_MAX_MONTHS = 3;
export const REOPEN_REASON_MIN = 10;

export const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2]|Q[1-4])$/;
export type PeriodKind = 'month' | 'quarter' | 'custom';
export type Period = { start: string; end: string; kind: PeriodKind; label: string };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** '2026-10' → October 2026; '2026-Q4' → October to December 2026; null when not a period. */
export function parsePeriod(text: string): Period | null {
  const m = PERIOD_PATTERN.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const part = m[2] ?? '';
  const quarter = part.startsWith('Q');
  const first = quarter ? (Number(part.slice(1)) - 1) * 3 + 1 : Number(part);
  const last = quarter ? first + 2 : first;
  return {
    start: `${year}-${pad(first)}-01`,
    end: `${year}-${pad(last)}-${pad(lastDayOf(year, last))}`,
    kind: quarter ? 'quarter' : 'month',
    label: text,
  };
}

/** The period name of a day's month or quarter: ('2026-11-02', 'quarter') → '2026-Q4'. */
export function periodOf(dayText: string, kind: 'month' | 'quarter'): string {
  const [y, m] = dayText.split('-');
  return kind === 'month' ? `${y}-${m}` : `${y}-Q${Math.ceil(Number(m) / 3)}`;
}

/** The period before or after (a month or a quarter). */
export function shiftPeriod(text: string, by: number): string {
  const p = parsePeriod(text);
  if (!p) return text;
  const [y, m] = p.start.split('-').map(Number) as [number, number];
  const step = p.kind === 'quarter' ? 3 : 1;
  const months = y * 12 + (m - 1) + by * step;
  const d = `${Math.floor(months / 12)}-${pad((months % 12) + 1)}-01`;
  return periodOf(d, p.kind === 'quarter' ? 'quarter' : 'month');
}

/** True when [from, to] spans more than three calendar months (to on or after from + 3 months). */
export function longerThanMaxPeriod(from: string, to: string): boolean {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + MASS_BALANCE_MAX_MONTHS;
  const limitMonth = (months % 12) + 1;
  const limitYear = Math.floor(months / 12);
  const limit = `${limitYear}-${pad(limitMonth)}-${pad(Math.min(d, lastDayOf(limitYear, limitMonth)))}`;
  return to >= limit;
}

const periodText = z
  .string()
  .trim()
  .regex(PERIOD_PATTERN, 'Enter a month as YYYY-MM or a quarter as YYYY-Q1 … YYYY-Q4');

export const massBalanceQuerySchema = z
  .object({
    period: periodText.optional(),
    from: day().optional(),
    to: day().optional(),
    facility_id: z.string().uuid('Choose a facility').optional(),
  })
  .superRefine((q, c) => {
    if (q.period && (q.from || q.to)) {
      c.addIssue({ code: 'custom', path: ['period'], message: 'Give a period or from and to, not both' });
    } else if (!q.period && !(q.from && q.to)) {
      c.addIssue({
        code: 'custom',
        path: ['period'],
        message: 'Give a period (YYYY-MM or YYYY-Qn) or from and to',
      });
    } else if (q.from && q.to) {
      if (q.to < q.from)
        c.addIssue({ code: 'custom', path: ['to'], message: 'The period ends before it starts' });
      else if (longerThanMaxPeriod(q.from, q.to))
        c.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A mass-balance period is at most ${MASS_BALANCE_MAX_MONTHS} months (ISCC PLUS)`,
        });
    }
  });
export type MassBalanceQuery = z.infer<typeof massBalanceQuerySchema>;

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const kgText = z.string().describe('kg, exact to the gram');
const person = z.object({ id: z.string().uuid(), name: z.string() });

export const massBalanceRowSchema = z.object({
  facility: ref,
  material: ref,
  opening_kg: kgText,
  received_kg: kgText.describe('Deliveries received (receipts)'),
  produced_kg: kgText.describe('Production outputs and kept reject lots'),
  transfers_in_kg: kgText.describe('Split and merge lots made'),
  in_kg: kgText.describe('received + produced + transfers in'),
  dispatched_kg: kgText,
  transfers_out_kg: kgText.describe('What splits and merges took from their source lots'),
  out_kg: kgText.describe('dispatched + transfers out'),
  consumed_kg: kgText.describe('Production inputs that became outputs (gross inputs less their losses)'),
  losses_kg: kgText.describe('This material’s share of its runs’ losses: inputs − outputs, by mass'),
  adjustments_kg: kgText.describe('Stock counts and lot adjustments, signed'),
  voids_kg: kgText.describe('Reversals of voided receipts, runs and dispatches, signed'),
  closing_kg: kgText.describe('The ledger’s balance at the period’s end'),
  negative: z.boolean().describe('Closing below zero: never allowed at period end'),
});
export type MassBalanceRow = z.infer<typeof massBalanceRowSchema>;

export const conversionFactorSchema = z.object({
  facility: ref,
  process_code: z.string(),
  runs: z.number().int(),
  input_kg: kgText,
  output_kg: kgText,
  kept_kg: kgText.describe('Losses kept on site as reject lots'),
  loss_kg: kgText.describe('input − output − kept: what left the books'),
  losses_by_fate: z.array(z.object({ fate: z.string(), kg: kgText })),
  factor: z.string().describe('Σ outputs ÷ Σ inputs, 4 decimals'),
});

export const countCheckSchema = z.object({
  count: z.object({ id: z.string().uuid(), number: z.string() }),
  facility: ref,
  material: ref,
  posted_at: z.string(),
  book_kg: kgText,
  counted_kg: kgText,
  difference_kg: kgText,
  difference_pct: z
    .string()
    .nullable()
    .describe('(counted − book) ÷ book × 100, 2 decimals; null when book is 0'),
  flagged: z
    .boolean()
    .describe(`|difference| above ${COUNT_TOLERANCE_PCT} % of book (or any difference on 0)`),
});

export const creditsSchema = z.object({
  facility: ref,
  opening_kg: kgText,
  in_kg: kgText.describe('Recycled kg of deliveries received in the period (net of voided ones)'),
  out_kg: kgText.describe('Recycled kg claimed on dispatched lots (net of voided dispatches)'),
  closing_kg: kgText,
  negative: z.boolean(),
});

export const periodCloseSchema = z.object({
  id: z.string().uuid(),
  period: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  period_kind: z.enum(['month', 'quarter']),
  facility: ref.nullable(),
  statement_sha256: z.string(),
  closed_by: person,
  closed_at: z.string(),
  reopened_by: person.nullable(),
  reopened_at: z.string().nullable(),
  reopen_reason: z.string().nullable(),
});
export type PeriodClose = z.infer<typeof periodCloseSchema>;

export const massBalanceStatementSchema = z.object({
  period: z.object({
    label: z.string(),
    start: z.string(),
    end: z.string(),
    kind: z.enum(['month', 'quarter', 'custom']),
  }),
  facility: ref.nullable(),
  time_zone: z.string(),
  generated_at: z.string(),
  rows: z.array(massBalanceRowSchema),
  conversion: z.array(conversionFactorSchema),
  counts: z.array(countCheckSchema),
  credits: z.array(creditsSchema),
  flags: z.object({
    negative_balances: z.number().int(),
    counts_over_tolerance: z.number().int(),
    negative_credits: z.number().int(),
  }),
});
export type MassBalanceStatement = z.infer<typeof massBalanceStatementSchema>;

export const massBalanceSchema = massBalanceStatementSchema.extend({
  ended: z.boolean().describe('The period is over in the organization’s time zone (it can be closed)'),
  close: periodCloseSchema.nullable().describe('The latest close of exactly this period and facility'),
  stored: z.boolean().describe('The statement is the one stored when the period was closed'),
  books_closed_through: z
    .string()
    .nullable()
    .describe('The organization’s books are closed through this day'),
});
export type MassBalanceView = z.infer<typeof massBalanceSchema>;

export const periodCloseBodySchema = z.object({
  period: periodText,
  facility_id: z.string().uuid('Choose a facility').nullish(),
});

export const periodReopenBodySchema = z.object({
  reason: str()
    .trim()
    .min(REOPEN_REASON_MIN, `Say why the period is reopened (at least ${REOPEN_REASON_MIN} characters)`)
    .max(500),
});

export const periodClosesSchema = z.object({ items: z.array(periodCloseSchema) });
