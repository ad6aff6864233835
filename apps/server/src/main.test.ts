import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './test/db.ts';

// The whole process as `npm start` runs it: embedded PostgreSQL, signals, crash recovery.
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = await mkdtemp(join(tmpdir(), 'plastrace-main-'));
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

type Started = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

async function start(env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, port, output: () => out, exited };
}

async function waitReady(s: Started): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (s.child.exitCode !== null) throw new Error(`server exited early:\n${s.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready in 60 s:\n${s.output()}`);
}

/** Connects straight to the embedded cluster, as an operator with the data directory would. */
async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const pidFile = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  const password = readFileSync(join(dataDir, 'postgres.secret'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(pidFile[3]),
    user: 'plastrace',
    password,
    database: 'plastrace',
  });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = () =>
  Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (existsSync(join(dataDir, 'postgres', 'postmaster.pid'))) {
    const pid = postmasterPid();
    if (alive(pid)) process.kill(pid, 'SIGQUIT');
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start on the embedded PostgreSQL', () => {
  it('starts on an empty data directory and seeds the demo organization once', async () => {
    const s = await start();
    await waitReady(s);
    expect(s.output()).toContain('seeded the demo organization');
    expect(s.output()).toMatch(/sign in at http:\/\/localhost:\d+ with admin@demo\.plastrace\.ph \(admin\)/);
    await query("INSERT INTO organizations (id, name, slug) VALUES (gen_random_uuid(), 'Marker', 'marker')");
    const page = await fetch(`http://127.0.0.1:${s.port}/api/calculations/material-types?limit=1`);
    expect(page.status).toBe(200);

    // SIGKILL: no chance to stop postgres, which lives on as an orphan holding the data directory.
    s.child.kill('SIGKILL');
    await s.exited;
    const orphan = postmasterPid();
    expect(alive(orphan)).toBe(true);

    const again = await start();
    await waitReady(again);
    expect(again.output()).toContain('orphaned PostgreSQL');
    expect(again.output()).not.toContain('seeded the demo organization');
    expect(alive(orphan)).toBe(false);
    const orgs = await query<{ slug: string }>('SELECT slug FROM organizations ORDER BY slug');
    expect(orgs.map((o) => o.slug)).toEqual(['demo', 'marker']);

    // A second app on the same data directory must not take the database away from the first.
    const second = await start();
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('Another PlasTrace process');
    expect((await fetch(`http://127.0.0.1:${again.port}/api/ready`)).status).toBe(200);

    // Kill the app and its postgres too (a power cut, near enough): crash recovery, data intact.
    const pid = postmasterPid();
    again.child.kill('SIGKILL');
    process.kill(pid, 'SIGKILL');
    await again.exited;
    const third = await start({ SEED_DEMO: 'false' });
    await waitReady(third);
    expect((await query<{ n: number }>('SELECT count(*)::int AS n FROM organizations'))[0]?.n).toBe(2);

    // SIGTERM: graceful stop of the app, then of postgres.
    const pgPid = postmasterPid();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(alive(pgPid)).toBe(false);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('prints one line per bad setting and exits 1', async () => {
    const s = await start({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(await s.exited).toBe(1);
    expect(s.output()).toContain('PORT="abc": must be a number');
    expect(s.output()).toContain('LOG_LEVEL="loud": must be one of');
  });
});

describe('npm start on a DATABASE_URL server', () => {
  it('migrates it and never seeds it unless SEED_DEMO=true', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const s = await start({ DATABASE_URL: database.url });
      await waitReady(s);
      expect(s.output()).not.toContain('seeded the demo organization');
      s.child.kill('SIGTERM');
      expect(await s.exited).toBe(0);
      const orgs = await database.db.execute(sql`SELECT count(*)::int AS n FROM organizations`);
      expect(orgs.rows[0]).toEqual({ n: 0 });

      const asked = await start({ DATABASE_URL: database.url, SEED_DEMO: 'true' });
      await waitReady(asked);
      expect(asked.output()).toContain('seeded the demo organization');
      asked.child.kill('SIGTERM');
      expect(await asked.exited).toBe(0);
    } finally {
      await database.drop();
    }
  }, 120_000);
});

describe('a DATA_DIR the postgres user cannot reach', () => {
  // Only root hands PostgreSQL to the postgres user, so only root can be refused this way.
  it.skipIf(process.getuid?.() !== 0)('is refused with a clear message (when running as root)', async () => {
    const locked = await mkdtemp(join(tmpdir(), 'plastrace-locked-')); // mode 0700
    try {
      const s = await start({ DATA_DIR: join(locked, 'data') });
      expect(await s.exited).toBe(1);
      expect(s.output()).toContain(`cannot enter ${locked}`);
      expect(s.output()).toContain('chmod o+x');
    } finally {
      await rm(locked, { recursive: true, force: true });
    }
  });
});
