import { cpuBetween, sampleCpu } from './cpu.ts';
import type { Measurement } from './load.ts';
import { measurement } from './stats.ts';

/**
 * Times `fn` run one call after another in this thread: one untimed run, `fn(false)` (plans, caches,
 * JIT), then `runs` timed ones, `fn(true)`. p50 is the median; with a handful of runs p99 is the slowest; req/s is runs per
 * second (or `opsPerRun` operations a run). CPU counts this whole process (the service runs here) and
 * the PostgreSQL server.
 */
export async function timeRuns(
  fn: (timed: boolean) => Promise<unknown>,
  runs: number,
  postmasterPid: number,
  opsPerRun = 1,
): Promise<Measurement> {
  await fn(false);
  const latencies: number[] = [];
  const before = sampleCpu(postmasterPid);
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(true);
    latencies.push(performance.now() - t);
  }
  const elapsed = performance.now() - start;
  return {
    ...measurement(latencies, elapsed, runs * opsPerRun),
    cpu: cpuBetween(before, sampleCpu(postmasterPid), false),
  };
}
