import type { receiveRecordSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { invalidateStock } from '../lots/api.ts';
import { priceKey, useCurrentPrices } from '../prices/api.ts';
import type { Page } from '../team/api.ts';

export type ReceiveRecord = Wire<typeof receiveRecordSchema>;
export type ReceiveLine = ReceiveRecord['lines'][number];
export type RecordStatus = ReceiveRecord['status'];

export interface MasterOption {
  id: string;
  code: string;
  name: string;
}
export interface FacilityOption extends MasterOption {
  /** Picks the price list row of a line left to the price list. */
  region?: string | null;
}
export interface MaterialOption extends MasterOption {
  polymer?: string;
  form?: string;
  grade?: string;
}

export const RECEIVE_PAGE_SIZE = 50;
export const receiveKey = ['receive-records'] as const;

export interface ReceiveQuery {
  status?: RecordStatus | undefined;
  supplierId?: string | undefined;
  facilityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export function useReceiveRecords(query: ReceiveQuery) {
  return useInfiniteQuery({
    queryKey: [...receiveKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ReceiveRecord>>('/receive-records', {
        signal,
        query: { ...query, limit: RECEIVE_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useReceiveRecord(id: string) {
  return useQuery({
    queryKey: [...receiveKey, 'one', id],
    queryFn: ({ signal }) => api.get<ReceiveRecord>(`/receive-records/${encodeURIComponent(id)}`, { signal }),
  });
}

/** What the form sends (camelCase; the client snake_cases it). */
export interface ReceiveInput {
  supplierId: string;
  facilityId: string;
  receivedAt: string;
  weighbridgeTicket?: string | undefined;
  scaleDeviceId?: string | undefined;
  vehiclePlate?: string | undefined;
  notes?: string | undefined;
  /** The purchase order it is received against; null clears a draft's. */
  orderId?: string | null | undefined;
  lines: {
    materialId: string;
    grossKg: string;
    tareKg?: string | undefined;
    deductionPct?: string | undefined;
    unitPrice?: string | undefined;
    deviceId?: string | undefined;
    readingId?: number | undefined;
  }[];
}

/**
 * Creates a draft, or replaces one (with its version). The idempotency key belongs to one form
 * submission: a double click or a retry of the same submission sends the same key.
 */
export function useSaveReceiveRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
      id,
      version,
    }: {
      input: ReceiveInput;
      idempotencyKey: string;
      id?: string | undefined;
      version?: number | undefined;
    }) =>
      id
        ? api.put<ReceiveRecord>(`/receive-records/${id}`, { ...input, version })
        : api.post<ReceiveRecord>('/receive-records', input, {
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: receiveKey }),
  });
}

export function usePostReceiveRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      api.post<ReceiveRecord>(`/receive-records/${id}/post`, undefined, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: (record) => {
      queryClient.setQueryData([...receiveKey, 'one', record.id], record);
      void queryClient.invalidateQueries({ queryKey: receiveKey });
      void queryClient.invalidateQueries({ queryKey: ['supplier-ledger'] });
      invalidateStock(queryClient);
    },
  });
}

export function useVoidReceiveRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<ReceiveRecord>(`/receive-records/${id}/void`, { reason }),
    onSuccess: (record) => {
      queryClient.setQueryData([...receiveKey, 'one', record.id], record);
      void queryClient.invalidateQueries({ queryKey: receiveKey });
      void queryClient.invalidateQueries({ queryKey: ['supplier-ledger'] });
      invalidateStock(queryClient);
    },
  });
}

/** The organization's facilities (GET /api/facilities), for pickers and filters. */
export function useFacilityOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['facilities', 'options'],
    queryFn: ({ signal }) =>
      api.get<{ items: FacilityOption[] }>('/facilities', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

/** The material catalog (GET /api/materials), for pickers and filters. */
export function useMaterialOptions(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['materials', 'options'],
    queryFn: ({ signal }) =>
      api.get<{ items: MaterialOption[] }>('/materials', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

/**
 * What the buying price list charges per kg for each material on a day in a region — the row posting
 * will use for a line without a unit price (the material's grade, the facility's region, the day
 * received): a price, null where there is none, undefined while loading or when the region or day is
 * not known.
 */
export function useListPrices(
  materials: MaterialOption[],
  region: string | null | undefined,
  day: string | null,
): Map<string, string | null | undefined> {
  const grades = materials.map((m) => ({ materialId: m.id, grade: m.grade ?? 'A' }));
  const prices = useCurrentPrices('buying', grades, region, day);
  return new Map(
    grades.map((g) => {
      const price = prices.get(priceKey(g.materialId, g.grade));
      return [g.materialId, price === null ? null : price?.pricePerKg];
    }),
  );
}
