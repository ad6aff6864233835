import type { Invitation, Member } from '@plastrace/shared';
import type { getInvitation, getMember } from './team.repo.ts';

type InvitationRow = NonNullable<Awaited<ReturnType<typeof getInvitation>>>;
type MemberRow = NonNullable<Awaited<ReturnType<typeof getMember>>>;

export function invitationStatus(i: InvitationRow['invitation'], now = Date.now()): Invitation['status'] {
  if (i.acceptedAt) return 'accepted';
  if (i.revokedAt) return 'revoked';
  return i.expiresAt.getTime() <= now ? 'expired' : 'pending';
}

export const toInvitation = ({ invitation: i, supplierName, invitedByName }: InvitationRow): Invitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  supplier_id: i.supplierId,
  supplier_name: supplierName,
  status: invitationStatus(i),
  invited_by_name: invitedByName,
  expires_at: i.expiresAt.toISOString(),
  created_at: i.createdAt.toISOString(),
  accepted_at: i.acceptedAt?.toISOString() ?? null,
});

export const toMember = ({ membership: m, user: u, supplierName }: MemberRow): Member => ({
  id: m.id,
  user_id: u.id,
  email: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  phone: u.phone,
  role: m.role,
  status: m.status,
  supplier_id: m.supplierId,
  supplier_name: supplierName,
  last_sign_in_at: m.lastSignInAt?.toISOString() ?? null,
  created_at: m.createdAt.toISOString(),
  version: m.version,
});
