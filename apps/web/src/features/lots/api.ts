import type { LOT_SORTS, LOT_STATUSES, lotDetailSchema, lotSchema } from '@plastrace/shared';
import {
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

export type Lot = Wire<typeof lotSchema>;
export type LotDetail = Wire<typeof lotDetailSchema>;
export type LotStatus = (typeof LOT_STATUSES)[number];
export type LotSort = (typeof LOT_SORTS)[number];

export const lotsKey = ['lots'] as const;

export interface LotQuery {
  status?: LotStatus | undefined;
  facilityId?: string | undefined;
  materialId?: string | undefined;
  q?: string | undefined;
  sort?: LotSort | undefined;
}

export function useLots(query: LotQuery) {
  return useInfiniteQuery({
    queryKey: [...lotsKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Lot>>('/lots', { signal, query: { ...query, limit: 50, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useLot(id: string) {
  return useQuery({
    queryKey: [...lotsKey, 'one', id],
    queryFn: ({ signal }) => api.get<LotDetail>(`/lots/${encodeURIComponent(id)}`, { signal }),
  });
}

export type LotAction =
  | { kind: 'split'; partsKg: string[] }
  | { kind: 'quarantine' | 'release'; reason: string }
  | { kind: 'adjust'; qtyKg: string; reason: string };

/** Split, quarantine, release or adjust one lot; the lists and this lot are reloaded. */
export function useLotAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LotAction) => {
      const path = `/lots/${id}/${action.kind}`;
      if (action.kind === 'split') return api.post<unknown>(path, { partsKg: action.partsKg });
      if (action.kind === 'adjust')
        return api.post<unknown>(path, { qtyKg: action.qtyKg, reason: action.reason });
      return api.post<unknown>(path, { reason: action.reason });
    },
    onSuccess: () => invalidateStock(queryClient),
  });
}

/** Whatever moves stock changes lots, inventory balances and open count sheets' book figures. */
export function invalidateStock(queryClient: QueryClient) {
  for (const queryKey of [lotsKey, ['inventory'], ['stock-counts']])
    void queryClient.invalidateQueries({ queryKey });
}

export function useMergeLots() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lotIds: string[]) => api.post<LotDetail>('/lots/merge', { lotIds }),
    onSuccess: () => invalidateStock(queryClient),
  });
}
