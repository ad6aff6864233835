import {
  CUSTOMER_LEDGER_ENTRY_KINDS,
  CUSTOMER_TYPES,
  formatPhp,
  LEDGER_ENTRY_KINDS,
  SUPPLIER_TYPES,
} from '@plastrace/shared';
import type { Tx } from '../../db/client.ts';
import { customerLedger, customers, supplierLedger, suppliers } from '../../db/schema/index.ts';
import type { Caller } from '../../plugins/auth.ts';
import { ownSupplierOf } from '../suppliers/suppliers.policy.ts';

// The organization keeps two books of money owed with one shape (docs/architecture.md: Domain model):
// what it owes its suppliers and what its customers owe it. One repo and one service serve both; a
// book says which tables it lives in and how its entries and refusals read.

/** An entry as both books store it, the party's id under one name. */
export type EntryRow = Omit<typeof supplierLedger.$inferSelect, 'supplierId'> & { partyId: string };
export type EntryValues = Omit<typeof supplierLedger.$inferInsert, 'supplierId'> & { partyId: string };

export type PartyName = 'supplier' | 'customer';

/**
 * `P` is the party's noun, `T` its types and `K` the book's entry kinds: the answers of a book are
 * typed as its wire schemas say.
 */
export type LedgerBook<
  P extends PartyName = PartyName,
  T extends string = string,
  K extends string = string,
> = {
  /** The party's noun: the key it is sent under and the start of its CSV headings. */
  party: P;
  types: readonly T[];
  kinds: readonly K[];
  /** As "… not found" names it. */
  Party: 'Supplier' | 'Customer';
  ledger: typeof supplierLedger | typeof customerLedger;
  /** The ledger's table name, for the SQL Drizzle cannot spell (a correlated subquery). */
  ledgerName: 'supplier_ledger' | 'customer_ledger';
  /** The ledger's column naming the party. */
  partyId: typeof supplierLedger.supplierId | typeof customerLedger.customerId;
  parties: typeof suppliers | typeof customers;
  insert: (tx: Tx, values: EntryValues) => Promise<EntryRow>;
  /** The one party a member may see, if the member is narrowed to one (a supplier member). */
  ownPartyOf: (caller: Caller) => string | undefined;
  csv: { balances: string; balancesData: string; statementData: string };
  /** Idempotency scope of the payments route. */
  paymentsRoute: string;
  entity: { payment: string; reversal: string };
  /** What a payment reversal may cancel. */
  reversible: readonly K[];
  /** May a payment above what is owed be recorded, as an advance? */
  advances: boolean;
  says: {
    paid: (name: string, amount: string, method: string, advance: boolean) => string;
    exceeds: (owed: string, name: string) => string;
    notReversible: (kind: string) => string;
    reversed: (kind: string, amount: string, name: string, reason: string) => string;
  };
};

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('ledger insert returned nothing');
  return row;
};
const words = (kind: string) => kind.replace('_', ' ');

export const SUPPLIER_BOOK: LedgerBook<
  'supplier',
  (typeof SUPPLIER_TYPES)[number],
  (typeof LEDGER_ENTRY_KINDS)[number]
> = {
  party: 'supplier',
  types: SUPPLIER_TYPES,
  kinds: LEDGER_ENTRY_KINDS,
  Party: 'Supplier',
  ledger: supplierLedger,
  ledgerName: 'supplier_ledger',
  partyId: supplierLedger.supplierId,
  parties: suppliers,
  insert: async (tx, { partyId, ...v }) => {
    const { supplierId, ...row } = one(
      await tx
        .insert(supplierLedger)
        .values({ ...v, supplierId: partyId })
        .returning(),
    );
    return { ...row, partyId: supplierId };
  },
  ownPartyOf: ownSupplierOf,
  csv: {
    balances: 'supplier-balances.csv',
    balancesData: 'supplier_balances',
    statementData: 'supplier_statement',
  },
  paymentsRoute: 'supplier-ledger:payments',
  entity: { payment: 'supplier_payment', reversal: 'supplier_payment_reversal' },
  reversible: ['payment', 'advance'],
  advances: true,
  says: {
    paid: (name, amount, method, advance) =>
      `${advance ? 'Advanced' : 'Paid'} ${name} ${formatPhp(amount)} by ${method}`,
    exceeds: (owed, name) =>
      `The payment exceeds the ${formatPhp(owed)} owed to ${name}. Mark it as an advance to pay more.`,
    notReversible: (kind) =>
      `Only payments and advances can be reversed here; a ${words(kind)} is corrected by voiding its record.`,
    reversed: (kind, amount, name, reason) =>
      `Reversed the ${kind} of ${formatPhp(amount)} to ${name}: ${reason}`,
  },
};

export const CUSTOMER_BOOK: LedgerBook<
  'customer',
  (typeof CUSTOMER_TYPES)[number],
  (typeof CUSTOMER_LEDGER_ENTRY_KINDS)[number]
> = {
  party: 'customer',
  types: CUSTOMER_TYPES,
  kinds: CUSTOMER_LEDGER_ENTRY_KINDS,
  Party: 'Customer',
  ledger: customerLedger,
  ledgerName: 'customer_ledger',
  partyId: customerLedger.customerId,
  parties: customers,
  insert: async (tx, { partyId, ...v }) => {
    const { customerId, ...row } = one(
      await tx
        .insert(customerLedger)
        .values({ ...v, customerId: partyId })
        .returning(),
    );
    return { ...row, partyId: customerId };
  },
  // Supplier members never reach the customer ledger (customer_ledger.read); every other reader sees it whole.
  ownPartyOf: () => undefined,
  csv: {
    balances: 'customer-balances.csv',
    balancesData: 'customer_balances',
    statementData: 'customer_statement',
  },
  paymentsRoute: 'customer-ledger:payments',
  entity: { payment: 'customer_payment', reversal: 'customer_payment_reversal' },
  reversible: ['payment'],
  // A customer's deposit is not kept: more than is owed is a typo, or money to hand back.
  advances: false,
  says: {
    paid: (name, amount, method) => `Received ${formatPhp(amount)} from ${name} by ${method}`,
    exceeds: (owed, name) =>
      `The payment exceeds the ${formatPhp(owed)} ${name} owes. Record at most what is owed: deposits are not kept.`,
    notReversible: (kind) =>
      kind === 'receivable'
        ? 'Only payments can be reversed here; a receivable is corrected by voiding its dispatch.'
        : `Only payments can be reversed here; a ${words(kind)} stays on the statement.`,
    reversed: (kind, amount, name, reason) =>
      `Reversed the ${kind} of ${formatPhp(amount)} from ${name}: ${reason}`,
  },
};
