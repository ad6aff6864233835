import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../mail/mail.repo.ts';
import { notify } from '../organization/notifications.repo.ts';
import { hit, keyOf, LIMITS, type Limit, peek, tooMany } from '../security/rate-limit.ts';
import { clearRateLimit, countRateLimitKeys } from '../security/security.repo.ts';
import * as mails from './auth.mails.ts';
import * as repo from './auth.repo.ts';
import type { Client } from './auth.service.ts';

// Limits on sign-in and emailed links. Counting per account alone let ~20 anonymous requests keep any
// member out indefinitely, so accounts are counted together with the address the attempts come from.
// Unknown emails are counted exactly like known ones: a refusal must not tell whether an account exists.

const pairOf = (email: string, ip: string) => `${email}|${ip}`;
/** Stands in for "no user" so an unknown email costs the same queries as a known one. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

function refuse(client: Client, l: Limit, email: string | undefined, what: string): never {
  client.log.warn({ email, ip: client.ip, limit: l.name }, `${what} refused: rate limit`);
  throw tooMany(l);
}

/** Counts one attempt and refuses it (logged) once the window's limit is passed. */
export async function enforce(
  db: Db,
  l: Limit,
  subject: string,
  client: Client,
  email?: string,
  what = 'request',
) {
  if ((await hit(db, l, subject)) > l.limit) refuse(client, l, email, what);
}

/** Refuses a sign-in before its password is checked. */
export async function guardLogin(db: Db, email: string, client: Client): Promise<void> {
  await enforce(db, LIMITS.loginPerIp, client.ip, client, email, 'sign-in');
  const pair = pairOf(email, client.ip);
  const [pairFailures, ipFailures, accountFailures] = await Promise.all([
    peek(db, LIMITS.loginFailuresPerAccountIp, pair),
    peek(db, LIMITS.loginFailuresPerIp, client.ip),
    peek(db, LIMITS.loginFailuresPerAccount, email),
  ]);
  if (pairFailures >= LIMITS.loginFailuresPerAccountIp.limit)
    refuse(client, LIMITS.loginFailuresPerAccountIp, email, 'sign-in');
  if (ipFailures >= LIMITS.loginFailuresPerIp.limit)
    refuse(client, LIMITS.loginFailuresPerIp, email, 'sign-in');
  // Under attack the account only hears from addresses that have not failed at it: the owner's among them.
  if (accountFailures >= LIMITS.loginFailuresPerAccount.limit && pairFailures > 0)
    refuse(client, LIMITS.loginFailuresPerAccount, email, 'sign-in');
}

/** A right password from this address: its earlier typos no longer mark it as one that fails here. */
export async function loginSucceeded(db: Db, email: string, client: Client): Promise<void> {
  await clearRateLimit(db, keyOf(LIMITS.loginFailuresPerAccountIp, pairOf(email, client.ip)));
}

/**
 * Counts a wrong password or unknown account. When the account's failures reach the limit (once per
 * window) the owner is told, at most once per LIMITS.loginAlert window.
 */
export async function loginFailed(
  ctx: AppContext,
  email: string,
  client: Client,
  user: { id: string; email: string } | undefined,
): Promise<void> {
  const [, , failures] = await Promise.all([
    hit(ctx.db, LIMITS.loginFailuresPerAccountIp, pairOf(email, client.ip)),
    hit(ctx.db, LIMITS.loginFailuresPerIp, client.ip),
    hit(ctx.db, LIMITS.loginFailuresPerAccount, email),
  ]);
  if (failures !== LIMITS.loginFailuresPerAccount.limit) return;
  client.log.warn({ email, ip: client.ip, failures }, 'repeated failed sign-ins at one account');
  if (!user || (await hit(ctx.db, LIMITS.loginAlert, email)) > LIMITS.loginAlert.limit) return;
  // The answer to this request is a 401 whatever happens to the warning.
  await warnOwner(ctx, user, failures).catch((err: unknown) =>
    client.log.error({ err, email }, 'could not queue the failed sign-in warning'),
  );
}

async function warnOwner(ctx: AppContext, user: { id: string; email: string }, attempts: number) {
  const m = await repo.primaryMembership(ctx.db, user.id);
  if (m?.status !== 'active') return; // a deactivated member has nothing to sign in to
  const l = LIMITS.loginFailuresPerAccountIp;
  const addresses = await countRateLimitKeys(ctx.db, keyOf(l, pairOf(user.email, '')), l.windowMs);
  await ctx.db.transaction(async (tx) => {
    await enqueue(tx, mails.failedSignIns(ctx.publicUrl, user.email, attempts, addresses));
    await notify(
      tx,
      m.organizationId,
      user.id,
      'security',
      'Failed sign-in attempts',
      `${attempts} failed attempts to sign in to your account from ${addresses} ${addresses === 1 ? 'address' : 'addresses'} in 15 minutes. Your account is not locked.`,
    );
  });
  void ctx.mailer.kick();
}

const LINKS = {
  magic: { pair: LIMITS.magicLinkPerEmailIp, email: LIMITS.magicLinkPerEmail, what: 'magic link' },
  reset: {
    pair: LIMITS.passwordResetPerEmailIp,
    email: LIMITS.passwordResetPerEmail,
    what: 'password reset',
  },
} as const;

/**
 * Counts a request for an emailed link per address, per (email, address) and, from addresses the member
 * never signed in from, per email: strangers together can send the owner a few mails an hour but never
 * use up what the owner's own addresses may ask for.
 */
export async function guardLinkRequest(
  db: Db,
  kind: keyof typeof LINKS,
  email: string,
  client: Client,
  userId: string | undefined,
): Promise<void> {
  const l = LINKS[kind];
  await enforce(db, LIMITS.magicLinkPerIp, client.ip, client, email, l.what);
  await enforce(db, l.pair, pairOf(email, client.ip), client, email, l.what);
  const known = await repo.hasSignedInFrom(db, userId ?? NO_USER, client.ip);
  if (!known) await enforce(db, l.email, email, client, email, l.what);
}
