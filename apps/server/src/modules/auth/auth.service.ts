import { randomBytes } from 'node:crypto';
import type { User } from '@plastrace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { DUMMY_HASH, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { notify } from '../organization/notifications.repo.ts';
import { hit, LIMITS } from '../security/rate-limit.ts';
import { audit } from '../security/security.repo.ts';
import { enforce, guardLinkRequest, guardLogin, loginFailed, loginSucceeded } from './auth.guard.ts';
import * as mails from './auth.mails.ts';
import * as repo from './auth.repo.ts';
import { toUser } from './auth.views.ts';

export const IDLE_MS = 24 * 60 * 60_000; // a refresh every 12 h of activity keeps a session alive (spec §9)
export const ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
const MAGIC_LINK_MS = 15 * 60_000;
const RESET_MS = 60 * 60_000;
const VERIFY_MS = 7 * 24 * 60 * 60_000;

/** Who is calling: refusals are logged with the request's logger, so they carry its request id. */
export type Client = { ip: string; userAgent: string | undefined; log: FastifyBaseLogger };
export type SessionOut = { session: { access_token: string; expires_at: string }; user: User };

const invalidLogin = () => new AppError('unauthorized', 'Invalid email or password');
export const MAGIC_LINK_SENT = 'Magic link sent! Please check your email.';
export const RESET_SENT = 'If an account exists for that email, we have sent a link to reset the password.';
export const SIGNUP_DONE = 'Registration successful! Please log in with your new account.';

/** Opens a session in one membership (sign-in, switching, joining another organization). */
export async function startSession(
  tx: Tx,
  membershipId: string,
  client: Client,
  remember: boolean,
): Promise<SessionOut> {
  const view = await repo.memberView(tx, membershipId);
  if (!view) throw notFound('Member');
  const token = newToken();
  const now = Date.now();
  const s = await repo.insertSession(tx, {
    organizationId: view.membership.organizationId,
    userId: view.user.id,
    membershipId,
    tokenHash: hashToken(token),
    remember,
    userAgent: client.userAgent?.slice(0, 300),
    ip: client.ip,
    idleExpiresAt: new Date(now + IDLE_MS),
    absoluteExpiresAt: new Date(now + ABSOLUTE_MS),
  });
  await repo.markSignedIn(tx, membershipId);
  const count = await repo.countActiveMemberships(tx, view.user.id);
  return {
    session: { access_token: token, expires_at: s.idleExpiresAt.toISOString() },
    user: toUser(view, count),
  };
}

async function activeMembership(tx: Tx, userId: string) {
  const m = await repo.primaryMembership(tx, userId);
  if (!m) throw invalidLogin();
  if (m.status !== 'active') {
    throw new AppError(
      'forbidden',
      "Your account has been deactivated. Contact your organization's administrator.",
    );
  }
  return m;
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember: boolean },
  client: Client,
): Promise<SessionOut> {
  await guardLogin(ctx.db, input.email, client);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  // Verify against a dummy hash for unknown emails: the answer takes as long either way.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    await loginFailed(ctx, input.email, client, user);
    throw invalidLogin();
  }
  await loginSucceeded(ctx.db, input.email, client);
  return ctx.db.transaction(async (tx) => {
    const m = await activeMembership(tx, user.id);
    const out = await startSession(tx, m.id, client, input.remember);
    await audit(tx, {
      organizationId: m.organizationId,
      actorUserId: user.id,
      action: 'auth.login',
      entityType: 'session',
      ip: client.ip,
    });
    return out;
  });
}

/** The user an emailed sign-in or reset link may go to: none for unknown emails and deactivated members. */
async function linkRecipient(ctx: AppContext, email: string, kind: 'magic' | 'reset', client: Client) {
  const user = await repo.findUserByEmail(ctx.db, email);
  await guardLinkRequest(ctx.db, kind, email, client, user?.id);
  if (!user) return undefined;
  const m = await repo.primaryMembership(ctx.db, user.id);
  if (m?.status === 'active') return user;
  // The link could not sign them in; the answer stays the same so it tells nobody about the account.
  client.log.info({ email, ip: client.ip }, `${kind} link not sent: the member is deactivated`);
  return undefined;
}

