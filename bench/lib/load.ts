import autocannon from 'autocannon';

export type LoadOptions = {
  /** Concurrent HTTP connections. */
  connections: number;
  /** Measured seconds per target. */
  durationS: number;
  /** Seconds of identical load before measuring (results discarded): JIT, pools, caches. */
  warmupS: number;
};

export type Measurement = {
  /** Mean completed operations (here: 2xx responses) per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Operations completed in the measured window. */
  count: number;
};

/**
 * Loads one URL with autocannon: a warm-up run, then the measured run. The load generator runs in
 * a worker thread so it does not share the event loop with the server under test (which lives in
 * this process's main thread). Any error, timeout or non-2xx response fails the measurement.
 */
export async function loadUrl(url: string, opts: LoadOptions): Promise<Measurement> {
  if (opts.warmupS > 0) await fire(url, opts.connections, opts.warmupS);
  const r = await fire(url, opts.connections, opts.durationS);
  const failed = r.errors + r.timeouts + r.non2xx;
  if (failed > 0) {
    throw new Error(
      `${url}: ${failed} failed requests (errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}: ${JSON.stringify(r.statusCodeStats)})`,
    );
  }
  return {
    perSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    count: r.requests.total,
  };
}

function fire(url: string, connections: number, durationS: number): Promise<autocannon.Result> {
  // autocannon's latency histogram has a 1 ms resolution, so p50/p99 are whole milliseconds.
  return autocannon({ url, connections, duration: durationS, workers: 1 });
}
