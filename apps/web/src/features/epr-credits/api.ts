import type {
  CreditFate,
  CreditMovementKind,
  CreditStatus,
  creditBatchSchema,
  creditBatchSummarySchema,
  creditBlockSchema,
  creditMovementSchema,
  creditOrganizationSchema,
  creditRecoverySchema,
  creditSummarySchema,
  creditTransferResultSchema,
} from '@plastrace/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { complianceKey } from '../compliance-audit/api.ts';

// /api/credits: EPR credits as the API client hands them over (keys camelCased, kg as exact decimal
// strings, serials written out).

export type CreditRecovery = Wire<typeof creditRecoverySchema>;
export type RecoveryRow = CreditRecovery['rows'][number];
export type RecoveryGroup = CreditRecovery['groups'][number];
export type CreditBatch = Wire<typeof creditBatchSchema>;
export type CreditBatchSummary = Wire<typeof creditBatchSummarySchema>;
export type CreditBlock = Wire<typeof creditBlockSchema>;
export type CreditMovement = Wire<typeof creditMovementSchema>;
export type CreditSummary = Wire<typeof creditSummarySchema>;
export type CreditOrganization = Wire<typeof creditOrganizationSchema>;
type Page<T> = { items: T[]; nextCursor: string | null };

export const creditsKey = ['credits'] as const;

function usePages<T>(name: string, path: string, query: Record<string, string | number | undefined>) {
  return useInfiniteQuery({
    queryKey: [...creditsKey, name, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { signal, query: { ...query, limit: 50, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export function useCreditRecovery() {
  return useQuery({
    queryKey: [...creditsKey, 'recovery'],
    queryFn: ({ signal }) => api.get<CreditRecovery>('/credits/recovery', { signal }),
  });
}

export type HoldingsFilter = { status?: 'held' | 'retired'; vintage?: number; fate?: CreditFate; q?: string };
export const useHoldings = (filter: HoldingsFilter) =>
  usePages<CreditBlock>('holdings', '/credits/holdings', filter);

export function useCreditSummary() {
  return useQuery({
    queryKey: [...creditsKey, 'summary'],
    queryFn: ({ signal }) => api.get<CreditSummary>('/credits/holdings/summary', { signal }),
  });
}

export type BatchFilter = { vintage?: number; fate?: CreditFate; status?: CreditStatus };
export const useCreditBatches = (filter: BatchFilter) =>
  usePages<CreditBatchSummary>('batches', '/credits/batches', filter);

export function useCreditBatch(id: string) {
  return useQuery({
    queryKey: [...creditsKey, 'batch', id],
    queryFn: ({ signal }) => api.get<CreditBatch>(`/credits/batches/${encodeURIComponent(id)}`, { signal }),
  });
}

export const useMovements = (kind?: CreditMovementKind) =>
  usePages<CreditMovement>('movements', '/credits/movements', { kind });

/** Who a transfer would go to, by the identifier its recipient gave (404 when none). */
export const lookUpOrganization = (slug: string) =>
  api.get<CreditOrganization>(`/credits/organizations/${encodeURIComponent(slug.trim())}`);

/**
 * Every write changes holdings, batches, movements and what is left to issue; a retirement the year's
 * compliance figures; all of them the public registry.
 */
function useCreditsMutation<V, R>(request: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all(
        [creditsKey, complianceKey, ['public-credits'], ['public-credit']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export type IssueInput = {
  facilityId: string;
  vintage: number;
  fate: CreditFate;
  materialType: string | null;
  quantity: number;
};

export const useIssueCredits = () =>
  useCreditsMutation(({ key, ...body }: IssueInput & { key: string }) =>
    api.post<CreditBatch>('/credits/batches', body, { headers: { 'Idempotency-Key': key } }),
  );

export type TransferInput = { blockId: string; quantity: number; toOrganization: string; note?: string };

export const useTransferCredits = () =>
  useCreditsMutation(({ key, ...body }: TransferInput & { key: string }) =>
    api.post<Wire<typeof creditTransferResultSchema>>('/credits/transfers', body, {
      headers: { 'Idempotency-Key': key },
    }),
  );

export type RetireInput = {
  blockId: string;
  quantity: number;
  beneficiary: string;
  complianceYear: number;
  purpose: string;
};

export const useRetireCredits = () =>
  useCreditsMutation(({ key, ...body }: RetireInput & { key: string }) =>
    api.post<CreditBlock>('/credits/retirements', body, { headers: { 'Idempotency-Key': key } }),
  );
