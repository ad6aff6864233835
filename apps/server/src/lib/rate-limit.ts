import type { Db } from '../db/client.ts';
import { hitRateLimit, peekRateLimit } from '../modules/security/security.repo.ts';
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
