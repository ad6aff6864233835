import type { Measurement } from './load.ts';

/** Nearest-rank percentile (0–100) of ascending values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/**
 * Steps completed in `elapsedMs`, with the latency of each (ms), as a table row's numbers; `ops` is
 * the operations they completed (default one per step), which the rate counts.
 */
export function measurement(latenciesMs: number[], elapsedMs: number, ops = latenciesMs.length): Measurement {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    perSecond: elapsedMs > 0 ? (ops * 1000) / elapsedMs : 0,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    p95Ms: percentile(sorted, 95),
    count: ops,
  };
}
