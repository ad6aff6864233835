import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

/** The fields every master-data record has (facilities, suppliers, customers, materials, …). */
export interface MasterRecord {
  id: string;
  code: string;
  name: string;
  archivedAt: string | null;
  version: number;
}

export const MASTER_PAGE_SIZE = 50;
type QueryValue = string | number | boolean | undefined;
export type ListQuery = Record<string, QueryValue>;

/** `GET /api/<resource>?limit&cursor&q&sort&include_archived&…filters` → {items, next_cursor}. */
export function useRecordList<T extends MasterRecord>(resource: string, query: ListQuery) {
  return useInfiniteQuery({
    queryKey: [resource, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(`/${resource}`, {
        signal,
        query: { ...query, limit: MASTER_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useRecord<T extends MasterRecord>(resource: string, id: string | null) {
  return useQuery({
    queryKey: [resource, 'one', id],
    queryFn: ({ signal }) => api.get<T>(`/${resource}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
  });
}

/** Create (POST → 201) or change (PATCH with the version read: a stale one gets 409). */
export function useSaveRecord<T extends MasterRecord>(resource: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string | undefined; body: Record<string, unknown> }) =>
      id ? api.patch<T>(`/${resource}/${id}`, body) : api.post<T>(`/${resource}`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [resource] }),
  });
}

export function useArchiveRecord<T extends MasterRecord>(resource: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      api.post<T>(`/${resource}/${id}/${archive ? 'archive' : 'restore'}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [resource] }),
  });
}
