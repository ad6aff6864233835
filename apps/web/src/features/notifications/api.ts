import type { notificationSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type Notification = Wire<typeof notificationSchema>;
interface NotificationPage {
  items: Notification[];
  nextCursor: string | null;
  unreadCount: number;
}

export const notificationsKey = ['notifications'] as const;
const unreadCountKey = [...notificationsKey, 'unread-count'] as const;
const PAGE_SIZE = 20;
/** How often the header's badge looks for new notifications while the app is open. */
export const UNREAD_POLL_MS = 60_000;

export function useNotifications(unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list', { unreadOnly }],
    queryFn: ({ pageParam, signal }) =>
      api.get<NotificationPage>('/notifications', {
        signal,
        query: { unread: unreadOnly || undefined, limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The number of unread notifications, for a badge in the header. */
export function useUnreadCount(enabled = true) {
  return useQuery({
    enabled,
    queryKey: unreadCountKey,
    queryFn: ({ signal }) =>
      api.get<NotificationPage>('/notifications', { signal, query: { unread: true, limit: 1 } }),
    select: (page) => page.unreadCount,
    refetchInterval: UNREAD_POLL_MS,
  });
}

function useMarkRead<T>(call: (input: T) => Promise<{ unreadCount: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: ({ unreadCount }) => {
      // The badge updates at once from the answer; the lists refetch to show the read state.
      queryClient.setQueryData<NotificationPage>(unreadCountKey, (page) =>
        page ? { ...page, unreadCount } : page,
      );
      void queryClient.invalidateQueries({ queryKey: [...notificationsKey, 'list'] });
    },
  });
}

export const useMarkNotificationRead = () =>
  useMarkRead((id: string) =>
    api.post<{ unreadCount: number }>(`/notifications/${encodeURIComponent(id)}/read`),
  );

export const useMarkAllNotificationsRead = () =>
  useMarkRead(() => api.post<{ unreadCount: number }>('/notifications/read-all'));