export async function requestMagicLink(ctx: AppContext, email: string, client: Client): Promise<string> {
  const user = await linkRecipient(ctx, email, 'magic', client);
  // The same answer whether or not the account exists: the form must not reveal who has one.
  if (!user) return MAGIC_LINK_SENT;
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.insertOneTimeToken(tx, {
      kind: 'magic_link',
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + MAGIC_LINK_MS),
    });
    await enqueue(tx, mails.magicLink(ctx.publicUrl, user.email, token));
  });
  void ctx.mailer.kick();
  return MAGIC_LINK_SENT;
}

export async function redeemMagicLink(ctx: AppContext, token: string, client: Client): Promise<SessionOut> {
  await enforce(ctx.db, LIMITS.magicLinkPerIp, client.ip, client, undefined, 'magic link redemption');
  return ctx.db.transaction(async (tx) => {
    const userId = await repo.redeemOneTimeToken(tx, hashToken(token), 'magic_link');
    if (!userId)
      throw new AppError('validation_failed', 'This sign-in link is invalid, expired or already used.');
    const m = await activeMembership(tx, userId);
    // Opening the link proved the address is theirs.
    await repo.updateUser(tx, userId, { emailVerifiedAt: dbNow });
    const out = await startSession(tx, m.id, client, false);
    await audit(tx, {
      organizationId: m.organizationId,
      actorUserId: userId,
      action: 'auth.magic_link',
      entityType: 'session',
      ip: client.ip,
    });
    return out;
  });
}

export type SignupInput = {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  businessRole: string | null;
  eprLicense: string | null;
  defaultCurrency: string;
};

export async function signup(ctx: AppContext, input: SignupInput, client: Client): Promise<string> {
  await enforce(ctx.db, LIMITS.signupPerIp, client.ip, client, input.email, 'registration');
  const weak = passwordProblem(input.password, input.email);
  if (weak) throw new AppError('validation_failed', weak, { fields: { 'body.password': weak } });
  const passwordHash = await hashPassword(input.password);
  const token = newToken();
  const taken = await ctx.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      businessRole: input.businessRole,
    });
    if (!user) return true;
    const org = await repo.insertOrganization(tx, {
      name: input.companyName,
      slug: `${slugify(input.companyName)}-${randomBytes(3).toString('hex')}`,
      defaultCurrency: input.defaultCurrency,
      businessRole: input.businessRole,
      eprLicense: input.eprLicense,
    });
    await repo.insertMembership(tx, { organizationId: org.id, userId: user.id, role: 'admin' });
    await repo.insertOneTimeToken(tx, {
      kind: 'email_verification',
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + VERIFY_MS),
    });
    await enqueue(tx, mails.verifyEmail(ctx.publicUrl, user.email, user.firstName, token));
    await audit(tx, {
      organizationId: org.id,
      actorUserId: user.id,
      action: 'auth.signup',
      entityType: 'organization',
      entityId: org.id,
      ip: client.ip,
    });
    return false;
  });
  // A taken email gets the same answer as a new one, or the form would tell who has an account.
  if (taken) await tellOwnerOfSignup(ctx, input.email, client);
  void ctx.mailer.kick();
  return SIGNUP_DONE;
}

/** Mails the owner of a taken email; past a few a day they are skipped silently, never refused. */
async function tellOwnerOfSignup(ctx: AppContext, email: string, client: Client): Promise<void> {
  client.log.info(
    { email, ip: client.ip },
    'registration with an email that has an account: nothing created',
  );
  if ((await hit(ctx.db, LIMITS.signupTakenPerEmail, email)) > LIMITS.signupTakenPerEmail.limit) return;
  await ctx.db.transaction((tx) => enqueue(tx, mails.signupWithTakenEmail(ctx.publicUrl, email)));
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40) || 'org';

export async function me(ctx: AppContext, membershipId: string): Promise<User> {
  const view = await repo.memberView(ctx.db, membershipId);
  if (!view) throw notFound('Member');
  return toUser(view, await repo.countActiveMemberships(ctx.db, view.user.id));
}

export async function logout(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  await repo.revokeSession(ctx.db, userId, sessionId);
}

export async function refresh(ctx: AppContext, sessionId: string) {
  const row = await repo.extendSession(ctx.db, sessionId, new Date(Date.now() + IDLE_MS));
  if (!row) throw new AppError('unauthorized', 'Session expired. Please log in again.');
  const ends = Math.min(row.idleExpiresAt.getTime(), row.absoluteExpiresAt.getTime());
  return new Date(ends).toISOString();
}

