import { parseArgs } from 'node:util';
import { RECEIVE_BATCH_MAX } from '@plastrace/shared';
import type { LoadOptions } from './load.ts';

export type QueryOptions = {
  /** Timed runs of each query scenario (after one untimed run); the table shows their median. */
  runs: number;
  /** Stock-ledger rows generated for the inventory scenarios. */
  ledgerRows: number;
  /** Synthetic leaves of the record log for the proof scenario. */
  logLeaves: number;
  /** Lots of the traceability scenarios' generated lineage (half delivered, half made from two each). */
  traceLots: number;
  /** Device readings generated for the readings-day rows. */
  readingsRows: number;
};

export type ScenarioOptions = {
  /** Receive records generated for the list scenarios. */
  receiveRecords: number;
  /** Records per request of the batch-posting rows, one row per size. */
  batchSizes: number[];
  /** Concurrent connections of the batch-posting rows (a few scales or importers, not 50 browsers). */
  batchConnections: number;
};

export type BenchOptions = LoadOptions &
  QueryOptions &
  ScenarioOptions & { json: boolean; only: string[] | undefined; help: boolean };

export const USAGE = `Usage: npm run bench -- [options]

  --duration N      measured seconds per scenario (default 5)
  --warmup N        warm-up seconds before each measurement (default 1; a slow route warms
                    on until 500 requests, at most 5 times as long)
  --connections N   concurrent HTTP connections (default 50)
  --runs N          timed runs of each query scenario, median shown (default 7)
  --ledger-rows N   stock-ledger rows generated for the inventory scenarios (default 1000000)
  --log-leaves N    synthetic record-log leaves for the inclusion-proof row (default 1000000)
  --trace-lots N    lots of the generated lineage for the trace rows (default 1000000)
  --readings-rows N device readings generated for the readings-day rows (default 10000000)
  --receive-records N
                    receive records generated for the list and receive-posting rows (default 1000000)
  --batch-size N    records per request of a batch-posting row (repeatable; default 20 and 100)
  --batch-connections N
                    concurrent connections of the batch-posting rows (default 2)
  --only ID         run only this scenario and its baseline (repeatable)
  --json            print the results as JSON on stdout (header and table then go to stderr)
  -h, --help        show this help`;

function positive(
  name: string,
  raw: string | undefined,
  fallback: number,
  opts: { int?: boolean; zero?: boolean },
) {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  const ok = Number.isFinite(n) && (opts.zero ? n >= 0 : n > 0) && (!opts.int || Number.isInteger(n));
  if (!ok) {
    const what = `${opts.int ? 'a whole number' : 'a number'} ${opts.zero ? '(0 or more)' : 'above 0'}`;
    throw new Error(`--${name} must be ${what}, got "${raw}"`);
  }
  return n;
}

/** The API takes at most RECEIVE_BATCH_MAX records a request. */
function batchSize(raw: string): number {
  const n = positive('batch-size', raw, 0, { int: true });
  if (n > RECEIVE_BATCH_MAX)
    throw new Error(`--batch-size must be at most ${RECEIVE_BATCH_MAX} (the API's limit), got "${raw}"`);
  return n;
}

export function parseOptions(args: string[]): BenchOptions {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      runs: { type: 'string' },
      'ledger-rows': { type: 'string' },
      'log-leaves': { type: 'string' },
      'trace-lots': { type: 'string' },
      'receive-records': { type: 'string' },
      'readings-rows': { type: 'string' },
      'batch-size': { type: 'string', multiple: true },
      'batch-connections': { type: 'string' },
      only: { type: 'string', multiple: true },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  return {
    durationS: positive('duration', values.duration, 5, {}),
    warmupS: positive('warmup', values.warmup, 1, { zero: true }),
    connections: positive('connections', values.connections, 50, { int: true }),
    runs: positive('runs', values.runs, 7, { int: true }),
    ledgerRows: positive('ledger-rows', values['ledger-rows'], 1_000_000, { int: true }),
    logLeaves: positive('log-leaves', values['log-leaves'], 1_000_000, { int: true }),
    traceLots: positive('trace-lots', values['trace-lots'], 1_000_000, { int: true }),
    readingsRows: positive('readings-rows', values['readings-rows'], 10_000_000, { int: true }),
    receiveRecords: positive('receive-records', values['receive-records'], 1_000_000, { int: true }),
    batchSizes: [...new Set((values['batch-size'] ?? ['20', '100']).map(batchSize))],
    batchConnections: positive('batch-connections', values['batch-connections'], 2, { int: true }),
    only: values.only,
    json: values.json,
    help: values.help,
  };
}
