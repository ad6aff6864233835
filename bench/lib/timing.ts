import type { Measurement } from './load.ts';
import { measurement } from './stats.ts';

/**
 * Times `fn` run one call after another: one untimed run (plans, caches, JIT), then `runs` timed
 * ones. p50 is the median; with a handful of runs p99 is the slowest; req/s is runs per second.
 */
export async function timeRuns(fn: () => Promise<unknown>, runs: number): Promise<Measurement> {
  await fn();
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
  }
  return measurement(latencies, performance.now() - start);
}
