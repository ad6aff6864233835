import { readFileSync } from 'node:fs';
import { count, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { migrationsFolder } from '../../db/migrate.ts';
import { logEntries, logPending, outbox } from '../../db/schema/index.ts';

// The outbox and the record log's queue belong to the installation, not to one organization: the admin
// tools read their counts (never a mail's address, subject or error) because one stuck queue delays every
// organization's mail and proofs alike.

export type JournalEntry = { tag: string; when: number };

/** The migrations this build carries, in order (drizzle's journal, read once). */
export const journal: readonly JournalEntry[] = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] }
).entries;

export async function databaseFacts(db: Db) {
  const { rows } = await db.execute<{ server_version: string; name: string; size_bytes: string }>(
    sql`SELECT current_setting('server_version') AS server_version, current_database() AS name,
               pg_database_size(current_database())::text AS size_bytes`,
  );
  const row = rows[0];
  if (!row) throw new Error('the database answered no row');
  return { serverVersion: row.server_version, name: row.name, sizeBytes: Number(row.size_bytes) };
}

/**
 * Drizzle records an applied migration by its journal time (`created_at` is the entry's `when`) and applies
 * only entries newer than the last one recorded: the times say which of this build's migrations ran.
 */
export async function appliedMigrationTimes(db: Db): Promise<Set<number>> {
  const { rows } = await db.execute<{ created_at: string }>(
    sql`SELECT created_at::text AS created_at FROM drizzle.__drizzle_migrations`,
  );
  return new Set(rows.map((r) => Number(r.created_at)));
}

export async function outboxCounts(db: Db) {
  const [unsent] = await db
    .select({
      unsent: count(),
      failing: sql<number>`count(*) FILTER (WHERE ${outbox.attempts} > 0)`.mapWith(Number),
      oldest: min(outbox.createdAt),
    })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  const [sent] = await db
    .select({ n: count() })
    .from(outbox)
    .where(gt(outbox.sentAt, sql`pt_now() - interval '24 hours'`));
  return {
    unsent: unsent?.unsent ?? 0,
    failing: unsent?.failing ?? 0,
    oldestUnsentAt: unsent?.oldest ?? null,
    sentLastDay: sent?.n ?? 0,
  };
}

export async function logQueue(db: Db, organizationId: string) {
  const [row] = await db
    .select({
      pending: count(),
      organizationPending:
        sql<number>`count(*) FILTER (WHERE ${logEntries.organizationId} = ${organizationId})`.mapWith(Number),
      oldest: min(logEntries.loggedAt),
    })
    .from(logPending)
    .innerJoin(logEntries, eq(logEntries.id, logPending.entryId));
  return {
    pending: row?.pending ?? 0,
    organizationPending: row?.organizationPending ?? 0,
    oldestPendingAt: row?.oldest ?? null,
  };
}

/** A user's sign-in address and whether it is verified, to compare with OPERATOR_EMAILS. */
export async function emailOf(db: Db, userId: string) {
  const { rows } = await db.execute<{ email: string; verified: boolean }>(
    sql`SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${userId}`,
  );
  return rows[0];
}
