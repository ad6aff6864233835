import type { Db } from '../db/client.ts';
import { hitRateLimit, peekRateLimit, pruneRateLimits } from '../modules/security/security.repo.ts';
import { AppError } from './errors.ts';

export type Limit = { name: string; limit: number; windowMs: number };

export const LIMITS = {
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * 60_000 },
  /** Failed sign-ins per account: stops guessing one password from many addresses. */
  loginFailuresPerAccount: { name: 'login-account', limit: 10, windowMs: 15 * 60_000 },
  magicLinkPerEmail: { name: 'magic-email', limit: 5, windowMs: 60 * 60_000 },
  magicLinkPerIp: { name: 'magic-ip', limit: 20, windowMs: 60 * 60_000 },
  signupPerIp: { name: 'signup-ip', limit: 10, windowMs: 60 * 60_000 },
  invitationAcceptPerIp: { name: 'accept-ip', limit: 20, windowMs: 60 * 60_000 },
  passwordResetPerEmail: { name: 'reset-email', limit: 5, windowMs: 60 * 60_000 },
  contactPerIp: { name: 'contact-ip', limit: 5, windowMs: 60 * 60_000 },
  /** The acknowledgement goes to the given address: this stops the form being used to flood someone's inbox. */
  contactPerEmail: { name: 'contact-email', limit: 5, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

const tooMany = (l: Limit) =>
  new AppError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.', {
    retry_after_s: Math.ceil(l.windowMs / 1000),
  });

/** Counts this attempt and refuses it once the window's limit is passed. */
export async function consume(db: Db, l: Limit, subject: string): Promise<void> {
  if ((await hitRateLimit(db, `${l.name}:${subject}`, l.windowMs)) > l.limit) throw tooMany(l);
}

/** Refuses if the limit is already reached, without counting (pair with `consume` on failure). */
export async function check(db: Db, l: Limit, subject: string): Promise<void> {
  if ((await peekRateLimit(db, `${l.name}:${subject}`, l.windowMs)) >= l.limit) throw tooMany(l);
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowMs));
const PRUNE_EVERY_MS = 10 * 60_000;

/** Drops finished windows every 10 minutes; returns the function that stops it. */
export function startRateLimitPruning(db: Db, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    pruneRateLimits(db, LONGEST_WINDOW_MS).catch(onError);
  }, PRUNE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
