import { DEFAULT_TIME_ZONE, type MemberRole } from '@plastrace/shared';
import { useAuth } from '../../auth/AuthContext.ts';
import { useCurrentUser } from '../../features/dashboard/api.ts';

/**
 * The signed-in member: the server's fresh copy once loaded, the stored one until then, so role-
 * dependent controls don't flash. The organization's time zone is what every date is shown in.
 */
export function useMe() {
  const { user } = useAuth();
  const query = useCurrentUser();
  const me = query.data ?? user;
  return {
    me,
    query,
    role: me?.role as MemberRole | undefined,
    timeZone: me?.organization.timeZone || DEFAULT_TIME_ZONE,
  };
}

/** DESIGN.md §4: who may read the team, the audit log and everyone's activity. */
export const seesEveryone = (role: MemberRole | undefined) =>
  role === 'admin' || role === 'manager' || role === 'auditor';
