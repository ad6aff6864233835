import type { Invitation, Member, MemberRole } from '@plastrace/shared';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { decodeCursor, toPage } from '../../lib/cursor.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Caller } from '../../plugins/auth.ts';
import { guardLogin, loginFailed, loginSucceeded } from '../auth/auth.guard.ts';
import * as authRepo from '../auth/auth.repo.ts';
import { type Client, type SessionOut, startSession } from '../auth/auth.service.ts';
import { moveSession } from '../auth/organizations.service.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { notify } from '../organization/notifications.repo.ts';
import { consume, LIMITS } from '../security/rate-limit.ts';
import { audit } from '../security/security.repo.ts';
import * as mails from './team.mails.ts';
import { assertCanInvite } from './team.policy.ts';
import * as repo from './team.repo.ts';
import { invitationStatus, toInvitation, toMember } from './team.views.ts';

export const INVITATION_MS = 7 * 24 * 60 * 60_000;
const INVALID = 'Invalid or expired invitation';
const WRONG_PASSWORD = 'Incorrect password for this account.';
const ALREADY_MEMBER = 'You are already a member of this organization. Please sign in.';
export const OTHER_EMAIL = 'This invitation is for another email address: sign out and open it again.';

type ListQuery = { limit: number; cursor?: string; q?: string };

// ---- invitations ----

async function sendInvitation(
  ctx: AppContext,
  caller: Caller,
  invitationId: string,
  token: string,
  expiresAt: Date,
  tx: Parameters<typeof enqueue>[0],
) {
  const inviter = await authRepo.memberView(tx, caller.membershipId);
  const inv = await repo.getInvitation(tx, caller.organizationId, invitationId);
  if (!inviter || !inv) throw notFound('Invitation');
  const name = `${inviter.user.firstName} ${inviter.user.lastName}`;
  await enqueue(
    tx,
    mails.invitation(
      ctx.publicUrl,
      inv.invitation.email,
      inviter.organization.name,
      name,
      inv.invitation.role,
      token,
      expiresAt,
    ),
  );
}

export async function invite(
  ctx: AppContext,
  caller: Caller,
  input: { email: string; role: MemberRole; supplierId?: string | null },
): Promise<Invitation> {
  assertCanInvite(caller, input.role);
  const supplierId = input.role === 'supplier' ? input.supplierId : null;
  const id = await ctx.db.transaction(async (tx) => {
    if (supplierId && !(await repo.supplierInOrg(tx, caller.organizationId, supplierId)))
      throw notFound('Supplier');
    if (await repo.memberByEmail(tx, caller.organizationId, input.email)) {
      throw new AppError('conflict', 'This person is already a member of your organization.');
    }
    if (await repo.pendingInvitationFor(tx, caller.organizationId, input.email)) {
      throw new AppError('conflict', 'An invitation to this email is already pending. Resend it instead.');
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITATION_MS);
    const invitationId = await repo.insertInvitation(tx, {
      organizationId: caller.organizationId,
      email: input.email,
      role: input.role,
      supplierId,
      invitedBy: caller.userId,
      tokenHash: hashToken(token),
      expiresAt,
    });
    await sendInvitation(ctx, caller, invitationId, token, expiresAt, tx);
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'invitation.created',
      entityType: 'invitation',
      entityId: invitationId,
      after: { email: input.email, role: input.role, supplier_id: supplierId },
    });
    return invitationId;
  });
  void ctx.mailer.kick();
  return getInvitation(ctx, caller, id);
}

export async function getInvitation(ctx: AppContext, caller: Caller, id: string): Promise<Invitation> {
  const row = await repo.getInvitation(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Invitation');
  return toInvitation(row);
}

export async function listInvitations(
  ctx: AppContext,
  caller: Caller,
  q: ListQuery & { status?: repo.InvitationStatus },
) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await repo.listInvitations(ctx.db, caller.organizationId, { ...q, after, limit: q.limit + 1 });
  const page = toPage(rows, q.limit, (r) => [r.invitation.createdAt.toISOString(), r.invitation.id]);
  return { items: page.items.map(toInvitation), next_cursor: page.next_cursor };
}

/** A new link (the old one stops working) and a fresh 7 days, for a pending or expired invitation. */
export async function resendInvitation(ctx: AppContext, caller: Caller, id: string): Promise<Invitation> {
  const current = await getInvitation(ctx, caller, id);
  assertCanInvite(caller, current.role);
  if (current.status === 'accepted' || current.status === 'revoked') {
    throw new AppError('unprocessable', `This invitation was ${current.status} and cannot be resent.`);
  }
  await ctx.db.transaction(async (tx) => {
    const token = newToken();
    const expiresAt = new Date(Date.now() + INVITATION_MS);
    await repo.updateInvitation(tx, caller.organizationId, id, { tokenHash: hashToken(token), expiresAt });
    await sendInvitation(ctx, caller, id, token, expiresAt, tx);
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'invitation.resent',
      entityType: 'invitation',
      entityId: id,
    });
  });
  void ctx.mailer.kick();
  return getInvitation(ctx, caller, id);
}

