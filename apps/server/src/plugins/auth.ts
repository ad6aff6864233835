import type { FastifyRequest } from 'fastify';
import type { Caller } from '../context.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findActiveSession, touchSession } from '../modules/auth/auth.repo.ts';
import { IDLE_MS } from '../modules/auth/auth.service.ts';
import { cachedSession, rememberSession } from './session-cache.ts';

/** Who is calling: resolved from the bearer token on every protected route. */
export type { Caller };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const TOUCH_AFTER_MS = 60_000;

export const sessionExpired = () => new AppError('unauthorized', 'Session expired. Please log in again.');

export const ORGANIZATION_HEADER = 'x-organization-id';
export const ORGANIZATION_SWITCHED =
  'You switched to another organization in another tab; reload to continue.';

/**
 * The web names the organization it believes it is in. Tabs share the stored token, so after a switch in
 * one tab another still shows the old organization's page: its request is refused before anything runs,
 * rather than reading or writing the other organization. Calls without the header (API keys, scripts) pass.
 */
function assertSameOrganization(req: FastifyRequest, organizationId: string): void {
  const claimed = req.headers[ORGANIZATION_HEADER];
  if (claimed === undefined || claimed === '' || claimed === organizationId) return;
  throw new AppError('organization_switched', ORGANIZATION_SWITCHED, {
    organization_id: organizationId,
  });
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() || undefined : undefined;
}

/** onRequest hook for a plugin scope whose routes all need a signed-in member. */
export function authenticate(db: Db) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('unauthorized', 'Sign in to continue.');
    const hash = hashToken(token);
    const s = cachedSession(hash) ?? (await findActiveSession(db, hash));
    if (!s) throw sessionExpired();
    assertSameOrganization(req, s.organizationId);
    req.caller = {
      sessionId: s.sessionId,
      userId: s.userId,
      organizationId: s.organizationId,
      membershipId: s.membershipId,
      role: s.role,
      supplierId: s.supplierId,
    };
    // "Last seen" (and the idle expiry) written at most once a minute per session.
    if (Date.now() - s.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await touchSession(db, s.sessionId, IDLE_MS);
      s.lastSeenAt = new Date();
    }
    rememberSession(hash, s);
  };
}

export function callerOf(req: FastifyRequest): Caller {
  if (!req.caller) throw sessionExpired();
  return req.caller;
}
