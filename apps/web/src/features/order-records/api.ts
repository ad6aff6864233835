import type {
  customerSchema,
  orderCreateSchema,
  orderRecordDetailSchema,
  orderRecordSchema,
  orderUpdateSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

export type Order = Wire<typeof orderRecordSchema>;
export type OrderDetail = Wire<typeof orderRecordDetailSchema>;
export type OrderLine = OrderDetail['lines'][number];
/** What the form sends: the wire's own body (snake_case keys pass the client's conversion unchanged). */
export type OrderInput = z.output<typeof orderCreateSchema>;
type OrderChanges = Omit<z.output<typeof orderUpdateSchema>, 'version'>;

export const ORDER_PAGE_SIZE = 50;
/** Every order query (the dispatch form's open orders too) lives under this key. */
export const ordersKey = ['orders'] as const;
const oneKey = (id: string) => [...ordersKey, 'one', id];

export interface OrderQuery {
  kind?: string | undefined;
  status?: string | undefined;
  customerId?: string | undefined;
  supplierId?: string | undefined;
  sort?: string | undefined;
  q?: string | undefined;
}

export function useOrders(query: OrderQuery) {
  return useInfiniteQuery({
    queryKey: [...ordersKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Order>>('/orders', {
        signal,
        query: { ...query, limit: ORDER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One order with its lines, and the dispatches or receipts against it; `enabled` false asks nothing yet. */
export function useOrder(id: string, enabled = true) {
  return useQuery({
    enabled: enabled && !!id,
    queryKey: oneKey(id),
    queryFn: ({ signal }) => api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The statuses a purchase order is received against in. */

/**
 * A supplier's purchase orders that deliveries can still be received against (confirmed or partly
 * fulfilled), by number: the supplier's latest 100, the open ones picked here.
 */
export function useOpenPurchaseOrders(supplierId: string) {
  return useQuery({
    enabled: !!supplierId,
    queryKey: [...ordersKey, 'open', 'purchase', supplierId],
    queryFn: async ({ signal }) => {
      const page = await api.get<Page<Order>>('/orders', {
        signal,
        query: { kind: 'purchase', supplierId, open: true, limit: 100 },
      });
      return page.items.sort((a, b) => a.number.localeCompare(b.number));
    },
    staleTime: 10_000,
  });
}

/** Creates an order (a draft, or confirmed), or changes a draft at the version read. */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      idempotencyKey,
      id,
      version,
    }: {
      input: OrderInput;
      idempotencyKey: string;
      id?: string | undefined;
      version?: number | undefined;
    }) => {
      if (!id)
        return api.post<OrderDetail>('/orders', input, { headers: { 'Idempotency-Key': idempotencyKey } });
      const { kind: _, confirm: __, ...changes } = input;
      return api.patch<OrderDetail>(`/orders/${id}`, { ...(changes satisfies OrderChanges), version });
    },
    onSuccess: (order) => {
      queryClient.setQueryData(oneKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

type Move = { id: string; version: number; reason?: string | undefined };

/** Confirms, cancels or closes an order (with the version read, and a reason where one is asked). */
export function useMoveOrder(action: 'confirm' | 'cancel' | 'close') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, reason }: Move) =>
      api.post<OrderDetail>(`/orders/${id}/${action}`, reason ? { reason, version } : { version }),
    onSuccess: (order) => {
      queryClient.setQueryData(oneKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/orders/${id}`),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: oneKey(id) });
      void queryClient.invalidateQueries({ queryKey: ordersKey });
    },
  });
}

export type Party = Pick<Wire<typeof customerSchema>, 'id' | 'code' | 'name'>;

/** Customers or suppliers whose name or code holds `q`, for the order's party picker. */
export function usePartyLookup(kind: 'sales' | 'purchase', q: string) {
  const parties = kind === 'sales' ? 'customers' : 'suppliers';
  return useQuery({
    queryKey: [parties, 'lookup', q],
    queryFn: ({ signal }) =>
      kind === 'sales'
        ? api.get<{ items: Party[] }>('/customers', { signal, query: { q, limit: 20 } })
        : api.get<{ items: Party[] }>('/suppliers/lookup', { signal, query: { q, limit: 20 } }),
    staleTime: 30_000,
    // The last answer of the same kind stays listed while the next search runs (as the supplier
    // lookup's): the options do not vanish under the pointer with each keystroke.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[0] === parties ? previous : undefined,
  });
}

/** The organization's customers or suppliers (the first 200 by name), for the list's party filter. */
export function usePartyOptions(kind: 'sales' | 'purchase') {
  const path = kind === 'sales' ? '/customers' : '/suppliers';
  return useQuery({
    queryKey: [path.slice(1), 'options'],
    queryFn: ({ signal }) => api.get<{ items: Party[] }>(path, { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}
