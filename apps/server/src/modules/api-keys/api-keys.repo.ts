import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { apiKeys, devices, memberships, users } from '../../db/schema/index.ts';

type Handle = Db | Tx;
const t = apiKeys;
const creator = alias(users, 'creator');

const columns = {
  id: t.id,
  name: t.name,
  prefix: t.prefix,
  scopes: t.scopes,
  deviceId: t.deviceId,
  deviceCode: devices.code,
  deviceName: devices.name,
  createdAt: t.createdAt,
  createdBy: t.createdBy,
  createdByName: sql<string>`${creator.firstName} || ' ' || ${creator.lastName}`,
  lastUsedAt: t.lastUsedAt,
  revokedAt: t.revokedAt,
  /** The issuer left or was deactivated: the key is refused (api-keys.verify.ts) until reissued. */
  issuerDeactivated: sql<boolean>`${memberships.status} is distinct from 'active'`,
  /** created_at to the microsecond, for the cursor (a Date would cut it to milliseconds). */
  cursorAt: sql<string>`to_char(${t.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};
export type ApiKeyRow = NonNullable<Awaited<ReturnType<typeof getApiKey>>>;

function select(db: Handle) {
  return db
    .select(columns)
    .from(t)
    .innerJoin(creator, eq(creator.id, t.createdBy))
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, t.organizationId), eq(memberships.userId, t.createdBy)),
    )
    .leftJoin(devices, eq(devices.id, t.deviceId));
}

/** Newest first; `after` is the (created_at, id) of the previous page's last key. */
export function listApiKeys(
  db: Handle,
  orgId: string,
  f: { limit: number; includeRevoked: boolean; after?: [string, string] },
) {
  return select(db)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeRevoked ? undefined : isNull(t.revokedAt),
        f.after
          ? sql`(${t.createdAt}, ${t.id}) < (${f.after[0]}::timestamptz, ${f.after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(f.limit);
}

export async function getApiKey(db: Handle, orgId: string, id: string) {
  const [row] = await select(db).where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

export async function insertApiKey(tx: Tx, values: typeof apiKeys.$inferInsert) {
  const [row] = await tx.insert(t).values(values).returning({ id: t.id });
  if (!row) throw new Error('API key insert returned nothing');
  return row.id;
}

/** Revokes a live key; false when it was already revoked (or is not the organization's). */
export async function revokeApiKey(tx: Tx, orgId: string, id: string, by: string) {
  const rows = await tx
    .update(t)
    .set({ revokedAt: dbNow, revokedBy: by })
    .where(and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.revokedAt)))
    .returning({ id: t.id });
  return rows.length > 0;
}
