import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repos take it as their first argument so every query joins the service's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

export function connect(url: string, opts: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 20 });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, close: () => pool.end() };
}
