import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A connection to the e2e server's embedded PostgreSQL as the owner of its tables (the port from its
 * postmaster.pid, the password beside it, as apps/server/src/db/embedded.ts lays them out), for the
 * checks a user cannot make through the app: changing a record behind its back.
 */
export function ownerUrl(): string {
  const dataDir = inject('dataDir');
  const port = Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(join(dataDir, 'postgres.secret'), 'utf8').trim();
  return `postgres://plastrace:${encodeURIComponent(password)}@127.0.0.1:${port}/plastrace`;
}

export async function asOwner<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ownerUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
