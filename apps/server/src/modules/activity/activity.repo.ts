import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users, userTransactions } from '../../db/schema/index.ts';
import { containsPattern, isoMicro, olderThan } from '../../lib/sql.ts';

export type ActivityFilter = {
  limit: number;
  after?: [string, string];
  userId?: string;
  type?: string;
  q?: string;
  from?: Date;
  to?: Date;
};

const columns = {
  entry: userTransactions,
  userName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
  /** The keyset cursor's time, to the microsecond. */
  at: isoMicro(userTransactions.createdAt),
};

export async function insertEntry(tx: Db | Tx, values: typeof userTransactions.$inferInsert) {
  const [row] = await tx.insert(userTransactions).values(values).returning({ id: userTransactions.id });
  if (!row) throw new Error('activity insert returned nothing');
  return row.id;
}

export function listEntries(db: Db | Tx, orgId: string, f: ActivityFilter) {
  const t = userTransactions;
  const p = f.q ? containsPattern(f.q) : undefined;
  return db
    .select(columns)
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(
      and(
        eq(t.organizationId, orgId),
        f.userId ? eq(t.userId, f.userId) : undefined,
        f.type ? eq(t.transactionType, f.type) : undefined,
        p ? or(ilike(t.description, p), ilike(t.referenceId, p)) : undefined,
        f.from ? gte(t.createdAt, f.from) : undefined,
        f.to ? lt(t.createdAt, f.to) : undefined,
        f.after ? olderThan(t.createdAt, t.id, f.after) : undefined,
      ),
    )
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(f.limit);
}

export async function getEntry(db: Db, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(userTransactions)
    .innerJoin(users, eq(users.id, userTransactions.userId))
    .where(and(eq(userTransactions.organizationId, orgId), eq(userTransactions.id, id)));
  return row;
}
