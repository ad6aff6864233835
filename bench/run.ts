/**
 * `npm run bench [-- --duration N --connections N --runs N --ledger-rows N --receive-records N --json]`:
 * every scenario, one after another, on a throw-away embedded PostgreSQL; prints the environment,
 * then a table with each row's rate, latency and CPU per operation, its ratio to its baseline, and
 * the notes that say what rows measure. Add a scenario: write it in scenarios/, add it to
 * scenarios() below.
 */
import { cpus } from 'node:os';
import { installSignalHandlers, runCleanups } from './lib/cleanup.ts';
import { ticksPerSecond } from './lib/cpu.ts';
import { startBenchDb } from './lib/db.ts';
import { WARMUP_MAX_FACTOR, WARMUP_MIN_STEPS } from './lib/load.ts';
import { parseOptions, USAGE } from './lib/options.ts';
import { type BenchContext, runScenarios, type Scenario, selectScenarios } from './lib/scenario.ts';
import { fmtCpu, fmtMs, fmtRate, fmtRatio, formatTable } from './lib/table.ts';
import { describeWaits } from './lib/waits.ts';
import { describeWork } from './lib/work.ts';
import { analyticsScenarios } from './scenarios/analytics.ts';
import { dashboardScenarios } from './scenarios/dashboard.ts';
import { dispatchPostingScenarios } from './scenarios/dispatch-posting.ts';
import { healthScenarios } from './scenarios/health.ts';
import { inventoryScenarios } from './scenarios/inventory.ts';
import { massBalanceScenarios } from './scenarios/mass-balance.ts';
import { materialTypesScenarios } from './scenarios/material-types.ts';
import { postingWorkScenarios } from './scenarios/posting-work.ts';
import { productionPostingScenarios } from './scenarios/production-posting.ts';
import { readingsScenarios } from './scenarios/readings.ts';
import { receiveListScenarios } from './scenarios/receive-list.ts';
import { receivePostingScenarios } from './scenarios/receive-posting.ts';
import { recordLogScenarios } from './scenarios/record-log.ts';
import { traceScenarios } from './scenarios/trace.ts';

/** Every row, in the order they run (the batch rows depend on --batch-size). */
const scenarios = (opts: ReturnType<typeof parseOptions>): Scenario[] => [
  // First: they build the record log's tree on an empty log; the posting rows append to it.
  ...recordLogScenarios,
  ...traceScenarios,
  ...healthScenarios,
  ...materialTypesScenarios,
  ...receiveListScenarios,
  ...receivePostingScenarios(opts),
  ...productionPostingScenarios,
  ...dispatchPostingScenarios,
  ...postingWorkScenarios,
  ...inventoryScenarios,
  ...massBalanceScenarios,
  ...dashboardScenarios,
  ...analyticsScenarios,
  ...readingsScenarios,
];

