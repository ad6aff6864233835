/**
 * `npm run bench [-- --duration N --connections N --runs N --ledger-rows N --json]`: every scenario,
 * one after another, on a throw-away embedded PostgreSQL; prints the environment, then a table with
 * each row's ratio to its baseline and the notes that say what rows measure. Add a scenario: write it
 * in scenarios/, append it to SCENARIOS below.
 */
import { cpus } from 'node:os';
import { installSignalHandlers, runCleanups } from './lib/cleanup.ts';
import { startBenchDb } from './lib/db.ts';
import { parseOptions, USAGE } from './lib/options.ts';
import { type BenchContext, runScenarios, type Scenario, selectScenarios } from './lib/scenario.ts';
import { fmtMs, fmtRate, fmtRatio, formatTable } from './lib/table.ts';
import { healthScenarios } from './scenarios/health.ts';
import { inventoryScenarios } from './scenarios/inventory.ts';
import { materialTypesScenarios } from './scenarios/material-types.ts';
import { receivePostingScenarios } from './scenarios/receive-posting.ts';

const SCENARIOS: Scenario[] = [
  ...healthScenarios,
  ...materialTypesScenarios,
  ...receivePostingScenarios,
  ...inventoryScenarios,
];

async function main(): Promise<void> {
  let opts: ReturnType<typeof parseOptions>;
  let scenarios: Scenario[];
  try {
    opts = parseOptions(process.argv.slice(2));
    scenarios = selectScenarios(SCENARIOS, opts.only);
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
      `HTTP and insert loops: ${opts.connections} connections, ${opts.durationS} s each after ${opts.warmupS} s warm-up (single GETs by autocannon, latency resolution 1 ms; flows by bench/lib/flow.ts)`,
    );
    print(
      `queries: ${opts.runs} timed runs after an untimed one, on ${opts.ledgerRows.toLocaleString('en-US')} generated stock-ledger rows`,
    );
    const ctx: BenchContext = { db, load: opts, query: opts, log };
    const results = await runScenarios(scenarios, ctx);

    print('');
    print(
      formatTable(
        [
          { header: 'route' },
          { header: 'req/s', align: 'right' },
          { header: 'p50 ms', align: 'right' },
          { header: 'p99 ms', align: 'right' },
          { header: 'baseline' },
          { header: 'ratio', align: 'right' },
        ],
        results.map((r) => [
          r.name,
          fmtRate(r.perSecond),
          fmtMs(r.p50Ms),
          fmtMs(r.p99Ms),
          r.baseline?.name ?? '',
          r.ratio === undefined ? '' : fmtRatio(r.ratio),
        ]),
      ),
    );
    const notes = results.flatMap((r) => (r.note ? [`- ${r.note}`] : []));
    if (notes.length) print(`\nratio = req/s ÷ the baseline's req/s.\n${notes.join('\n')}`);
    if (opts.json) {
      const load = {
        connections: opts.connections,
        duration_s: opts.durationS,
        warmup_s: opts.warmupS,
        query_runs: opts.runs,
        ledger_rows: opts.ledgerRows,
      };
      const rows = results.map((r) => ({
        id: r.id,
        name: r.name,
        req_per_s: r.perSecond,
        p50_ms: r.p50Ms,
        p99_ms: r.p99Ms,
        requests: r.count,
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
