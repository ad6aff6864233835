import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensureAppRole } from './roles.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: all instances of the app agree on it, so only one migrates at a time.
const MIGRATION_LOCK = 73_461_129;

export function expectedMigrations(): number {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Applies pending migrations under an advisory lock, so several app instances can start at once, then
 * grants the app role its rights on every table. Returns the role the app should run as (undefined
 * when the migrating user may not create roles: the app then runs as the owner, and says so).
 */
export async function runMigrations(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
    return await ensureAppRole(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