export async function changePassword(
  ctx: AppContext,
  caller: { userId: string; organizationId: string; sessionId: string },
  input: { current: string; next: string },
  client: Client,
): Promise<string> {
  const user = await repo.findUserById(ctx.db, caller.userId);
  if (!user || !(await verifyPassword(input.current, user.passwordHash))) {
    throw new AppError('validation_failed', 'Your current password is not correct', {
      fields: { 'body.current_password': 'Your current password is not correct' },
    });
  }
  const weak = passwordProblem(input.next, user.email);
  if (weak) throw new AppError('validation_failed', weak, { fields: { 'body.new_password': weak } });
  const passwordHash = await hashPassword(input.next);
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: dbNow });
    await repo.revokeUserSessions(tx, user.id, caller.sessionId);
    await notify(
      tx,
      caller.organizationId,
      user.id,
      'security',
      'Password changed',
      'Your password was changed and your other sessions were signed out.',
    );
    await audit(tx, {
      organizationId: caller.organizationId,
      actorUserId: user.id,
      action: 'auth.password_changed',
      entityType: 'user',
      entityId: user.id,
      ip: client.ip,
    });
  });
  return 'Your password has been changed. Other sessions were signed out.';
}

export async function forgotPassword(ctx: AppContext, email: string, client: Client): Promise<string> {
  const user = await linkRecipient(ctx, email, 'reset', client);
  if (!user) return RESET_SENT;
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.insertOneTimeToken(tx, {
      kind: 'password_reset',
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + RESET_MS),
    });
    await enqueue(tx, mails.resetPassword(ctx.publicUrl, user.email, token));
  });
  void ctx.mailer.kick();
  return RESET_SENT;
}

export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  client: Client,
): Promise<string> {
  await enforce(ctx.db, LIMITS.magicLinkPerIp, client.ip, client, undefined, 'password reset redemption');
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await repo.redeemOneTimeToken(tx, hashToken(token), 'password_reset');
    if (!userId)
      throw new AppError('validation_failed', 'This reset link is invalid, expired or already used.');
    const user = await repo.findUserById(tx, userId);
    const weak = passwordProblem(password, user?.email);
    if (weak) throw new AppError('validation_failed', weak, { fields: { 'body.password': weak } });
    await repo.updateUser(tx, userId, {
      passwordHash,
      passwordChangedAt: dbNow,
      emailVerifiedAt: user?.emailVerifiedAt ?? dbNow,
    });
    await repo.revokeUserSessions(tx, userId);
    const m = await repo.primaryMembership(tx, userId);
    if (m) {
      await notify(
        tx,
        m.organizationId,
        userId,
        'security',
        'Password reset',
        'Your password was reset with an emailed link. All sessions were signed out.',
      );
      await audit(tx, {
        organizationId: m.organizationId,
        actorUserId: userId,
        action: 'auth.password_reset',
        entityType: 'user',
        entityId: userId,
        ip: client.ip,
      });
    }
  });
  return 'Your password has been reset. Please log in with your new password.';
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const userId = await repo.redeemOneTimeToken(tx, hashToken(token), 'email_verification');
    if (!userId)
      throw new AppError('validation_failed', 'This verification link is invalid, expired or already used.');
    await repo.updateUser(tx, userId, { emailVerifiedAt: dbNow });
    return 'Thank you: your email address is verified.';
  });
}

export async function resendVerification(ctx: AppContext, userId: string, client: Client): Promise<string> {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  if (user.emailVerifiedAt) return 'Your email address is already verified.';
  await enforce(ctx.db, LIMITS.verificationPerEmail, user.email, client, user.email, 'verification mail');
  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await repo.insertOneTimeToken(tx, {
      kind: 'email_verification',
      tokenHash: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + VERIFY_MS),
    });
    await enqueue(tx, mails.verifyEmail(ctx.publicUrl, user.email, user.firstName, token));
  });
  void ctx.mailer.kick();
  return 'We have sent you a new verification link.';
}

export async function ownSessions(ctx: AppContext, userId: string, currentSessionId: string) {
  const rows = await repo.listUserSessions(ctx.db, userId);
  return rows.map((s) => ({
    id: s.id,
    current: s.id === currentSessionId,
    user_agent: s.userAgent,
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    expires_at: new Date(Math.min(s.idleExpiresAt.getTime(), s.absoluteExpiresAt.getTime())).toISOString(),
  }));
}

export async function revokeOwnSession(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  if (!(await repo.revokeSession(ctx.db, userId, sessionId))) throw notFound('Session');
}
