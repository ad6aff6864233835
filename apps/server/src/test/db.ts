import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/** `url` connects as the owner (as migrations do); `pool` and `db` run as the app's role, as the app does. */
export type TestDatabase = Database & { url: string; role: string | undefined; drop: () => Promise<void> };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own for one test file; `drop()` removes it. */
export async function createTestDatabase(opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `plastrace_t_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(inject('pgAdminUrl'), name);
  const role = opts.migrate !== false ? await runMigrations(url) : undefined;
  const database = connect(url, { max: 10, role });
  let dropped = false;
  return {
    ...database,
    url,
    role,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await database.close();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
