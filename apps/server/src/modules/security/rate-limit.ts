import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hitRateLimit, peekRateLimit, pruneRateLimits } from './security.repo.ts';

export type Limit = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Every sign-in attempt from one address, right or wrong. */
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * MINUTE },
  /** Failed sign-ins at one account from one address: that address is then refused for that account. */
  loginFailuresPerAccountIp: { name: 'login-fail-pair', limit: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins from one address over every account: password spraying, slower than loginPerIp allows. */
  loginFailuresPerIp: { name: 'login-fail-ip', limit: 40, windowMs: HOUR },
  /**
   * Failed sign-ins at one account from anywhere. Past it, addresses that failed there are refused, but one
   * without failures may still try: counting per account alone let strangers lock the owner out.
   */
  loginFailuresPerAccount: { name: 'login-account', limit: 10, windowMs: 15 * MINUTE },
  /** At most one "failed sign-ins" warning mail per account in this window. */
  loginAlert: { name: 'login-alert', limit: 1, windowMs: HOUR },
  /** Magic links, password resets and their redemptions from one address. */
  magicLinkPerIp: { name: 'magic-ip', limit: 20, windowMs: HOUR },
  magicLinkPerEmailIp: { name: 'magic-pair', limit: 5, windowMs: HOUR },
  /** Only requests from addresses the member never signed in from count: strangers cannot use up the owner's. */
  magicLinkPerEmail: { name: 'magic-email', limit: 5, windowMs: HOUR },
  passwordResetPerEmailIp: { name: 'reset-pair', limit: 5, windowMs: HOUR },
  /** As magicLinkPerEmail: requests from the member's known addresses do not count. */
  passwordResetPerEmail: { name: 'reset-email', limit: 5, windowMs: HOUR },
  verificationPerEmail: { name: 'verify-email', limit: 5, windowMs: HOUR },
  signupPerIp: { name: 'signup-ip', limit: 10, windowMs: HOUR },
  /** "Someone tried to register with your address" mails; past it they are skipped silently, never refused. */
  signupTakenPerEmail: { name: 'signup-taken', limit: 3, windowMs: 24 * HOUR },
  invitationAcceptPerIp: { name: 'accept-ip', limit: 20, windowMs: HOUR },
  contactPerIp: { name: 'contact-ip', limit: 5, windowMs: HOUR },
  /** The acknowledgement goes to the given address: this stops the form being used to flood someone's inbox. */
  contactPerEmail: { name: 'contact-email', limit: 5, windowMs: 24 * HOUR },
} satisfies Record<string, Limit>;

export const tooMany = (l: Limit) =>
  new AppError('rate_limited', 'Too many attempts. Please wait a few minutes and try again.', {
    retry_after_s: Math.ceil(l.windowMs / 1000),
  });

/** The rate_limits key of one subject under one limit. */
export const keyOf = (l: Limit, subject: string) => `${l.name}:${subject}`;

/** Counts one hit and returns the window's count so far, without refusing anything. */
export const hit = (db: Db, l: Limit, subject: string): Promise<number> =>
  hitRateLimit(db, keyOf(l, subject), l.windowMs);

/** The window's count so far, without counting. */
export const peek = (db: Db, l: Limit, subject: string): Promise<number> =>
  peekRateLimit(db, keyOf(l, subject), l.windowMs);

/** Counts this attempt and refuses it once the window's limit is passed. */
export async function consume(db: Db, l: Limit, subject: string): Promise<void> {
  if ((await hit(db, l, subject)) > l.limit) throw tooMany(l);
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
const PRUNE_EVERY_MS = 10 * MINUTE;

/** Drops finished windows every 10 minutes; returns the function that stops it. */
export function startRateLimitPruning(db: Db, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    pruneRateLimits(db, LONGEST_WINDOW_MS).catch(onError);
  }, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