async function main(): Promise<void> {
  let opts: ReturnType<typeof parseOptions>;
  let selected: Scenario[];
  try {
    opts = parseOptions(process.argv.slice(2));
    selected = selectScenarios(scenarios(opts), opts.only);
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (opts.help) {
    console.log(USAGE);
    return;
  }
  // With --json, stdout carries only the JSON document.
  const print = opts.json ? (s: string) => console.error(s) : (s: string) => console.log(s);
  const log = (s: string) => console.error(s);

  installSignalHandlers();
  log('starting the embedded PostgreSQL…');
  const db = await startBenchDb();
  try {
    const env = {
      node: process.version,
      cpus: cpus().length,
      cpu: cpus()[0]?.model.trim() ?? '',
      postgres: db.version,
    };
    print(`node ${env.node} | ${env.cpus} CPUs (${env.cpu}) | ${env.postgres}`);
    print(
      `HTTP and insert loops: ${opts.connections} connections, ${opts.durationS} s each after ${opts.warmupS} s warm-up (longer for slow routes: ${WARMUP_MIN_STEPS} requests, at most ${WARMUP_MAX_FACTOR}×); single GETs by autocannon (latency resolution 1 ms), flows by bench/lib/flow.ts, both in a worker thread`,
    );
    print(
      `queries: ${opts.runs} timed runs after an untimed one, on ${opts.ledgerRows.toLocaleString('en-US')} generated stock-ledger rows; lists on ${opts.receiveRecords.toLocaleString('en-US')} generated receive records`,
    );
    print(
      `batch posting: ${opts.batchSizes.join(' and ')} records a request from ${opts.batchConnections} connections`,
    );
    const ctx: BenchContext = { db, load: opts, query: opts, receive: opts, log };
    const started = performance.now();
    const results = await runScenarios(selected, ctx);

    print('');
    print(
      formatTable(
        [
          { header: 'route' },
          { header: 'op' },
          { header: 'op/s', align: 'right' },
          { header: 'p50 ms', align: 'right' },
          { header: 'p99 ms', align: 'right' },
          { header: 'node ms/op', align: 'right' },
          { header: 'pg ms/op', align: 'right' },
          { header: 'cpu ms/op', align: 'right' },
          { header: 'baseline' },
          { header: 'ratio', align: 'right' },
        ],
        results.map((r) => [
          r.name,
          r.unit,
          fmtRate(r.perSecond),
          fmtMs(r.p50Ms),
          fmtMs(r.p99Ms),
          r.cpuPerOp ? fmtCpu(r.cpuPerOp.node) : '',
          r.cpuPerOp ? fmtCpu(r.cpuPerOp.postgres) : '',
          r.cpuPerOp ? fmtCpu(r.cpuPerOp.total) : '',
          r.baseline?.name ?? '',
          r.ratio === undefined ? '' : fmtRatio(r.ratio),
        ]),
      ),
    );
    const notes = results.flatMap((r) => [
      ...(r.note ? [`- ${r.note}`] : []),
      ...(r.waits ? [`  ${r.name}: ${describeWaits(r.waits)}`] : []),
      ...(r.work ? [`  ${r.name}: ${describeWork(r.work, r.count, r.unit)}`] : []),
    ]);
    print(
      `\nop/s = operations (the op column) per second; p50/p99 = latency of one request (or one flow step); ratio = op/s ÷ the baseline's op/s. CPU ms/op = CPU time in the measured window ÷ operations completed in it, from /proc (utime + stime, CLK_TCK ${ticksPerSecond()}/s): node = this Node process less the load generator's thread (so the server under test, or the service called); pg = the bench's PostgreSQL server, postmaster and every child (backends, WAL writer, checkpointer, autovacuum), ended children included; cpu = both. The machine is shared: rates swing, CPU per operation is steadier.`,
    );
    if (notes.length) print(notes.join('\n'));
    log(`ran ${selected.length} scenarios in ${Math.round((performance.now() - started) / 1000)} s`);
    if (opts.json) {
      const load = {
        connections: opts.connections,
        duration_s: opts.durationS,
        warmup_s: opts.warmupS,
        query_runs: opts.runs,
        ledger_rows: opts.ledgerRows,
        receive_records: opts.receiveRecords,
        batch_sizes: opts.batchSizes,
        batch_connections: opts.batchConnections,
      };
      const rows = results.map((r) => ({
        id: r.id,
        name: r.name,
        // Operations (see unit) per second and in the window; named as before units existed.
        req_per_s: r.perSecond,
        p50_ms: r.p50Ms,
        p99_ms: r.p99Ms,
        requests: r.count,
        unit: r.unit,
        cpu_ms_per_op: r.cpuPerOp
          ? { node: r.cpuPerOp.node, postgres: r.cpuPerOp.postgres, total: r.cpuPerOp.total }
          : null,
        cpu_ms: r.cpu ? { node: r.cpu.nodeMs, postgres: r.cpu.pgMs, load_generator: r.cpu.loadMs } : null,
        waits: r.waits ?? null,
        work: r.work ?? null,
        baseline: r.baseline?.id ?? null,
        ratio: r.ratio ?? null,
        note: r.note ?? null,
      }));
      console.log(JSON.stringify({ ...env, ...load, results: rows }, null, 2));
    }
  } finally {
    await db.stop();
  }
}

main().catch(async (e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : e);
  await runCleanups();
  process.exitCode = 1;
});