export async function revokeInvitation(ctx: AppContext, caller: Caller, id: string): Promise<Invitation> {
  const current = await getInvitation(ctx, caller, id);
  assertCanInvite(caller, current.role);
  if (current.status !== 'pending' && current.status !== 'expired') {
    throw new AppError('unprocessable', `This invitation was already ${current.status}.`);
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateInvitation(tx, caller.organizationId, id, { revokedAt: dbNow });
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'invitation.revoked',
      entityType: 'invitation',
      entityId: id,
    });
  });
  return getInvitation(ctx, caller, id);
}

export async function verifyInvitation(ctx: AppContext, token: string) {
  const row = await repo.findInvitationByToken(ctx.db, hashToken(token));
  if (!row) return { valid: false, invitation: null, message: INVALID };
  const status = invitationStatus(row.invitation);
  const invitation = {
    email: row.invitation.email,
    role: row.invitation.role,
    supplier_name: row.supplierName,
    expires_at: row.invitation.expiresAt.toISOString(),
    organization_name: row.organizationName,
    existing_account: row.existingAccount,
  };
  const messages = {
    pending: 'Invitation is valid',
    accepted: 'This invitation has already been used. Please sign in.',
    revoked: 'This invitation has been revoked. Ask your administrator for a new one.',
    expired: 'This invitation has expired. Ask your administrator for a new one.',
  } as const;
  return status === 'pending'
    ? { valid: true, invitation, message: messages.pending }
    : { valid: false, invitation: null, message: messages[status] };
}

export async function acceptInvitation(
  ctx: AppContext,
  input: { token: string; password: string; firstName: string; lastName: string; phone?: string },
  ip: string,
): Promise<string> {
  await consume(ctx.db, LIMITS.invitationAcceptPerIp, ip);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const inv = await repo.claimInvitation(tx, hashToken(input.token));
    if (!inv) throw new AppError('validation_failed', INVALID);
    const weak = passwordProblem(input.password, inv.email);
    if (weak) throw new AppError('validation_failed', weak, { fields: { 'body.password': weak } });
    const user = await authRepo.insertUser(tx, {
      email: inv.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      emailVerifiedAt: dbNow, // the invitation link reached this inbox
    });
    if (!user)
      throw new AppError('conflict', 'An account with this email already exists. Please sign in instead.');
    await join(
      tx,
      inv,
      user.id,
      `${input.firstName} ${input.lastName} (${inv.email}) joined as ${inv.role}.`,
      {
        ip,
      },
    );
  });
  return 'Account created successfully! Please log in with your credentials.';
}

type ClaimedInvitation = NonNullable<Awaited<ReturnType<typeof repo.claimInvitation>>>;

/** The membership an accepted invitation makes, with the inviter told and the audit trail written. */
async function join(
  tx: Tx,
  inv: ClaimedInvitation,
  userId: string,
  message: string,
  extra: { ip: string | null | undefined; after?: Record<string, unknown> },
): Promise<string> {
  const m = await authRepo.insertMembership(tx, {
    organizationId: inv.organizationId,
    userId,
    role: inv.role,
    supplierId: inv.supplierId,
  });
  await repo.updateInvitation(tx, inv.organizationId, inv.id, { acceptedUserId: userId });
  await notify(tx, inv.organizationId, inv.invitedBy, 'invitation_accepted', 'Invitation accepted', message);
  await audit(tx, {
    organizationId: inv.organizationId,
    actorUserId: userId,
    action: 'invitation.accepted',
    entityType: 'membership',
    entityId: m.id,
    ...(extra.after && { after: extra.after }),
    ip: extra.ip,
  });
  return m.id;
}

/**
 * Redeems an invitation for an account that exists: the link works once (of concurrent redemptions one
 * claims it, the others find it used) and never adds a second membership in one organization.
 */
async function redeemForAccount(
  tx: Tx,
  token: string,
  user: { id: string; firstName: string; lastName: string },
  ip: string,
  alreadyMember: string,
): Promise<{ id: string; organizationId: string }> {
  const inv = await repo.claimInvitation(tx, hashToken(token));
  if (!inv) throw new AppError('validation_failed', INVALID);
  if (await authRepo.membershipIn(tx, user.id, inv.organizationId)) {
    throw new AppError('conflict', alreadyMember);
  }
  const id = await join(
    tx,
    inv,
    user.id,
    `${user.firstName} ${user.lastName} (${inv.email}) joined as ${inv.role} with their existing account.`,
    { ip, after: { role: inv.role, existing_account: true } },
  );
  return { id, organizationId: inv.organizationId };
}

/**
 * An invitation to an email that already has an account: its owner proves it is them with the account's
 * password (checked and rate-limited like a sign-in) and gains a membership; name and password stay as
 * they are. The answer is a sign-in answer, in the organization just joined.
 */
