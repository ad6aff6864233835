import pg from 'pg';

/** Where the time went in a measured window, sampled every few milliseconds. */
export type Waits = {
  /** Samples of pg_stat_activity taken. */
  samples: number;
  /**
   * Mean number of the database's client backends (the sampler's own left out) per sample in each
   * state: "CPU" (running a statement, not waiting), a wait event ("Lock:transactionid": a row lock
   * held by another transaction; "IO:WalSync": a commit's flush), or "idle in transaction".
   */
  backends: Record<string, number>;
  /** The app's pool, when watched: mean connections checked out, mean requests queued for one. */
  pool?: { size: number; busy: number; waiting: number };
};

const ACTIVITY = `SELECT state, wait_event_type, wait_event FROM pg_stat_activity
  WHERE backend_type = 'client backend' AND datname = current_database() AND pid <> pg_backend_pid()
    AND state <> 'idle'`;

/** Samples the database's backends on a connection of its own until `stop()`. */
export function watchBackends(url: string, everyMs = 20) {
  let running = true;
  const counts = new Map<string, number>();
  let samples = 0;
  const done = (async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      while (running) {
        const { rows } = await client.query<{
          state: string;
          wait_event_type: string | null;
          wait_event: string | null;
        }>(ACTIVITY);
        samples++;
        for (const r of rows) {
          const key =
            r.state === 'active' && !r.wait_event
              ? 'CPU'
              : r.state === 'active'
                ? `${r.wait_event_type}:${r.wait_event}`
                : r.state;
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        await new Promise((resolve) => setTimeout(resolve, everyMs));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    stop: async (): Promise<Waits> => {
      running = false;
      await done;
      const backends = Object.fromEntries(
        [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => [k, samples ? n / samples : 0]),
      );
      return { samples, backends };
    },
  };
}

/** Samples a pg pool's use until `stop()` (in the thread that owns the pool). */
export function watchPool(pool: pg.Pool, everyMs = 10) {
  let samples = 0;
  let busy = 0;
  let waiting = 0;
  const timer = setInterval(() => {
    samples++;
    busy += pool.totalCount - pool.idleCount;
    waiting += pool.waitingCount;
  }, everyMs);
  return {
    stop: (): Waits['pool'] => {
      clearInterval(timer);
      return {
        size: pool.options.max,
        busy: samples ? busy / samples : 0,
        waiting: samples ? waiting / samples : 0,
      };
    },
  };
}

const n = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(1));

/** "backends: 6.6 Lock:transactionid, 0.6 CPU, 0.5 IO:WalSync; app pool: 8.7 of 10 busy, 31 queued" */
export function describeWaits(w: Waits): string {
  const states = Object.entries(w.backends).filter(([, v]) => v >= 0.05);
  const backends = states.length ? states.map(([k, v]) => `${n(v)} ${k}`).join(', ') : 'none busy';
  const pool = w.pool
    ? `; app pool: ${n(w.pool.busy)} of ${w.pool.size} connections busy, ${n(w.pool.waiting)} queries queued for one`
    : '';
  return `PostgreSQL backends (mean number in each state, ${w.samples} samples of pg_stat_activity): ${backends}${pool}`;
}
