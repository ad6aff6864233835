import { useDebouncedValue } from '@mantine/hooks';
import type {
  energyInputSchema,
  energyResultSchema,
  lineMonthSchema,
  productionLineSchema,
  productionRecordInputSchema,
  productionRecordSchema,
} from '@plastrace/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { invalidateStock } from '../lots/api.ts';
import type { Page } from '../team/api.ts';

export type ProductionRecord = Wire<typeof productionRecordSchema>;
export type RunStatus = ProductionRecord['status'];
/** What the form sends: the wire's own body (snake_case keys pass the client's conversion unchanged). */
export type ProductionInput = z.output<typeof productionRecordInputSchema>;

export const PRODUCTION_PAGE_SIZE = 50;
export const productionKey = ['production-records'] as const;

export interface ProductionQuery {
  status?: RunStatus | undefined;
  facilityId?: string | undefined;
  productionLineId?: string | undefined;
  processCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export function useProductionRecords(query: ProductionQuery, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...productionKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ProductionRecord>>('/production-records', {
        signal,
        query: { ...query, limit: PRODUCTION_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useProductionRecord(id: string) {
  return useQuery({
    queryKey: [...productionKey, 'one', id],
    queryFn: ({ signal }) =>
      api.get<ProductionRecord>(`/production-records/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Creates a draft (or saves and posts it), or replaces a draft with its version. */
export function useSaveProductionRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
      id,
      version,
    }: {
      input: ProductionInput;
      idempotencyKey: string;
      id?: string | undefined;
      version?: number | undefined;
    }) =>
      id
        ? api.put<ProductionRecord>(`/production-records/${id}`, { ...input, version })
        : api.post<ProductionRecord>('/production-records', input, {
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: productionKey }),
  });
}

export function usePostProductionRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      idempotencyKey,
      overCapacityReason,
    }: {
      id: string;
      idempotencyKey: string;
      overCapacityReason?: string | undefined;
    }) =>
      api.post<ProductionRecord>(
        `/production-records/${id}/post`,
        overCapacityReason ? { overCapacityReason } : {},
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: (record) => {
      queryClient.setQueryData([...productionKey, 'one', record.id], record);
      void queryClient.invalidateQueries({ queryKey: productionKey });
      invalidateStock(queryClient);
    },
  });
}

export function useVoidProductionRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<ProductionRecord>(`/production-records/${id}/void`, { reason }),
    onSuccess: (record) => {
      queryClient.setQueryData([...productionKey, 'one', record.id], record);
      void queryClient.invalidateQueries({ queryKey: productionKey });
      invalidateStock(queryClient);
    },
  });
}

export type EnergyInput = z.input<typeof energyInputSchema>;
export type EnergyEstimate = Wire<typeof energyResultSchema>;

/**
 * The energy a run will be booked with when no meter reading is entered: the server's own rule
 * (POST /api/calculations/energy-consumption), asked again as the mass, hours or line change.
 */
export function useEnergyEstimate(input: EnergyInput | null) {
  // Asked once typing pauses, not at every keystroke of a weight.
  const [asked] = useDebouncedValue(JSON.stringify(input), 400);
  const body = JSON.parse(asked) as EnergyInput | null;
  return useQuery({
    enabled: body !== null,
    queryKey: ['energy-estimate', asked],
    queryFn: ({ signal }) => api.post<EnergyEstimate>('/calculations/energy-consumption', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

export type LineOption = Wire<typeof productionLineSchema>;

/** The organization's production lines (for the form's picker: capacity, rated power, steps). */
export function useLineOptions() {
  return useQuery({
    queryKey: ['production-lines', 'options'],
    queryFn: ({ signal }) =>
      api.get<{ items: LineOption[] }>('/production-lines', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

export type LineMonth = Wire<typeof lineMonthSchema>;

/** Posted runs per line and month (GET /api/production-records/by-line). */
export function useLineMonths(lineId: string | undefined, enabled: boolean, months = 12) {
  return useQuery({
    enabled,
    queryKey: [...productionKey, 'by-line', lineId ?? null, months],
    queryFn: ({ signal }) =>
      api.get<{ items: LineMonth[] }>('/production-records/by-line', {
        signal,
        query: { productionLineId: lineId, months },
      }),
  });
}
