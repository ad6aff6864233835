import type { priceSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
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

export interface PriceKey {
  materialId: string;
  grade: string;
  region: string;
}

/** The price in force today for each material, grade and region; null where there is none (404). */
export function useCurrentPrices(keys: PriceKey[]) {
  return useQueries({
    queries: keys.map((k) => ({
      queryKey: ['prices', 'current', k],
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          return await api.get<Price>('/prices/current', { signal, query: { ...k } });
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      },
      staleTime: 60_000,
    })),
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