export async function acceptInvitationWithAccount(
  ctx: AppContext,
  input: { token: string; password: string; remember: boolean },
  client: Client,
): Promise<SessionOut> {
  await consume(ctx.db, LIMITS.invitationAcceptPerIp, client.ip);
  const found = await repo.findInvitationByToken(ctx.db, hashToken(input.token));
  if (!found || invitationStatus(found.invitation) !== 'pending')
    throw new AppError('validation_failed', INVALID);
  const email = found.invitation.email;
  await guardLogin(ctx.db, email, client);
  const user = await authRepo.findUserByEmail(ctx.db, email);
  // Checked against a dummy hash without an account, so both answers take as long.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user) {
    throw new AppError('unprocessable', 'No account uses this email yet: create one with this invitation.');
  }
  if (!ok) {
    await loginFailed(ctx, email, client, user);
    throw new AppError('unauthorized', WRONG_PASSWORD, { fields: { 'body.password': WRONG_PASSWORD } });
  }
  await loginSucceeded(ctx.db, email, client);
  return ctx.db.transaction(async (tx) => {
    const m = await redeemForAccount(tx, input.token, user, client.ip, ALREADY_MEMBER);
    return startSession(tx, m.id, client, input.remember);
  });
}

/**
 * The invitee is already signed in (in another organization) as the invited email: the session is the
 * proof a password would be, so only that email's session may use the link. The session then moves to the
 * organization joined, as a switch does.
 */
export async function joinSignedIn(
  ctx: AppContext,
  caller: Caller,
  token: string,
  client: Client,
): Promise<SessionOut> {
  await consume(ctx.db, LIMITS.invitationAcceptPerIp, client.ip);
  const found = await repo.findInvitationByToken(ctx.db, hashToken(token));
  if (!found) throw new AppError('validation_failed', INVALID);
  const user = await authRepo.findUserById(ctx.db, caller.userId);
  if (!user || user.email.toLowerCase() !== found.invitation.email.toLowerCase())
    throw new AppError('forbidden', OTHER_EMAIL);
  // Before the link's state: a second click on "Join" is told why, not that the link is spent.
  const alreadyMember = `You are already a member of ${found.organizationName}: choose it in the organization menu.`;
  if (await authRepo.membershipIn(ctx.db, user.id, found.invitation.organizationId))
    throw new AppError('conflict', alreadyMember);
  if (invitationStatus(found.invitation) !== 'pending') throw new AppError('validation_failed', INVALID);
  return ctx.db.transaction(async (tx) => {
    const m = await redeemForAccount(tx, token, user, client.ip, alreadyMember);
    return moveSession(tx, caller, m, client);
  });
}

// ---- members ----

export async function listMembers(
  ctx: AppContext,
  caller: Caller,
  q: ListQuery & { role?: string; status?: string },
) {
  const after = decodeCursor(q.cursor, ['instant', 'uuid']);
  const rows = await repo.listMembers(ctx.db, caller.organizationId, { ...q, after, limit: q.limit + 1 });
  const page = toPage(rows, q.limit, (r) => [r.membership.createdAt.toISOString(), r.membership.id]);
  return { items: page.items.map(toMember), next_cursor: page.next_cursor };
}

async function getMember(ctx: AppContext, caller: Caller, id: string): Promise<Member> {
  const row = await repo.getMember(ctx.db, caller.organizationId, id);
  if (!row) throw notFound('Member');
  return toMember(row);
}

type MemberChange = { role?: MemberRole; status?: 'active' | 'deactivated'; version?: number };

/** Role changes and (de)activation, keeping at least one active admin and never acting on oneself. */
export async function changeMember(
  ctx: AppContext,
  caller: Caller,
  id: string,
  change: MemberChange,
): Promise<Member> {
  if (id === caller.membershipId)
    throw new AppError('unprocessable', 'You cannot change your own role or deactivate yourself.');
  await ctx.db.transaction(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, caller.organizationId);
    const before = await repo.getMember(tx, caller.organizationId, id);
    if (!before) throw notFound('Member');
    const m = before.membership;
    const losesAdmin =
      m.role === 'admin' &&
      m.status === 'active' &&
      (change.status === 'deactivated' || (change.role && change.role !== 'admin'));
    if (losesAdmin && admins.length <= 1)
      throw new AppError('unprocessable', 'An organization needs at least one active administrator.');
    if (change.role === 'supplier' && !m.supplierId) {
      throw new AppError(
        'unprocessable',
        'A supplier member must be linked to a supplier: invite them with the supplier selected.',
      );
    }
    const updated = await repo.updateMember(tx, caller.organizationId, id, change.version, {
      ...(change.role ? { role: change.role } : {}),
      ...(change.status ? { status: change.status } : {}),
    });
    if (!updated) throw new AppError('conflict', 'Someone else changed this member. Reload and try again.');
    // A new role applies from the member's next request; a deactivated member's sessions end.
    if (change.status === 'deactivated') await authRepo.revokeMembershipSessions(tx, id);
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: caller.userId,
      action: 'member.changed',
      entityType: 'membership',
      entityId: id,
      before: { role: m.role, status: m.status },
      after: change,
    });
  });
  return getMember(ctx, caller, id);
}
