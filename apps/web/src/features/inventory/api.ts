import type { inventoryReportSchema } from '@plastrace/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type InventoryGroup = 'lot' | 'material' | 'facility';
export type InventoryReport = Wire<typeof inventoryReportSchema>;
export type InventoryRow = InventoryReport['items'][number];
export interface InventoryQuery {
  group: InventoryGroup;
  facilityId?: string | undefined;
  materialId?: string | undefined;
  asOf?: string | undefined;
  q?: string | undefined;
}

/** Stock page by page ("Load more"); every page carries the totals of the whole filter. */
export function useInventoryPages(query: InventoryQuery) {
  return useInfiniteQuery({
    queryKey: ['inventory', 'pages', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<InventoryReport>('/inventory', { signal, query: { ...query, limit: 100, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
