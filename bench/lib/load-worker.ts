import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { cpuBetween, sampleCpu } from './cpu.ts';
import type { Flow, VirtualUser } from './flow.ts';
import { type LoadRequest, type Measurement, WARMUP_MAX_FACTOR, WARMUP_MIN_STEPS } from './load.ts';
import { measurement } from './stats.ts';
import { type Waits, watchBackends } from './waits.ts';

// Runs inside the worker thread started by runLoad (load.ts): the load generator, on a thread of its
// own so it does not share an event loop with the server under test, and so its CPU can be told apart
// from the server's (this thread's /proc/thread-self counters). CPU is sampled here, at the edges of
// the measured window only.
const req = workerData as LoadRequest;

/** The measured window starts: the main thread starts watching its pool, this thread the backends. */
function measuring() {
  parentPort?.postMessage({ measuring: true });
  const backends = req.waitsUrl ? watchBackends(req.waitsUrl) : undefined;
  const before = sampleCpu(req.postmasterPid);
  return {
    /** CPU taken at once, the wait sampler stopped after. */
    end: async () => {
      const cpu = cpuBetween(before, sampleCpu(req.postmasterPid), true);
      const waits: Waits | undefined = await backends?.stop();
      return { cpu, ...(waits && { waits }) };
    },
  };
}

/**
 * Every user loops on its step until `seconds` have passed (a warm-up: and until WARMUP_MIN_STEPS
 * steps, up to WARMUP_MAX_FACTOR times as long); the measured phase samples CPU and waits.
 */
async function flowPhase(users: VirtualUser[], seconds: number, measured: boolean): Promise<Measurement> {
  const latencies: number[] = [];
  let ops = 0;
  let failure: unknown;
  const window = measured ? measuring() : undefined;
  const start = performance.now();
  const end = start + seconds * 1000;
  const cap = start + seconds * 1000 * WARMUP_MAX_FACTOR;
  const going = () => {
    const now = performance.now();
    return now < end || (!measured && latencies.length < WARMUP_MIN_STEPS && now < cap);
  };
  await Promise.all(
    users.map(async (u) => {
      while (failure === undefined && going()) {
        const t = performance.now();
        let done: unknown;
        try {
          done = await u.step();
        } catch (e) {
          failure ??= e;
          return;
        }
        latencies.push(performance.now() - t);
        ops += typeof done === 'number' ? done : 1;
      }
    }),
  );
  // Until the last operation in flight has finished: operations started before `end` count.
  const elapsedMs = performance.now() - start;
  const used = await window?.end();
  if (failure !== undefined) throw failure;
  return { ...measurement(latencies, elapsedMs, ops), ...used };
}

async function flow(module: string, data: unknown): Promise<Measurement> {
  const make = (await import(module)).default as Flow<unknown>;
  const users = await Promise.all(Array.from({ length: req.connections }, (_, i) => make(data, i)));
  try {
    if (req.warmupS > 0) await flowPhase(users, req.warmupS, false);
    return await flowPhase(users, req.durationS, true);
  } finally {
    await Promise.all(users.map((u) => u.close()));
  }
}

// Off the main thread autocannon answers its raw result (it takes itself for one of its own workers);
// aggregateResult turns that into the usual summary. Missing from @types/autocannon.
const aggregate = (autocannon as unknown as { aggregateResult: AggregateResult }).aggregateResult;
type AggregateResult = (results: unknown[], opts: autocannon.Options) => autocannon.Result;

// autocannon's latency histogram has a 1 ms resolution, so p50/p99 are whole milliseconds.
async function fire(url: string, headers: Record<string, string> | undefined, seconds: number) {
  const opts: autocannon.Options = { url, headers, connections: req.connections, duration: seconds };
  return aggregate([await autocannon(opts)], opts);
}

/** One URL loaded by autocannon, in this thread: a warm-up run (or two), then the measured run. */
async function url(target: string, headers: Record<string, string> | undefined): Promise<Measurement> {
  if (req.warmupS > 0) {
    const w = await fire(target, headers, req.warmupS);
    // A slow route: warm on for the missing requests at the rate seen, within the cap.
    const rate = w.duration > 0 ? w.requests.total / w.duration : 0;
    const more = Math.min(
      req.warmupS * (WARMUP_MAX_FACTOR - 1),
      rate > 0 ? (WARMUP_MIN_STEPS - w.requests.total) / rate : 0,
    );
    if (more >= 0.5) await fire(target, headers, Math.ceil(more));
  }
  const window = measuring();
  const r = await fire(target, headers, req.durationS);
  const used = await window.end();
  const failed = r.errors + r.timeouts + r.non2xx;
  if (failed > 0) {
    throw new Error(
      `${target}: ${failed} failed requests (errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}: ${JSON.stringify(r.statusCodeStats)})`,
    );
  }
  return {
    // Completed requests over the run's length (the per-second samples are not kept off the main thread).
    perSecond: r.duration > 0 ? r.requests.total / r.duration : 0,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    count: r.requests.total,
    ...used,
  };
}

const run = req.kind === 'flow' ? flow(req.module, req.data) : url(req.url, req.headers);
run.then(
  (ok) => parentPort?.postMessage({ ok }),
  (e: unknown) => parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) }),
);
