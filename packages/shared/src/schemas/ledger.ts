import { z } from 'zod';
import { decimalInput } from './intake.ts';
import { PAYMENT_METHODS, SUPPLIER_TYPES } from './masterdata.ts';
import { listQuerySchema, page } from './pagination.ts';
import { day, instant, str } from './wire.ts';

// The supplier ledger (docs/architecture.md: Domain model): payables from posted receipts, payments and advances, in PHP.
// A positive balance is what the organization owes the supplier; a negative one is an advance the
// supplier has yet to deliver against.

/**
 * payable: a posted delivery; payable_reversal: its void; payment and advance lower the balance;
 * payment_reversal undoes a mistaken payment or advance (the entry stays, the reversal cancels it).
 */
export const LEDGER_ENTRY_KINDS = [
  'payable',
  'payable_reversal',
  'payment',
  'advance',
  'payment_reversal',
] as const;
export const LEDGER_SORTS = [
  '-balance',
  'balance',
  'name',
  '-name',
  '-last_entry_at',
  'last_entry_at',
] as const;

const dayParam = (what: string) => day(`Enter the ${what} as YYYY-MM-DD`).optional();
const php = (what: string) => z.string().describe(`${what} (PHP, 2 decimals)`);

export const ledgerSupplierSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  type: z.enum(SUPPLIER_TYPES),
});

// ---- balances ----

export const supplierBalanceSchema = z
  .object({
    supplier: ledgerSupplierSchema,
    balance: php('Owed to the supplier; negative while an advance is outstanding'),
    currency: z.literal('PHP'),
    last_entry_at: z.string(),
  })
  .meta({ id: 'SupplierBalance' });

const balanceFilters = {
  q: listQuerySchema.shape.q.describe('Part of the supplier code or name'),
  sort: z.enum(LEDGER_SORTS, `Sort by one of: ${LEDGER_SORTS.join(', ')}`).default('-balance'),
  type: z.enum(SUPPLIER_TYPES).optional(),
  owing: z.stringbool().optional().describe('Only suppliers the organization owes money'),
  as_of: dayParam('as-of date').describe('Balances at the end of this day (organization time zone)'),
};
export const supplierBalanceQuerySchema = listQuerySchema.extend(balanceFilters);
export const supplierBalanceExportQuerySchema = z.object(balanceFilters);

export const supplierBalancePageSchema = page(supplierBalanceSchema)
  .extend({
    totals: z
      .object({
        suppliers: z.number().int(),
        owed: php('Sum of the positive balances'),
        advances: php('Sum of the outstanding advances, as a positive amount'),
        net: php('Owed less advances'),
      })
      .describe('Over every supplier matching the filter, not only this page'),
    as_of: z.string().nullable(),
    currency: z.literal('PHP'),
  })
  .meta({ id: 'SupplierBalancePage' });

// ---- statement ----

export const ledgerEntrySchema = z
  .object({
    id: z.string().uuid(),
    kind: z.enum(LEDGER_ENTRY_KINDS),
    amount: php('Positive raises what is owed, negative lowers it'),
    balance: php('Running balance after this entry'),
    currency: z.string(),
    method: z.enum(PAYMENT_METHODS).nullable(),
    reference: z.string().nullable(),
    source_type: z.string().nullable(),
    source_id: z.string().nullable(),
    note: z.string().nullable(),
    posted_at: z.string(),
    reversed_by: z
      .string()
      .uuid()
      .nullable()
      .describe(
        'The payment_reversal entry that reversed this payment or advance, whatever its date; null if none',
      ),
  })
  .meta({ id: 'SupplierLedgerEntry' });

const statementRange = z.object({
  from: dayParam('start date').describe('First day of the period (organization time zone)'),
  to: dayParam('end date').describe('Last day of the period, included'),
});
const inOrder = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;
const backwards = { message: 'The end date is before the start date', path: ['to'] };
export const statementQuerySchema = statementRange
  .extend({ limit: listQuerySchema.shape.limit, cursor: listQuerySchema.shape.cursor })
  .refine(inOrder, backwards);
export const statementExportQuerySchema = statementRange.refine(inOrder, backwards);

export const statementSchema = page(ledgerEntrySchema)
  .extend({
    supplier: ledgerSupplierSchema,
    from: z.string().nullable(),
    to: z.string().nullable(),
    opening_balance: php('Balance before the period'),
    closing_balance: php('Balance at the end of the period'),
    total_increase: php('Entries of the period that raised the balance (deliveries, reversed payments)'),
    total_decrease: php('Entries of the period that lowered it (payments, advances, voided deliveries)'),
    currency: z.literal('PHP'),
  })
  .meta({ id: 'SupplierStatement' });

// ---- payments ----

export const paymentInputSchema = z.object({
  supplier_id: z.string().uuid('Choose a supplier'),
  amount: decimalInput(2, 'Amount').refine((v) => /[1-9]/.test(v), 'Enter an amount above ₱0.00'),
  method: z.enum(PAYMENT_METHODS, 'Choose cash, GCash or bank'),
  reference: str().trim().max(100).nullish(),
  note: str().trim().max(500).nullish(),
  advance: z
    .boolean()
    .default(false)
    .describe('Pay more than is owed: the excess is an advance against future deliveries'),
  paid_at: instant('Enter the date and time paid')
    .optional()
    .describe(
      'When the money was handed over, if not now (e.g. yesterday’s cash payouts); never in the future',
    ),
});

export const paymentReversalBodySchema = z.object({
  reason: str().trim().min(3, 'Say why the payment is reversed').max(500),
});
