import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { apiKeys, memberships } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/** Organization API keys start with this, which tells them from session tokens and the web's public key. */
export const API_KEY_PREFIX = 'ptk_';
export const API_KEY_HEADER = 'x-api-key';
export type ApiKeyScope = 'ingest' | 'read';

export type VerifiedKey = {
  keyId: string;
  organizationId: string;
  /** An ingest key bound to one device may write only that device's readings. */
  deviceId: string | null;
  scopes: ApiKeyScope[];
  createdBy: string;
};

/** A new secret and what is stored of it (the secret itself never is). */
export function mintApiKey(): { secret: string; prefix: string; secretHash: string } {
  const secret = `${API_KEY_PREFIX}${newToken()}`;
  return { secret, prefix: secret.slice(0, 12), secretHash: hashToken(secret) };
}

export const looksLikeApiKey = (value: unknown): value is string =>
  typeof value === 'string' && value.startsWith(API_KEY_PREFIX) && value.length > 20;

const TOUCH_AFTER = sql`pt_now() - interval '1 minute'`;

/**
 * The live key a secret belongs to, or null (unknown, revoked, or its issuer is no longer an active
 * member of the key's organization: a key acts as the member who issued it, so it cannot outlive their
 * access). "Last used" is written at most once a minute per key, so a device posting every second does
 * not write the key row every second.
 */
export async function verifyApiKey(db: Db, secret: string): Promise<VerifiedKey | null> {
  if (!looksLikeApiKey(secret)) return null;
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      organizationId: apiKeys.organizationId,
      deviceId: apiKeys.deviceId,
      scopes: apiKeys.scopes,
      createdBy: apiKeys.createdBy,
    })
    .from(apiKeys)
    .innerJoin(
      memberships,
      and(
        eq(memberships.organizationId, apiKeys.organizationId),
        eq(memberships.userId, apiKeys.createdBy),
        eq(memberships.status, 'active'),
      ),
    )
    .where(and(eq(apiKeys.secretHash, hashToken(secret)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  await db
    .update(apiKeys)
    .set({ lastUsedAt: dbNow })
    .where(
      and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, TOUCH_AFTER))),
    );
  return { ...row, scopes: row.scopes as ApiKeyScope[] };
}
