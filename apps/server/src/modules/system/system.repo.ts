import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

export async function appliedMigrationCount(db: Db): Promise<number> {
  // The migrations table does not exist before the first migration ran.
  const exists = await db.execute(
    sql`SELECT 1 FROM pg_tables WHERE schemaname = 'drizzle' AND tablename = '__drizzle_migrations'`,
  );
  if (!exists.rowCount) return 0;
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  return rows[0]?.n ?? 0;
}
