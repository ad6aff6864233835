import type { findActiveSession } from '../modules/auth/auth.repo.ts';

// A session checked in the last second is trusted without asking the database again: a weighbridge or
// an import posting hundreds of records a second then costs one session query a second, not one per
// request. Revocation still takes effect within a second on every instance, and at once on the one
// that revoked it (every revocation and role change clears this cache).

type ActiveSession = NonNullable<Awaited<ReturnType<typeof findActiveSession>>>;

export const SESSION_CACHE_MS = 1000;
const MAX_ENTRIES = 10_000;
const cache = new Map<string, { until: number; session: ActiveSession }>();

export function cachedSession(tokenHash: string): ActiveSession | undefined {
  const hit = cache.get(tokenHash);
  if (!hit) return undefined;
  if (hit.until > Date.now()) return hit.session;
  cache.delete(tokenHash);
  return undefined;
}

export function rememberSession(tokenHash: string, session: ActiveSession): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(tokenHash, { until: Date.now() + SESSION_CACHE_MS, session });
}

/** Called by every revocation and role change, so they apply at once on this instance. */
export function forgetSessions(): void {
  cache.clear();
}
