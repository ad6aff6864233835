import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

// The daily facts (docs/architecture.md "Insight: daily facts"). Readers always go through `pt_facts`,
// which answers marked days live, so nothing here waits for the refresh to be exact.

/** Marks a refresh call takes at most. */
export const FACTS_BATCH = 1000;

/** Rewrites the days of up to `limit` marks; answers how many days it rewrote (0 when another refresh runs). */
export async function refreshFacts(db: Db | Tx, limit = FACTS_BATCH): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT pt_facts_refresh(${limit}) AS n`);
  return Number(rows[0]?.n ?? 0);
}

/** Refreshes until no marked day is left (or another refresh holds the lock). */
export async function refreshAllFacts(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await refreshFacts(db);
    total += n;
    if (n === 0) return total;
  }
}

/** Marks not refreshed yet. */
export async function pendingMarks(db: Db | Tx): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM fact_marks`);
  return rows[0]?.n ?? 0;
}

/** How far behind the cache is: marked rows and distinct days, and the oldest mark's age. */
export async function factsBacklog(db: Db | Tx) {
  const { rows } = await db.execute<{ marks: number; days: number }>(
    sql`SELECT count(*)::int AS marks, count(DISTINCT (organization_id, day))::int AS days FROM fact_marks`,
  );
  return rows[0] ?? { marks: 0, days: 0 };
}
