import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { defaultPoolSize } from '../config.ts';
import * as schema from './schema/index.ts';

/** The app's database; `$client` is its pool, for the named prepared statements of the posting functions. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle; repos take it as their first argument so every query joins the service's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Database = { pool: pg.Pool; db: Db; close: () => Promise<void> };

/**
 * A pool on `url`. With `role`, every connection runs as that role from its start (a startup option,
 * no extra round trip): the app's role owns nothing, so it cannot alter, truncate or disable what the
 * migrations (run as the owner) set up.
 */
export function connect(url: string, opts: { max?: number; role?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? defaultPoolSize(),
    ...(opts.role ? { options: `-c role=${opts.role}` } : {}),
  });
  // An idle client losing its server (restart, failover) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, close: () => pool.end() };
}
