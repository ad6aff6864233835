import { Worker } from 'node:worker_threads';
import { onCleanup } from './cleanup.ts';
import type { LoadOptions, Measurement } from './load.ts';
import { measurement } from './stats.ts';

/** One connection's worth of load: `step` is one operation (one or several requests), timed as a whole. */
export type VirtualUser = { step: () => Promise<void>; close: () => Promise<void> };

/** What a flow module default-exports: the `index`-th virtual user, opening its own connection. */
export type Flow<D> = (data: D, index: number) => Promise<VirtualUser>;

export type FlowResult = { latencies: number[]; elapsedMs: number };
export type FlowRequest = LoadOptions & { module: string; data: unknown };

/**
 * Runs `opts.connections` virtual users of a flow module for a warm-up, then for the measured
 * seconds, each looping over its `step`. Like autocannon it runs in a worker thread, so the load
 * does not share an event loop with a server in this thread; any failed step fails the measurement.
 * For operations autocannon cannot express: several dependent requests, or a database client.
 */
export async function loadFlow<D>(module: URL, data: D, opts: LoadOptions): Promise<Measurement> {
  // Workers do not inherit tsx's loader: the bootstrap registers it, then imports the TypeScript worker.
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./flow-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(worker)}); })`;
  const request: FlowRequest = { ...opts, module: module.href, data };
  const w = new Worker(boot, { eval: true, workerData: request });
  const release = onCleanup(() => w.terminate());
  try {
    const result = await new Promise<FlowResult>((resolve, reject) => {
      w.once('message', (m: { ok: FlowResult } | { error: string }) =>
        'ok' in m ? resolve(m.ok) : reject(new Error(m.error)),
      );
      w.once('error', reject);
      w.once('exit', (code) => reject(new Error(`load worker exited with ${code} before reporting`)));
    });
    return measurement(result.latencies, result.elapsedMs);
  } finally {
    release();
    await w.terminate();
  }
}
