import { z } from 'zod';
import { decimalInput } from './intake.ts';
import { CUSTOMER_TYPES, PAYMENT_METHODS, SUPPLIER_TYPES } from './masterdata.ts';
import { listQuerySchema, page } from './pagination.ts';
import { day, instant, str } from './wire.ts';

// The two books of money owed (docs/architecture.md: Domain model), in PHP, with one shape: entries with a
// running balance, balances per party, statements. The supplier ledger holds payables from posted
// receipts, payments and advances: a positive balance is what the organization owes the supplier, a
// negative one an advance the supplier has yet to deliver against. The customer ledger holds
// receivables from posted dispatches, credit notes and payments: a positive balance is what the
// customer owes, a negative one a credit the customer holds (a voided dispatch already paid for).

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
/**
 * receivable: a posted dispatch; receivable_reversal: its void; credit_note: a delivery shortfall or a
 * price agreed down; payment lowers the balance; payment_reversal undoes a mistaken payment.
 */
export const CUSTOMER_LEDGER_ENTRY_KINDS = [
  'receivable',
  'receivable_reversal',
  'credit_note',
  'payment',
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

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
const METHOD_WORD: Record<PaymentMethod, string> = {
  cash: 'cash',
  gcash: 'GCash',
  bank: 'bank',
  cheque: 'cheque',
};
/** What a payment other than cash is traced by: 'GCash reference number', 'cheque number'. */
export const referenceNameOf = (method: PaymentMethod) =>
  method === 'cheque' ? 'cheque number' : `${METHOD_WORD[method]} reference number`;
/** The refusal of a payment other than cash without its reference: 'A cheque payment needs its cheque number'. */
export const missingReferenceMessage = (method: PaymentMethod) =>
  `A ${METHOD_WORD[method]} payment needs its ${method === 'cheque' ? 'cheque' : 'reference'} number`;

const dayParam = (what: string) => day(`Enter the ${what} as YYYY-MM-DD`).optional();
const php = (what: string) => z.string().describe(`${what} (PHP, 2 decimals)`);
/** `{[key]: schema}` with its key's type kept, so a book's party field is named as the book names it. */
const field = <K extends string, S extends z.ZodType>(key: K, schema: S) =>
  ({ [key]: schema }) as { [k in K]: S };

export const ledgerSupplierSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  type: z.enum(SUPPLIER_TYPES),
});
export const ledgerCustomerSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  type: z.enum(CUSTOMER_TYPES),
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

/**
 * What a customer owes by the age of the receivables still open, oldest settled first: payments and
 * credit notes settle the oldest receivables, a void cancels its own dispatch's receivable and a
 * payment reversal its payment. A receivable's age is counted in days of the organization's time zone.
 */
export const ageingSchema = z
  .object({
    current: php('Open receivables 0–30 days old'),
    days_31_to_60: php('Open receivables 31–60 days old'),
    days_61_to_90: php('Open receivables 61–90 days old'),
    over_90_days: php('Open receivables more than 90 days old'),
  })
  .meta({ id: 'LedgerAgeing' });

export const customerBalanceSchema = z
  .object({
    customer: ledgerCustomerSchema,
    balance: php('Owed by the customer; negative while the customer holds a credit'),
    currency: z.literal('PHP'),
    last_entry_at: z.string(),
    ageing: ageingSchema,
  })
  .meta({ id: 'CustomerBalance' });

const balanceFilters = <T extends readonly [string, ...string[]]>(
  types: T,
  party: string,
  owing: string,
) => ({
  q: listQuerySchema.shape.q.describe(`Part of the ${party} code or name`),
  sort: z.enum(LEDGER_SORTS, `Sort by one of: ${LEDGER_SORTS.join(', ')}`).default('-balance'),
  type: z.enum(types).optional(),
  owing: z.stringbool().optional().describe(owing),
  as_of: dayParam('as-of date').describe('Balances at the end of this day (organization time zone)'),
});
const supplierFilters = balanceFilters(
  SUPPLIER_TYPES,
  'supplier',
  'Only suppliers the organization owes money',
);
export const supplierBalanceQuerySchema = listQuerySchema.extend(supplierFilters);
export const supplierBalanceExportQuerySchema = z.object(supplierFilters);
const customerFilters = balanceFilters(CUSTOMER_TYPES, 'customer', 'Only customers who owe money');
export const customerBalanceQuerySchema = listQuerySchema.extend(customerFilters);
export const customerBalanceExportQuerySchema = z.object(customerFilters);

