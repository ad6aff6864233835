import type { ledgerEntrySchema, supplierBalanceSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { supplierLedger } from '../../db/schema/index.ts';
import type { CsvColumn } from '../../lib/listing.ts';
import type { balances } from './ledger.repo.ts';

type BalanceRow = Awaited<ReturnType<typeof balances>>[number];
export type SupplierBalance = z.output<typeof supplierBalanceSchema>;
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;

export const toBalance = (r: BalanceRow): SupplierBalance => ({
  supplier: { id: r.id, code: r.code, name: r.name, type: r.type },
  balance: r.balance,
  currency: 'PHP',
  last_entry_at: r.lastEntryAt,
});

export const toEntry = (
  e: typeof supplierLedger.$inferSelect & { balance: string; reversedBy?: string | null },
): LedgerEntry => ({
  id: e.id,
  kind: e.kind as LedgerEntry['kind'],
  amount: e.amount,
  balance: e.balance,
  currency: e.currency,
  method: e.method,
  reference: e.reference,
  source_type: e.sourceType,
  source_id: e.sourceId,
  note: e.note,
  posted_at: e.postedAt.toISOString(),
  reversed_by: e.reversedBy ?? null,
});

export const BALANCE_CSV: CsvColumn<SupplierBalance>[] = [
  ['supplier_code', (b) => b.supplier.code],
  ['supplier_name', (b) => b.supplier.name],
  ['supplier_type', (b) => b.supplier.type],
  ['balance', (b) => b.balance],
  ['currency', (b) => b.currency],
  ['last_entry_at', (b) => b.last_entry_at],
];

/**
 * One table a spreadsheet can sum: every row names the supplier, and the opening and closing
 * balances are rows of their own (kind opening_balance / closing_balance) at the period's bounds.
 */
export type StatementLine = Omit<LedgerEntry, 'kind' | 'id' | 'amount'> & {
  kind: LedgerEntry['kind'] | 'opening_balance' | 'closing_balance';
  amount: string | null;
};

export const statementCsv = (supplier: { code: string; name: string }): CsvColumn<StatementLine>[] => [
  ['supplier_code', () => supplier.code],
  ['supplier_name', () => supplier.name],
  ['posted_at', (e) => e.posted_at],
  ['kind', (e) => e.kind],
  ['method', (e) => e.method],
  ['reference', (e) => e.reference],
  ['source_type', (e) => e.source_type],
  ['note', (e) => e.note],
  ['amount', (e) => e.amount],
  ['balance', (e) => e.balance],
  ['currency', (e) => e.currency],
];

/** An opening or closing row of the statement export. */
export const balanceLine = (
  kind: 'opening_balance' | 'closing_balance',
  at: string | null,
  balance: string,
): StatementLine => ({
  kind,
  posted_at: at ?? '',
  balance,
  amount: null,
  currency: 'PHP',
  method: null,
  reference: null,
  source_type: null,
  source_id: null,
  note: null,
  reversed_by: null,
});
