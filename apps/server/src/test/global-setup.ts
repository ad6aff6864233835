import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * One PostgreSQL server for the whole run: the embedded one in a temporary folder, or the server
 * at TEST_DATABASE_URL. Test files create their own databases on it (see db.ts).
 */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const client = new pg.Client({ connectionString: external });
    try {
      await client.connect();
      await client.end();
    } catch (e) {
      throw new Error(
        `TEST_DATABASE_URL=${external} is not reachable (${(e as Error).message}). Start that PostgreSQL server or unset TEST_DATABASE_URL to use the embedded one.`,
      );
    }
    project.provide('pgAdminUrl', external);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'plastrace-test-'));
  const embedded = await startEmbeddedPostgres(dir, () => undefined);
  project.provide('pgAdminUrl', embedded.adminUrl);
  return async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