const overFilter = (parties: string) => `Over every ${parties} matching the filter, not only this page`;

export const supplierBalancePageSchema = page(supplierBalanceSchema)
  .extend({
    totals: z
      .object({
        suppliers: z.number().int(),
        owed: php('Sum of the positive balances'),
        advances: php('Sum of the outstanding advances, as a positive amount'),
        net: php('Owed less advances'),
      })
      .describe(overFilter('supplier')),
    as_of: z.string().nullable(),
    currency: z.literal('PHP'),
  })
  .meta({ id: 'SupplierBalancePage' });

export const customerBalancePageSchema = page(customerBalanceSchema)
  .extend({
    totals: z
      .object({
        customers: z.number().int(),
        owed: php('Sum of the positive balances'),
        credits: php('Sum of the credits customers hold, as a positive amount'),
        net: php('Owed less credits'),
        ageing: ageingSchema,
      })
      .describe(overFilter('customer')),
    as_of: z.string().nullable(),
    currency: z.literal('PHP'),
  })
  .meta({ id: 'CustomerBalancePage' });

// ---- statement ----

const entryOf = <T extends readonly [string, ...string[]]>(kinds: T, reversible: string) =>
  z.object({
    id: z.string().uuid(),
    kind: z.enum(kinds),
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
        `The payment_reversal entry that reversed this ${reversible}, whatever its date; null if none`,
      ),
  });
export const ledgerEntrySchema = entryOf(LEDGER_ENTRY_KINDS, 'payment or advance').meta({
  id: 'SupplierLedgerEntry',
});
export const customerLedgerEntrySchema = entryOf(CUSTOMER_LEDGER_ENTRY_KINDS, 'payment').meta({
  id: 'CustomerLedgerEntry',
});

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

/** A statement of either book: the party under its own key (`supplier`, `customer`), its entries and balances. */
const statementOf = <K extends string, P extends z.ZodType, E extends z.ZodType>(
  key: K,
  party: P,
  entry: E,
  raised: string,
  lowered: string,
) =>
  page(entry).extend({
    ...field(key, party),
    from: z.string().nullable(),
    to: z.string().nullable(),
    opening_balance: php('Balance before the period'),
    closing_balance: php('Balance at the end of the period'),
    total_increase: php(`Entries of the period that raised the balance (${raised})`),
    total_decrease: php(`Entries of the period that lowered it (${lowered})`),
    currency: z.literal('PHP'),
  });
export const statementSchema = statementOf(
  'supplier',
  ledgerSupplierSchema,
  ledgerEntrySchema,
  'deliveries, reversed payments',
  'payments, advances, voided deliveries',
).meta({ id: 'SupplierStatement' });
export const customerStatementSchema = statementOf(
  'customer',
  ledgerCustomerSchema,
  customerLedgerEntrySchema,
  'dispatches, reversed payments',
  'payments, credit notes, voided dispatches',
).meta({ id: 'CustomerStatement' });

// ---- payments and credit notes ----

const amountField = decimalInput(2, 'Amount').refine((v) => /[1-9]/.test(v), 'Enter an amount above ₱0.00');
const paymentFields = {
  amount: amountField,
  method: z.enum(PAYMENT_METHODS, 'Choose cash, GCash, bank or cheque'),
  reference: str().trim().max(100).nullish(),
  note: str().trim().max(500).nullish(),
};
const paidAt = (example: string) =>
  instant('Enter the date and time paid')
    .optional()
    .describe(`When the money was handed over, if not now (${example}); never in the future`);

export const paymentInputSchema = z.object({
  supplier_id: z.string().uuid('Choose a supplier'),
  ...paymentFields,
  advance: z
    .boolean()
    .default(false)
    .describe('Pay more than is owed: the excess is an advance against future deliveries'),
  paid_at: paidAt('e.g. yesterday’s cash payouts'),
});

/** What a customer paid; never more than the customer owes (deposits are not kept). */
export const customerPaymentInputSchema = z.object({
  customer_id: z.string().uuid('Choose a customer'),
  ...paymentFields,
  paid_at: paidAt('e.g. a cheque received yesterday'),
});

/** A manager's credit note: lowers what the customer owes (a price agreed down, goods returned). */
export const creditNoteInputSchema = z.object({
  customer_id: z.string().uuid('Choose a customer'),
  amount: amountField,
  reason: str('Say why the customer is credited').trim().min(3, 'Say why the customer is credited').max(500),
});

export const paymentReversalBodySchema = z.object({
  reason: str().trim().min(3, 'Say why the payment is reversed').max(500),
});
