import type { priceSchema, stockValueSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

export type Price = Wire<typeof priceSchema>;
export interface PriceFilters {
  materialId: string;
  region: string;
  grade: string;
}

export function usePrices(f: PriceFilters) {
  const query = {
    materialId: f.materialId || undefined,
    region: f.region || undefined,
    grade: f.grade || undefined,
  };
  return useInfiniteQuery({
    queryKey: ['prices', 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Price>>('/prices', { signal, query: { ...query, limit: 50, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every price of a material (optionally one grade and region), oldest first, for the chart. */
export function usePriceHistory(f: PriceFilters) {
  const query = { materialId: f.materialId, region: f.region || undefined, grade: f.grade || undefined };
  return useQuery({
    queryKey: ['prices', 'history', query],
    queryFn: ({ signal }) => api.get<{ items: Price[] }>('/prices/history', { signal, query }),
    enabled: !!f.materialId,
  });
}

export type StockValue = Wire<typeof stockValueSchema>;

/** Today's stock per facility and material at today's prices, valued by the server. */
export function useStockValue() {
  return useQuery({
    queryKey: ['prices', 'stock-value'],
    queryFn: ({ signal }) => api.get<StockValue>('/prices/stock-value', { signal }),
    staleTime: 60_000,
  });
}

export interface PriceInput {
  materialId: string;
  grade: string;
  region: string;
  pricePerKg: string;
  effectiveFrom: string;
}

/** Prices are never edited: a correction is a new row with a later effective date. */
export function useCreatePrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PriceInput) => api.post<Price>('/prices', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['prices'] }),
  });
}
