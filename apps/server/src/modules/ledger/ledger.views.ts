import type { ledgerEntrySchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { EntryRow, LedgerBook, PartyName } from './ledger.books.ts';
import type { balances } from './ledger.repo.ts';

type BalanceRow = Awaited<ReturnType<typeof balances>>[number];

/** A party as a book's answers name it; `T` is the book's party types (the database enum it was read from). */
export type PartyRef<T extends string> = { id: string; code: string; name: string; type: T };
/** `{supplier: …}` or `{customer: …}`: the party under the key its book sends it with. */
export type Keyed<P extends PartyName, V> = { [k in P]: V };
export const keyed = <P extends PartyName, V>(party: P, value: V) => ({ [party]: value }) as Keyed<P, V>;

export type Balance<P extends PartyName, T extends string> = Keyed<P, PartyRef<T>> & {
  balance: string;
  currency: 'PHP';
  last_entry_at: string;
};
export type LedgerEntry<K extends string> = Omit<z.output<typeof ledgerEntrySchema>, 'kind'> & { kind: K };

export const partyRef = <T extends string>(r: { id: string; code: string; name: string; type: string }) =>
  ({ id: r.id, code: r.code, name: r.name, type: r.type as T }) satisfies PartyRef<T>;

export const toBalance =
  <P extends PartyName, T extends string, K extends string>(book: LedgerBook<P, T, K>) =>
  (r: BalanceRow): Balance<P, T> => ({
    ...keyed(book.party, partyRef<T>(r)),
    balance: r.balance,
    currency: 'PHP',
    last_entry_at: r.lastEntryAt,
  });

export const toEntry = <K extends string>(
  e: Omit<EntryRow, 'organizationId' | 'partyId' | 'createdBy'> & {
    balance: string;
    reversedBy?: string | null;
  },
): LedgerEntry<K> => ({
  id: e.id,
  kind: e.kind as K,
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

export const balanceCsv = <P extends PartyName>(party: P): CsvColumn<Balance<P, string>>[] => [
  [`${party}_code`, (b) => b[party].code],
  [`${party}_name`, (b) => b[party].name],
  [`${party}_type`, (b) => b[party].type],
  ['balance', (b) => b.balance],
  ['currency', (b) => b.currency],
  ['last_entry_at', (b) => b.last_entry_at],
];

/**
 * One table a spreadsheet can sum: every row names the party, and the opening and closing
 * balances are rows of their own (kind opening_balance / closing_balance) at the period's bounds.
 */
export type StatementLine = Omit<LedgerEntry<string>, 'kind' | 'id' | 'amount'> & {
  kind: string;
  amount: string | null;
};

export const statementCsv = (
  party: PartyName,
  who: { code: string; name: string },
): CsvColumn<StatementLine>[] => [
  [`${party}_code`, () => who.code],
  [`${party}_name`, () => who.name],
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
