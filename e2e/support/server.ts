import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './mail-catcher.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Folder where the test SMTP server writes each received mail as JSON. */
    mailDir: string;
    /** The server's DATA_DIR: its embedded PostgreSQL and the record log's key, for direct checks. */
    dataDir: string;
    /** The server's embedded MQTT broker, for devices (the simulator) to publish to. */
    mqttUrl: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The production build, served by the real server on a random port with its own embedded database. */
export default async function setup(project: TestProject) {
  for (const built of [
    'apps/web/dist/index.html',
    'apps/server/dist/main.js',
    'packages/shared/dist/index.js',
  ])
    if (!existsSync(join(root, built)))
      throw new Error(`${built} is missing: run \`npm run build\` first (npm test does).`);
  const dataDir = await mkdtemp(join(tmpdir(), 'plastrace-e2e-'));
  // The embedded PostgreSQL (as the postgres user, when we are root) must pass through this folder.
  await chmod(dataDir, 0o755);
  const mailDir = join(dataDir, 'mail');
  const smtp = await startMailCatcher(mailDir);
  const port = await freePort();
  const mqttPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // The production build, as `npm start` runs it (scripts/test.mjs builds it first).
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      DATA_DIR: join(dataDir, 'db'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      MQTT_PORT: String(mqttPort),
      // Behind a proxy, as in production: the setup client below sends each organization's sign-up from an
      // address of its own, so the per-address sign-up limit (10 an hour) does not cap the number of flows.
      TRUST_PROXY: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > until) throw new Error(`server not ready in 60 s:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  project.provide('dataDir', join(dataDir, 'db'));
  project.provide('mqttUrl', `mqtt://127.0.0.1:${mqttPort}`);
  return async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
