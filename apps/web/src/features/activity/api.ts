import type { transactionLogEntrySchema } from '@plastrace/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Member, Page } from '../team/api.ts';
import type { ActivityQuery } from './filters.ts';

export type ActivityEntry = Wire<typeof transactionLogEntrySchema>;

export const ACTIVITY_PAGE_SIZE = 50;
export const activityKey = ['activity'] as const;

export function useActivity(query: ActivityQuery) {
  return useInfiniteQuery({
    queryKey: [...activityKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ActivityEntry>>('/dashboard/user-transactions', {
        signal,
        query: { ...query, limit: ACTIVITY_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useActivityEntry(id: string) {
  return useQuery({
    queryKey: [...activityKey, 'entry', id],
    queryFn: ({ signal }) =>
      api.get<ActivityEntry>(`/dashboard/user-transactions/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The member filter's choices: the first 200 members (active or not: their history stays). */
export function useMemberOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['members', 'options'],
    queryFn: ({ signal }) => api.get<Page<Member>>('/members', { signal, query: { limit: 200 } }),
    enabled,
    staleTime: 60_000,
  });
}
