import { type Action, can, DEFAULT_TIME_ZONE, type MemberRole } from '@plastrace/shared';
import { useAuth } from '../../auth/AuthContext.ts';
import { useCurrentUser } from '../../features/dashboard/api.ts';

/**
 * The signed-in member: the server's fresh copy once loaded, the stored one until then, so role-
 * dependent controls don't flash. The organization's time zone is what every date is shown in.
 * Signed out (the public /docs page in the app layout) there is no member and nothing is asked.
 */
export function useMe() {
  const { user, isAuthenticated } = useAuth();
  const query = useCurrentUser(isAuthenticated);
  const me = isAuthenticated ? (query.data ?? user) : null;
  return {
    me,
    query,
    role: me?.role as MemberRole | undefined,
    timeZone: me?.organization.timeZone || DEFAULT_TIME_ZONE,
  };
}

/**
 * May the signed-in member do `action`? The one permission table of @plastrace/shared, which the
 * server checks on every route; signed out, nothing is permitted.
 */
export function useCan(action: Action): boolean {
  return can(useMe().role, action);
}
