import type { Camelize, messageSchema, ownSessionSchema, User } from '@plastrace/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { sessionStore } from '../../auth/sessionStore.ts';
import { currentUserKey } from '../dashboard/api.ts';

export type OwnSession = Wire<typeof ownSessionSchema>;
type Message = Wire<typeof messageSchema>;

export const sessionsKey = ['sessions'] as const;

export interface ProfileInput {
  firstName: string;
  lastName: string;
  phone: string | null;
}

/** `PATCH /api/profile`: the answer is the whole member, which the header and the cache both show. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.patch<Camelize<User>>('/profile', input),
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserKey, user);
      // The header's name comes from the stored session user.
      sessionStore.setUser(user);
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      api.post<Message>('/auth/password', input),
    // The server signs out the other sessions and leaves a security notification.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionsKey });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    },
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => api.post<Message>('/auth/verify-email/resend') });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api.get<{ items: OwnSession[] }>('/sessions', { signal }),
  });
}

/** Signs out the given sessions, one call each (there is no bulk endpoint); stops at the first failure. */
export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api.delete<Message>(`/sessions/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
