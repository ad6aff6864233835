import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser } from '../../auth/authApi.ts';

export const currentUserKey = ['users', 'me'] as const;

/** The signed-in member with their organization (`GET /api/dashboard/users/me`). */
export function useCurrentUser(enabled = true) {
  return useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, enabled });
}
