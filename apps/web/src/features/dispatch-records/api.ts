import type { dispatchRecordInputSchema, dispatchRecordSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { invalidateStock } from '../lots/api.ts';
import type { Page } from '../team/api.ts';

export type DispatchRecord = Wire<typeof dispatchRecordSchema>;
export type DispatchStatus = DispatchRecord['status'];
/** What the form sends: the wire's own body (snake_case keys pass the client's conversion unchanged). */
export type DispatchInput = z.output<typeof dispatchRecordInputSchema>;

export const DISPATCH_PAGE_SIZE = 50;
export const dispatchKey = ['dispatch-records'] as const;

export interface DispatchQuery {
  status?: DispatchStatus | undefined;
  delivery?: 'awaiting' | 'delivered' | 'discrepancy' | undefined;
  customerId?: string | undefined;
  orderId?: string | undefined;
  facilityId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export function useDispatchRecords(query: DispatchQuery, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...dispatchKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<DispatchRecord>>('/dispatch-records', {
        signal,
        query: { ...query, limit: DISPATCH_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useDispatchRecord(id: string) {
  return useQuery({
    queryKey: [...dispatchKey, 'one', id],
    queryFn: ({ signal }) =>
      api.get<DispatchRecord>(`/dispatch-records/${encodeURIComponent(id)}`, { signal }),
  });
}

/** After a write: the record as answered, every list, and (when stock moved) the lots and inventory. */
function useSettled(stockMoved: boolean) {
  const queryClient = useQueryClient();
  return (record: DispatchRecord) => {
    queryClient.setQueryData([...dispatchKey, 'one', record.id], record);
    void queryClient.invalidateQueries({ queryKey: dispatchKey });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['customer-ledger'] });
    // A trip's load is what its posted dispatches weigh.
    void queryClient.invalidateQueries({ queryKey: ['trips'] });
    if (stockMoved) invalidateStock(queryClient);
  };
}

/** Creates a draft, or replaces a draft with its version. */
export function useSaveDispatchRecord() {
  const settled = useSettled(false);
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
      id,
      version,
    }: {
      input: DispatchInput;
      idempotencyKey: string;
      id?: string | undefined;
      version?: number | undefined;
    }) =>
      id
        ? api.put<DispatchRecord>(`/dispatch-records/${id}`, { ...input, version })
        : api.post<DispatchRecord>('/dispatch-records', input, {
            headers: { 'Idempotency-Key': idempotencyKey },
          }),
    onSuccess: settled,
  });
}

export function usePostDispatchRecord() {
  const settled = useSettled(true);
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      api.post<DispatchRecord>(`/dispatch-records/${id}/post`, undefined, {
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: settled,
  });
}

export function useVoidDispatchRecord() {
  const settled = useSettled(true);
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<DispatchRecord>(`/dispatch-records/${id}/void`, { reason }),
    onSuccess: settled,
  });
}

export interface Delivery {
  deliveredAt: string;
  receivedKg: string;
  receiverName: string;
  notes: string;
  signature: Blob | null;
  photo: File | null;
}

/** Proof of delivery: one multipart form with the receiver's signature and/or a photo. */
export function useRecordDelivery() {
  const settled = useSettled(false);
  return useMutation({
    mutationFn: ({
      id,
      delivery,
      idempotencyKey,
    }: {
      id: string;
      delivery: Delivery;
      idempotencyKey: string;
    }) => {
      const form = new FormData();
      form.append('delivered_at', delivery.deliveredAt);
      form.append('received_kg', delivery.receivedKg);
      form.append('receiver_name', delivery.receiverName);
      if (delivery.notes.trim()) form.append('notes', delivery.notes.trim());
      if (delivery.signature) form.append('signature', delivery.signature, 'signature.png');
      if (delivery.photo) form.append('photo', delivery.photo, delivery.photo.name);
      return api.upload<DispatchRecord>(`/dispatch-records/${id}/delivery`, form, {
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    },
    onSuccess: settled,
  });
}

export function useSettleDiscrepancy() {
  const settled = useSettled(false);
  return useMutation({
    mutationFn: ({
      id,
      resolution,
      reason,
    }: {
      id: string;
      resolution: 'write_off' | 'credit_note';
      reason: string;
    }) => api.post<DispatchRecord>(`/dispatch-records/${id}/settle`, { resolution, reason }),
    onSuccess: settled,
  });
}
