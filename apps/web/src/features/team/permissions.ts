import { can, MEMBER_ROLES, type MemberRole } from '@plastrace/shared';

/**
 * The roles a member may invite: none without `invitations.manage`; the administrator role only by
 * those who may change members (administrators) — managers invite every other role. The server's
 * team policy enforces the same; the web only hides what would be refused.
 */
export function invitableRoles(role: MemberRole | undefined): MemberRole[] {
  if (!can(role, 'invitations.manage')) return [];
  return can(role, 'members.manage') ? [...MEMBER_ROLES] : MEMBER_ROLES.filter((r) => r !== 'admin');
}
