import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type Database } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { onCleanup } from './cleanup.ts';
import { parentPid } from './cpu.ts';

export type BenchDb = {
  url: string;
  /** The app's own pool + Drizzle handle (same settings as the server: connect()). */
  database: Database;
  /** `SELECT version()` */
  version: string;
  /** The PostgreSQL server's main process, whose processes' CPU the rows count (cpu.ts). */
  postmasterPid: number;
  /** Closes the pool, stops PostgreSQL and removes its temporary folder; safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * A throw-away embedded PostgreSQL in a fresh temporary folder, migrated and connected. It is
 * stopped and deleted by `stop()`, or by the cleanup hooks if the run fails or is interrupted.
 */
export async function startBenchDb(
  opts: { poolMax?: number; log?: (msg: string) => void } = {},
): Promise<BenchDb> {
  const log = opts.log ?? (() => undefined);
  const dir = await mkdtemp(join(tmpdir(), 'plastrace-bench-'));
  // Registered before PostgreSQL starts, so a Ctrl-C during start-up still stops it (after it is up).
  const started = startEmbeddedPostgres(dir, log);
  let database: Database | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      release();
      await database?.close().catch(() => undefined);
      const pg = await started.catch(() => undefined);
      await pg?.stop();
      await rm(dir, { recursive: true, force: true });
    })();
    return stopping;
  };
  const release = onCleanup(stop);

  try {
    const pg = await started;
    await runMigrations(pg.url);
    database = connect(pg.url, opts.poolMax ? { max: opts.poolMax } : {});
    const { rows } = await database.pool.query<{ version: string; pid: number }>(
      'SELECT version(), pg_backend_pid() AS pid',
    );
    const row = rows[0];
    if (!row) throw new Error('SELECT version() returned nothing');
    // A backend's parent is the postmaster (the embedded server runs on this machine).
    return { url: pg.url, database, version: row.version, postmasterPid: parentPid(row.pid), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
