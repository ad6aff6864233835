import { MEMBER_ROLES, type MemberRole } from '@plastrace/shared';

// DESIGN.md §4, as the server's team policy enforces it; the web only hides what would be refused.
export function invitableRoles(role: MemberRole | undefined): MemberRole[] {
  if (role === 'admin') return [...MEMBER_ROLES];
  if (role === 'manager') return MEMBER_ROLES.filter((r) => r !== 'admin');
  return [];
}

export const canSeeTeam = (role: MemberRole | undefined) =>
  role === 'admin' || role === 'manager' || role === 'auditor';

export const canManageMembers = (role: MemberRole | undefined) => role === 'admin';
