import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc (Linux): utime + stime, in clock ticks (`getconf CLK_TCK`, normally 100 a
 * second, so 10 ms resolution). Read synchronously on purpose: /proc/thread-self is the thread that
 * reads it, and an asynchronous read would run on a libuv pool thread instead.
 */

let tickMs: number | undefined;

/** Milliseconds per clock tick. */
function msPerTick(): number {
  if (tickMs === undefined) {
    let hz = 100;
    try {
      const n = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
      if (Number.isFinite(n) && n > 0) hz = n;
    } catch {
      // getconf missing: Linux's USER_HZ is 100 on every common architecture.
    }
    tickMs = 1000 / hz;
  }
  return tickMs;
}

/** Clock ticks per second (CLK_TCK): the resolution of every CPU figure. */
export const ticksPerSecond = () => Math.round(1000 / msPerTick());

/** utime, stime, cutime, cstime of a /proc/…/stat file, in ticks; undefined when it is gone. */
function statTimes(path: string): [number, number, number, number] | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended between listing and reading
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // After the name: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17), so index = field − 3.
  return [Number(f[11]), Number(f[12]), Number(f[13]), Number(f[14])];
}

const own = (path: string) => {
  const t = statTimes(path);
  return t ? (t[0] + t[1]) * msPerTick() : 0;
};

/** CPU ms used so far by this whole process: every thread, the load generator's worker included. */
export const processCpuMs = () => own('/proc/self/stat');

/** CPU ms used so far by the calling thread alone. */
export const threadCpuMs = () => own('/proc/thread-self/stat');

function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (existsSync(file)) {
    return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  }
  // Kernels without CONFIG_PROC_CHILDREN: every process whose parent (field 4) is `pid`.
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const s = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/**
 * CPU ms used so far by one PostgreSQL server: the postmaster, its live children (backends,
 * checkpointer, WAL writer, autovacuum…), and the children that ended and were reaped by the
 * postmaster (its cutime + cstime), so a connection closed inside the window still counts.
 */
export function postgresCpuMs(postmasterPid: number): number {
  const pm = statTimes(`/proc/${postmasterPid}/stat`);
  if (!pm) return 0;
  let ticks = pm[0] + pm[1] + pm[2] + pm[3];
  for (const child of childrenOf(postmasterPid)) {
    const t = statTimes(`/proc/${child}/stat`);
    if (t) ticks += t[0] + t[1];
  }
  return ticks * msPerTick();
}

/** The postmaster of a backend: the parent (PPid) of the process serving a connection. */
export function parentPid(pid: number): number {
  const m = /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no PPid in /proc/${pid}/status`);
  return Number(m[1]);
}

export type CpuSample = { process: number; thread: number; postgres: number };

/** What a measured window cost, in CPU ms. */
export type CpuUse = {
  /** The Node process less the load generator's thread: the server under test (or the service called). */
  nodeMs: number;
  /** Every process of the bench's PostgreSQL server. */
  pgMs: number;
  /** The load generator's own thread (HTTP or pg clients); not part of the row's cost. */
  loadMs: number;
};

/** Reads every counter at once; `postmasterPid` 0 means "no PostgreSQL to count". */
export function sampleCpu(postmasterPid: number): CpuSample {
  return {
    thread: threadCpuMs(),
    process: processCpuMs(),
    postgres: postmasterPid ? postgresCpuMs(postmasterPid) : 0,
  };
}

/**
 * The CPU between two samples taken on the same thread. With `loadThread` that thread is the load
 * generator, whose own CPU is taken out of the process's; without it, it all counts (the thread
 * calling the service under test is the one to measure).
 */
export function cpuBetween(a: CpuSample, b: CpuSample, loadThread: boolean): CpuUse {
  const load = loadThread ? b.thread - a.thread : 0;
  return { nodeMs: b.process - a.process - load, pgMs: b.postgres - a.postgres, loadMs: load };
}
