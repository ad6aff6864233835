import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import { onCleanup } from './cleanup.ts';
import type { CpuUse } from './cpu.ts';
import { type Waits, watchPool } from './waits.ts';
import type { DbWork } from './work.ts';

export type LoadOptions = {
  /** Concurrent HTTP connections. */
  connections: number;
  /** Measured seconds per target. */
  durationS: number;
  /**
   * Seconds of identical load before measuring (results discarded): JIT, pools, caches. A slow route
   * keeps warming until WARMUP_MIN_STEPS requests (or flow steps), up to WARMUP_MAX_FACTOR times as long.
   */
  warmupS: number;
};

/** Requests (or flow steps) a warm-up lasts at least: V8 optimizes code after it has run for a while. */
export const WARMUP_MIN_STEPS = 500;
/** …but it lasts at most this many times --warmup. */
export const WARMUP_MAX_FACTOR = 5;

/** Load options plus the PostgreSQL server whose CPU is counted (0: none). */
export type LoadTarget = LoadOptions & {
  postmasterPid: number;
  /** Also sample where the database's backends wait (waits.ts), on a connection to this URL. */
  waitsUrl?: string;
  /** Also sample this pool's use (the app's, in this thread) during the measured window. */
  pool?: pg.Pool;
};

export type Measurement = {
  /** Mean completed operations per second (requests, records, rows or runs: the scenario's unit). */
  perSecond: number;
  /** Latency of one step (one request, or the requests of one flow step), in ms. */
  p50Ms: number;
  p99Ms: number;
  /** Where a scenario's target is a p95 (timed runs only; autocannon's table has no p95). */
  p95Ms?: number;
  /** Operations completed in the measured window. */
  count: number;
  /** CPU used in the measured window (ms), when it was measured. */
  cpu?: CpuUse;
  /** Where the database's backends (and the app's pool) waited, when sampled. */
  waits?: Waits;
  /** What PostgreSQL did in the measured window, where each statement was run under EXPLAIN (work.ts). */
  work?: DbWork;
};

/** What the load worker (load-worker.ts) is asked to run. */
export type LoadRequest = Omit<LoadTarget, 'pool'> &
  (
    | { kind: 'flow'; module: string; data: unknown }
    | { kind: 'url'; url: string; headers?: Record<string, string> }
  );

/**
 * Runs a load in a worker thread (load-worker.ts): the load generator then does not share an event
 * loop with the server under test (which lives in this process's main thread), and the worker takes
 * its own CPU out of the process's, so `cpu.nodeMs` is the server's. Any failure fails the measurement.
 */
export async function runLoad({ pool, ...request }: LoadRequest & { pool?: pg.Pool }): Promise<Measurement> {
  // Workers do not inherit tsx's loader: the bootstrap registers it, then imports the TypeScript worker.
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./load-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(worker)}); })`;
  const w = new Worker(boot, { eval: true, workerData: request });
  const release = onCleanup(() => w.terminate());
  let watching: ReturnType<typeof watchPool> | undefined;
  try {
    const m = await new Promise<Measurement>((resolve, reject) => {
      w.on('message', (m: { measuring: true } | { ok: Measurement } | { error: string }) => {
        if ('measuring' in m) watching = pool && watchPool(pool);
        else if ('ok' in m) resolve(m.ok);
        else reject(new Error(m.error));
      });
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(`load worker exited with ${code} before reporting`)));
    });
    const used = watching?.stop();
    return used && m.waits ? { ...m, waits: { ...m.waits, pool: used } } : m;
  } finally {
    watching?.stop();
    release();
    await w.terminate();
  }
}

/**
 * Loads one URL with autocannon (in the load worker): a warm-up run, then the measured run. Any
 * error, timeout or non-2xx response fails the measurement.
 */
export function loadUrl(
  url: string,
  opts: LoadTarget,
  headers?: Record<string, string>,
): Promise<Measurement> {
  return runLoad({ ...opts, kind: 'url', url, ...(headers && { headers }) });
}
