import type { STOCK_COUNT_STATUSES, stockCountDetailSchema, stockCountSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { lotsKey } from '../lots/api.ts';
import type { Page } from '../team/api.ts';

export type StockCount = Wire<typeof stockCountSchema>;
export type StockCountDetail = Wire<typeof stockCountDetailSchema>;
export type StockCountLine = StockCountDetail['lines'][number];
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

export const stockCountsKey = ['stock-counts'] as const;

export function useStockCounts(query: { status?: StockCountStatus | undefined }) {
  return useInfiniteQuery({
    queryKey: [...stockCountsKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<StockCount>>('/stock-counts', {
        signal,
        query: { ...query, limit: 25, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useStockCount(id: string) {
  return useQuery({
    queryKey: [...stockCountsKey, 'one', id],
    queryFn: ({ signal }) => api.get<StockCountDetail>(`/stock-counts/${encodeURIComponent(id)}`, { signal }),
  });
}

/** After a change the count's own copy is the server's answer; lists, lots and balances reload. */
function useCountMutation<V>(request: (vars: V) => Promise<StockCountDetail>, touchesStock = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (count) => {
      queryClient.setQueryData([...stockCountsKey, 'one', count.id], count);
      void queryClient.invalidateQueries({ queryKey: [...stockCountsKey, 'list'] });
      if (touchesStock) {
        void queryClient.invalidateQueries({ queryKey: ['inventory'] });
        void queryClient.invalidateQueries({ queryKey: lotsKey });
      }
    },
  });
}

export const useOpenStockCount = () =>
  useCountMutation((input: { facilityId: string; materialId: string | null; notes: string }) =>
    api.post<StockCountDetail>('/stock-counts', {
      facilityId: input.facilityId,
      materialId: input.materialId,
      notes: input.notes || null,
    }),
  );

export const useSaveCounts = (id: string) =>
  useCountMutation((lines: { lotId: string; countedKg: string | null }[]) =>
    api.put<StockCountDetail>(`/stock-counts/${id}/lines`, { lines }),
  );

export const usePostStockCount = (id: string) =>
  useCountMutation(
    (version: number) => api.post<StockCountDetail>(`/stock-counts/${id}/post`, { version }),
    true,
  );

export const useCancelStockCount = (id: string) =>
  useCountMutation((reason: string) => api.post<StockCountDetail>(`/stock-counts/${id}/cancel`, { reason }));
