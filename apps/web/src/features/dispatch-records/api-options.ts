import type { orderRecordDetailSchema, orderRecordSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { MasterOption } from '../receive-records/api.ts';
import type { Page } from '../team/api.ts';

// What the dispatch form picks from besides the fleet (features/dispatchers): customers and their open
// sales orders.

export type OrderSummary = Wire<typeof orderRecordSchema>;
export type OrderDetail = Wire<typeof orderRecordDetailSchema>;

/** Active master data of one kind (GET /api/customers). */
export function useOptions<T extends MasterOption>(path: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [path.slice(1), 'options'],
    queryFn: ({ signal }) => api.get<{ items: T[] }>(path, { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

/** A customer's sales orders that can still be dispatched against (confirmed or partly fulfilled). */
export function useOpenOrders(customerId: string) {
  return useQuery({
    enabled: !!customerId,
    queryKey: ['orders', 'open', customerId],
    queryFn: async ({ signal }) => {
      // Open ones only, filtered by the server: an old open order is never hidden behind newer closed ones.
      const page = await api.get<Page<OrderSummary>>('/orders', {
        signal,
        query: { kind: 'sales', customerId, open: true, limit: 100 },
      });
      return page.items.sort((a, b) => a.number.localeCompare(b.number));
    },
    staleTime: 10_000,
  });
}

/** One order with its lines (their material, price and what is left to ship). */
export function useOrderDetail(id: string) {
  return useQuery({
    enabled: !!id,
    queryKey: ['orders', 'one', id],
    queryFn: ({ signal }) => api.get<OrderDetail>(`/orders/${encodeURIComponent(id)}`, { signal }),
    staleTime: 10_000,
  });
}
