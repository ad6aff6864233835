import type { PriceKind, priceSchema, stockValueSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
import type { Page } from '../team/api.ts';

export type Price = Wire<typeof priceSchema>;
export interface PriceFilters {
  /** Buying or selling; blank: both. */
  kind: PriceKind | '';
  materialId: string;
  region: string;
  grade: string;
}

export function usePrices(f: PriceFilters) {
  const query = {
    kind: f.kind || undefined,
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

/** Every price of a material (optionally one kind, grade and region), oldest first, for the chart. */
export function usePriceHistory(f: PriceFilters) {
  const query = {
    kind: f.kind || undefined,
    materialId: f.materialId,
    region: f.region || undefined,
    grade: f.grade || undefined,
  };
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
  kind: PriceKind;
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

/** The price list row in force: its ₱/kg and the day it took effect. */
export type ListPrice = Pick<Price, 'pricePerKg' | 'effectiveFrom'>;

/**
 * The price list's row of one kind in force on a day in a region, for each material and grade asked
 * (one request per distinct pair, GET /api/prices/current), keyed by `priceKey`: the row, null where
 * there is none (404), undefined while loading or when the region or day is not known.
 */
export function useCurrentPrices(
  kind: PriceKind,
  items: { materialId: string; grade: string }[],
  region: string | null | undefined,
  day: string | null | undefined,
): Map<string, ListPrice | null | undefined> {
  const asked = items
    .map((i) => ({ materialId: i.materialId, grade: i.grade.trim() }))
    .filter((i) => i.materialId && i.grade);
  const distinct = [...new Map(asked.map((i) => [priceKey(i.materialId, i.grade), i])).values()];
  const known = !!region && !!day;
  const results = useQueries({
    queries: distinct.map(({ materialId, grade }) => ({
      queryKey: ['prices', 'current', kind, materialId, grade, region, day],
      enabled: known,
      staleTime: 60_000,
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<ListPrice | null> => {
        try {
          const price = await api.get<Price>('/prices/current', {
            signal,
            query: { kind, materialId, grade, region: region ?? '', date: day ?? '' },
          });
          return { pricePerKg: price.pricePerKg, effectiveFrom: price.effectiveFrom };
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      },
    })),
  });
  return new Map(
    distinct.map((i, n) => [priceKey(i.materialId, i.grade), known ? results[n]?.data : undefined]),
  );
}

/** How useCurrentPrices names a material and grade (the server matches grades whatever their case). */
export const priceKey = (materialId: string, grade: string) => `${materialId} ${grade.trim().toUpperCase()}`;
