import type {
  CUSTOMER_LEDGER_ENTRY_KINDS,
  LEDGER_SORTS,
  ledgerEntrySchema,
  PaymentMethod,
  statementSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { isConflict } from '../common/apiErrors.ts';
import type { LedgerBook } from './books.ts';

// The requests of either book (books.ts): its balances, a party's statement, payments and reversals.

/** A party as a ledger names it (a supplier or a customer). */
export type PartyRef = { id: string; code: string; name: string; type: string };
type SupplierEntry = Wire<typeof ledgerEntrySchema>;
/** An entry of either book: the supplier book's kinds or the customer book's. */
export type LedgerEntry = Omit<SupplierEntry, 'kind'> & {
  kind: SupplierEntry['kind'] | (typeof CUSTOMER_LEDGER_ENTRY_KINDS)[number];
};
/** A statement of either book; the party is under its book's key (`supplier`, `customer`). */
export type Statement = Omit<Wire<typeof statementSchema>, 'supplier' | 'items'> & {
  items: LedgerEntry[];
  supplier?: PartyRef;
  customer?: PartyRef;
};
export type LedgerSort = (typeof LEDGER_SORTS)[number];
/** A page of balances: its rows and the totals of the whole filter, as each book has them. */
export type BalancePageOf<Row, Totals> = { items: Row[]; nextCursor: string | null; totals: Totals };

/** The balances list's query without paging: what the URL keeps and the export repeats. */
export interface BalanceQuery {
  q?: string | undefined;
  type?: string | undefined;
  owing?: boolean | undefined;
  asOf?: string | undefined;
  sort: LedgerSort;
}
/** A statement period: calendar days, either end open. */
export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}
export interface PaymentInput {
  partyId: string;
  amount: string;
  method: PaymentMethod;
  reference?: string | null | undefined;
  note?: string | null | undefined;
  /** Only a book that takes advances (the supplier's) is sent it. */
  advance: boolean;
  paidAt?: string | undefined;
}

export const LEDGER_PAGE_SIZE = 50;
const keyOf = (book: LedgerBook) => [book.path.slice(1)] as const;

/** `GET /api/{book}`: balances a page at a time; every page carries the filter's totals. */
export function useBalances<Row, Totals>(book: LedgerBook, query: BalanceQuery) {
  return useInfiniteQuery({
    queryKey: [...keyOf(book), 'balances', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<BalancePageOf<Row, Totals>>(book.path, {
        signal,
        query: { ...query, limit: LEDGER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const statementPath = (book: LedgerBook, partyId: string) => `${book.path}/${encodeURIComponent(partyId)}`;
/** `GET /api/{book}/{id}`: the period's entries oldest first, with opening and closing balance. */
export function useStatement(book: LedgerBook, partyId: string, period: Period, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...keyOf(book), 'statement', partyId, period],
    queryFn: ({ pageParam, signal }) =>
      api.get<Statement>(statementPath(book, partyId), {
        signal,
        query: { ...period, limit: LEDGER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** What is owed now, whatever period the page shows (the payment and credit note dialogs' hint). */
export function useCurrentBalance(book: LedgerBook, partyId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...keyOf(book), 'statement', partyId, 'now'],
    queryFn: ({ signal }) =>
      api.get<Statement>(statementPath(book, partyId), { signal, query: { limit: 1 } }),
    select: (s) => s.closingBalance,
    enabled,
  });
}

/** Refreshes everything the book shows after a write of `book`. */
export function useRefreshBook(book: LedgerBook) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: keyOf(book) });
}

export function useRecordPayment(book: LedgerBook) {
  const refresh = useRefreshBook(book);
  return useMutation({
    // The key makes a retry of one submission (a lost response, a double tap) record the payment once.
    mutationFn: ({ idempotencyKey, partyId, advance, ...input }: PaymentInput & { idempotencyKey: string }) =>
      api.post<LedgerEntry>(
        `${book.path}/payments`,
        { [`${book.party}Id`]: partyId, ...input, ...(book.advances ? { advance } : {}) },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: refresh,
  });
}

/**
 * `POST /api/{book}/entries/{id}/reverse`: cancels a mistaken payment or advance with a reversal
 * dated today (once; the entry itself stays). A refusal because it was already reversed refreshes
 * the statement too, so the reversal someone else posted shows.
 */
export function useReversePayment(book: LedgerBook) {
  const refresh = useRefreshBook(book);
  return useMutation({
    mutationFn: ({ entryId, reason }: { entryId: string; reason: string }) =>
      api.post<LedgerEntry>(`${book.path}/entries/${encodeURIComponent(entryId)}/reverse`, { reason }),
    onSuccess: refresh,
    onError: (error) => {
      if (isConflict(error)) refresh();
    },
  });
}

export const exportBalances = (book: LedgerBook, { sort, q, type, owing, asOf }: BalanceQuery) =>
  downloadFile(`${book.path}/export.csv`, { sort, q, type, owing, asOf }, `${book.party}-balances.csv`);

export const exportStatement = (book: LedgerBook, partyId: string, { from, to }: Period) =>
  downloadFile(`${statementPath(book, partyId)}/statement.csv`, { from, to }, 'statement.csv');
