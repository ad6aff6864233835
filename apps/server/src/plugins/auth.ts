import type { FastifyRequest } from 'fastify';
import type { Caller } from '../context.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { API_KEY_HEADER, looksLikeApiKey, verifyApiKey } from '../modules/api-keys/api-keys.verify.ts';
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

export const INVALID_API_KEY = 'Invalid or revoked API key.';

/**
 * A machine calling with an organization API key: it acts for the organization as the member who issued
 * the key (created_by columns name them) with an auditor's role, the least there is; what it may call
 * is narrowed further to its scopes by the permission guard (plugins/permissions.ts). It has no session
 * and no membership: the account routes, which use them, refuse keys. Looked up on every request, so
 * a revoked key is refused at once.
 */
async function keyCaller(db: Db, secret: string): Promise<Caller> {
  const key = await verifyApiKey(db, secret);
  if (!key) throw new AppError('unauthorized', INVALID_API_KEY);
  return {
    sessionId: '',
    membershipId: '',
    userId: key.createdBy,
    organizationId: key.organizationId,
    role: 'auditor',
    supplierId: null,
    apiKey: { keyId: key.keyId, scopes: key.scopes, deviceId: key.deviceId },
  };
}

/** onRequest hook for a plugin scope whose routes all need a signed-in member (or an organization API key). */
export function authenticate(db: Db) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req);
    // The web's public client key travels in the same header and does not look like an org key.
    const key = req.headers[API_KEY_HEADER];
    if (!token && looksLikeApiKey(key)) {
      req.caller = await keyCaller(db, key);
      return;
    }
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
