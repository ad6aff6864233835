import type { BenchDb } from './db.ts';
import type { LoadOptions, LoadTarget, Measurement } from './load.ts';
import type { QueryOptions, ScenarioOptions } from './options.ts';

export type BenchContext = {
  db: BenchDb;
  load: LoadOptions;
  query: QueryOptions;
  /** Sizes of the receive-record scenarios (fixture, batches). */
  receive: ScenarioOptions;
  /** Progress messages (stderr). */
  log: (msg: string) => void;
};

/**
 * The run's load options (or some of them overridden) with the PostgreSQL server whose CPU counts;
 * with `waits`, the measured window also samples where the backends and the app's pool wait.
 */
export const loadTarget = (
  ctx: BenchContext,
  { waits, ...over }: Partial<LoadOptions> & { waits?: boolean } = {},
): LoadTarget => ({
  ...ctx.load,
  ...over,
  postmasterPid: ctx.db.postmasterPid,
  ...(waits && { waitsUrl: ctx.db.url, pool: ctx.db.database.pool }),
});

/**
 * One row of the results table. `run` does everything itself (start a server, load it, close it,
 * or time a loop of queries) and returns the numbers; scenarios run one after another, never in
 * parallel. `baseline` names the id of the row this one is compared with (ratio = this / baseline).
 */
export type Scenario = {
  id: string;
  /** Label in the table's first column. */
  name: string;
  /** What one operation is (the rate and the CPU per operation count these); default "request". */
  unit?: string;
  baseline?: string;
  /** Printed under the table: what the row measures, when the columns alone do not say it. */
  note?: string | (() => string | undefined);
  run: (ctx: BenchContext) => Promise<Measurement>;
};

/** CPU milliseconds per operation. */
export type CpuPerOp = { node: number; postgres: number; total: number };

export type ScenarioResult = Measurement & {
  id: string;
  name: string;
  unit: string;
  note?: string;
  baseline?: { id: string; name: string };
  /** perSecond / the baseline's perSecond */
  ratio?: number;
  cpuPerOp?: CpuPerOp;
};

/** Keeps the scenarios named in `only` (ids) plus the baselines they are compared with. */
export function selectScenarios(all: Scenario[], only: string[] | undefined): Scenario[] {
  const ids = new Set(all.map((s) => s.id));
  if (ids.size !== all.length) throw new Error('Two scenarios share an id');
  for (const s of all) {
    if (s.baseline && !ids.has(s.baseline)) throw new Error(`${s.id}: unknown baseline ${s.baseline}`);
  }
  if (!only?.length) return all;
  const unknown = only.filter((id) => !ids.has(id));
  if (unknown.length)
    throw new Error(`Unknown scenario ${unknown.join(', ')}; known: ${[...ids].join(', ')}`);
  const keep = new Set(only);
  for (const s of all) if (keep.has(s.id) && s.baseline) keep.add(s.baseline);
  return all.filter((s) => keep.has(s.id));
}

function perOp(m: Measurement): CpuPerOp | undefined {
  if (!m.cpu || m.count <= 0) return undefined;
  const node = m.cpu.nodeMs / m.count;
  const postgres = m.cpu.pgMs / m.count;
  return { node, postgres, total: node + postgres };
}

/** Runs the scenarios in order, one at a time, then relates each to its baseline. */
export async function runScenarios(scenarios: Scenario[], ctx: BenchContext): Promise<ScenarioResult[]> {
  const measured = new Map<string, Measurement>();
  for (const [i, s] of scenarios.entries()) {
    ctx.log(`[${i + 1}/${scenarios.length}] ${s.name}`);
    measured.set(s.id, await s.run(ctx));
  }
  return scenarios.map((s) => {
    const m = measured.get(s.id) as Measurement;
    const base = s.baseline ? scenarios.find((b) => b.id === s.baseline) : undefined;
    const baseM = base && measured.get(base.id);
    const note = typeof s.note === 'function' ? s.note() : s.note;
    const cpuPerOp = perOp(m);
    return {
      id: s.id,
      name: s.name,
      unit: s.unit ?? 'request',
      ...(note && { note }),
      ...m,
      ...(base && { baseline: { id: base.id, name: base.name } }),
      ...(baseM && baseM.perSecond > 0 && { ratio: m.perSecond / baseM.perSecond }),
      ...(cpuPerOp && { cpuPerOp }),
    };
  });
}
