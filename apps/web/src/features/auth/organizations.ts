import type { organizationMembershipSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { SessionResponse } from '../../auth/authApi.ts';
import { type SessionUser, STORAGE_KEYS, sessionStore } from '../../auth/sessionStore.ts';

export type OrganizationMembership = Wire<typeof organizationMembershipSchema>;

export const organizationsKey = ['auth', 'organizations'] as const;

/** `GET /api/auth/organizations`: the signed-in account's active memberships. */
export function useOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: organizationsKey,
    queryFn: ({ signal }) => api.get<{ items: OrganizationMembership[] }>('/auth/organizations', { signal }),
    enabled,
    select: (data) => data.items,
  });
}

/** `POST /api/auth/switch-organization`: a new session in that organization; this one is signed out. */
export const switchOrganization = (organizationId: string) =>
  api.post<SessionResponse & { user: SessionUser }>('/auth/switch-organization', { organizationId });

/**
 * Keeps the stored session's kind ('Remember me' or not) and takes the new token and member. The token
 * first: a request made in between names the old organization and is refused, never answered with the new.
 */
export function adoptSession(response: SessionResponse & { user: SessionUser }): void {
  sessionStore.setToken(response.session.accessToken);
  sessionStore.setUser(response.user);
  sessionStore.setLastRefresh(Date.now());
}

function storedUserId(): string | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    const parsed = raw ? (JSON.parse(raw) as { id?: unknown }) : null;
    return typeof parsed?.id === 'string' ? parsed.id : null;
  } catch {
    return null;
  }
}

/**
 * A switch in another tab revokes the token this tab holds and stores the new one. This tab takes the new
 * token (the same account's) but keeps showing its organization until reloaded: its calls then name the
 * old organization and the server answers 'organization_switched', which asks for a reload — instead of
 * a 401 that would sign every tab out.
 */
export function useAdoptSwitchedSession(): void {
  useEffect(() => {
    function onStorage(event: StorageEvent) {
      if (event.storageArea !== localStorage || event.key !== STORAGE_KEYS.token || !event.newValue) return;
      const { status, user } = sessionStore.getSnapshot();
      if (status !== 'authenticated' || !user || storedUserId() !== user.id) return;
      sessionStore.setToken(event.newValue);
    }
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
