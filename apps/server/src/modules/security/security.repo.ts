import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { appSecrets, auditLog, rateLimits } from '../../db/schema/index.ts';

/** Adds one hit to a fixed window (a new window starts once the old one has passed) and returns the count. */
export async function hitRateLimit(db: Db, key: string, windowMs: number): Promise<number> {
  const interval = `${Math.ceil(windowMs / 1000)} seconds`;
  const { rows } = await db.execute<{ count: number }>(sql`
    INSERT INTO ${rateLimits} (key, window_start, count) VALUES (${key}, pt_now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${rateLimits.windowStart} < pt_now() - ${interval}::interval THEN 1 ELSE ${rateLimits.count} + 1 END,
      window_start = CASE WHEN ${rateLimits.windowStart} < pt_now() - ${interval}::interval THEN pt_now() ELSE ${rateLimits.windowStart} END
    RETURNING count`);
  return rows[0]?.count ?? 1;
}

export async function peekRateLimit(db: Db, key: string, windowMs: number): Promise<number> {
  const interval = `${Math.ceil(windowMs / 1000)} seconds`;
  const { rows } = await db.execute<{ count: number }>(sql`
    SELECT count FROM ${rateLimits} WHERE key = ${key} AND window_start >= pt_now() - ${interval}::interval`);
  return rows[0]?.count ?? 0;
}

/** How many live windows have a key starting with `prefix` (e.g. the addresses that failed at one account). */
export async function countRateLimitKeys(db: Db, prefix: string, windowMs: number): Promise<number> {
  const interval = `${Math.ceil(windowMs / 1000)} seconds`;
  // starts_with rather than LIKE: emails may contain `_`, which LIKE would read as a wildcard.
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM ${rateLimits}
    WHERE starts_with(${rateLimits.key}, ${prefix}) AND ${rateLimits.windowStart} >= pt_now() - ${interval}::interval`);
  return rows[0]?.n ?? 0;
}

/** Deletes windows that ended long ago: each address or email tried once would otherwise stay forever. */
export async function pruneRateLimits(db: Db, olderThanMs: number): Promise<number> {
  const interval = `${Math.ceil(olderThanMs / 1000)} seconds`;
  const { rowCount } = await db.execute(
    sql`DELETE FROM ${rateLimits} WHERE ${rateLimits.windowStart} < pt_now() - ${interval}::interval`,
  );
  return rowCount ?? 0;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Returns the stored secret, creating it first if no instance has yet (the race is settled by the key). */
export async function secret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}

export type AuditEntry = {
  organizationId: string | null;
  actorUserId: string | null;
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
};

export async function audit(tx: Tx | Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, before: entry.before ?? null, after: entry.after ?? null });
}
