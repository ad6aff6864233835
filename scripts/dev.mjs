// `npm run dev`: the API with --watch on API_PORT (3001) and Vite with hot reload on PORT (3000), which
// proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = {
  ...process.env,
  API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
};

const children = [
  spawn('npm', ['run', 'dev', '--workspace', 'apps/server'], {
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web', '--', '--port', port, '--strictPort'], {
    stdio: 'inherit',
    env,
  }),
];

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
