import type {
  LEDGER_SORTS,
  ledgerEntrySchema,
  PAYMENT_METHODS,
  paymentInputSchema,
  statementSchema,
  supplierBalancePageSchema,
  supplierBalanceSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { isConflict } from '../../components/common/apiErrors.ts';

export type SupplierBalance = Wire<typeof supplierBalanceSchema>;
export type BalancePage = Wire<typeof supplierBalancePageSchema>;
export type LedgerEntry = Wire<typeof ledgerEntrySchema>;
export type Statement = Wire<typeof statementSchema>;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type LedgerSort = (typeof LEDGER_SORTS)[number];
export type PaymentInput = Wire<typeof paymentInputSchema>;

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

export const LEDGER_PAGE_SIZE = 50;
export const ledgerKey = ['supplier-ledger'] as const;

/** `GET /api/supplier-ledger`: balances a page at a time; every page carries the filter's totals. */
export function useBalances(query: BalanceQuery) {
  return useInfiniteQuery({
    queryKey: [...ledgerKey, 'balances', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<BalancePage>('/supplier-ledger', {
        signal,
        query: { ...query, limit: LEDGER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

const statementPath = (supplierId: string) => `/supplier-ledger/${encodeURIComponent(supplierId)}`;
/** `GET /api/supplier-ledger/{id}`: the period's entries oldest first, with opening and closing balance. */
export function useStatement(supplierId: string, period: Period, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...ledgerKey, 'statement', supplierId, period],
    queryFn: ({ pageParam, signal }) =>
      api.get<Statement>(statementPath(supplierId), {
        signal,
        query: { ...period, limit: LEDGER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** What is owed to the supplier now, whatever period the page shows (the payment dialog's hint). */
export function useCurrentBalance(supplierId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...ledgerKey, 'statement', supplierId, 'now'],
    queryFn: ({ signal }) => api.get<Statement>(statementPath(supplierId), { signal, query: { limit: 1 } }),
    select: (s) => s.closingBalance,
    enabled,
  });
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    // The key makes a retry of one submission (a lost response, a double tap) record the payment once.
    mutationFn: ({ idempotencyKey, ...input }: PaymentInput & { idempotencyKey: string }) =>
      api.post<LedgerEntry>('/supplier-ledger/payments', input, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ledgerKey }),
  });
}

/**
 * `POST /api/supplier-ledger/entries/{id}/reverse`: cancels a mistaken payment or advance with a
 * reversal dated today (once; the entry itself stays). A refusal because it was already reversed
 * refreshes the statement too, so the reversal someone else posted shows.
 */
export function useReversePayment() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ledgerKey });
  return useMutation({
    mutationFn: ({ entryId, reason }: { entryId: string; reason: string }) =>
      api.post<LedgerEntry>(`/supplier-ledger/entries/${encodeURIComponent(entryId)}/reverse`, { reason }),
    onSuccess: refresh,
    onError: (error) => {
      if (isConflict(error)) refresh();
    },
  });
}

export const exportBalances = ({ sort, q, type, owing, asOf }: BalanceQuery) =>
  downloadFile('/supplier-ledger/export.csv', { sort, q, type, owing, asOf }, 'supplier-balances.csv');

export const exportStatement = (supplierId: string, { from, to }: Period) =>
  downloadFile(`${statementPath(supplierId)}/statement.csv`, { from, to }, 'statement.csv');
