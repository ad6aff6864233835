import type { massBalanceSchema, periodCloseSchema } from '@plastrace/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// GET /api/mass-balance and its closes (docs/architecture.md, "Mass balance and closed periods"): the
// shared schemas as the API client hands them over, keys camelCased, kg as exact decimal strings.

export type MassBalance = Wire<typeof massBalanceSchema>;
export type BalanceRow = MassBalance['rows'][number];
export type PeriodClose = Wire<typeof periodCloseSchema>;

export interface MassBalanceQuery {
  period: string;
  facilityId?: string | undefined;
}

export const massBalanceKey = ['mass-balance'] as const;

export function useMassBalance(query: MassBalanceQuery) {
  return useQuery({
    queryKey: [...massBalanceKey, 'statement', query.period, query.facilityId ?? ''],
    queryFn: ({ signal }) => api.get<MassBalance>('/mass-balance', { signal, query: { ...query } }),
    placeholderData: keepPreviousData,
  });
}

export function useCloses() {
  return useQuery({
    queryKey: [...massBalanceKey, 'closes'],
    queryFn: ({ signal }) => api.get<{ items: PeriodClose[] }>('/mass-balance/closes', { signal }),
  });
}

/** A close or reopening changes the statement (stored or live), the history and the books' day. */
function useCloseMutation<V>(request: (vars: V) => Promise<PeriodClose>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: massBalanceKey });
      void queryClient.invalidateQueries({ queryKey: ['organization'] });
    },
  });
}

export const useClosePeriod = () =>
  useCloseMutation((v: { period: string; facilityId?: string | undefined }) =>
    api.post<PeriodClose>('/mass-balance/closes', { period: v.period, facilityId: v.facilityId ?? null }),
  );

export const useReopenPeriod = () =>
  useCloseMutation((v: { id: string; reason: string }) =>
    api.post<PeriodClose>(`/mass-balance/closes/${encodeURIComponent(v.id)}/reopen`, { reason: v.reason }),
  );
