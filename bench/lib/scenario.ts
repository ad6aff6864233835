import type { BenchDb } from './db.ts';
import type { LoadOptions, Measurement } from './load.ts';
import type { QueryOptions } from './options.ts';

export type BenchContext = {
  db: BenchDb;
  load: LoadOptions;
  query: QueryOptions;
  /** Progress messages (stderr). */
  log: (msg: string) => void;
};

/**
 * One row of the results table. `run` does everything itself (start a server, load it, close it,
 * or time a loop of queries) and returns the numbers; scenarios run one after another, never in
 * parallel. `baseline` names the id of the row this one is compared with (ratio = this / baseline).
 */
export type Scenario = {
  id: string;
  /** Label in the table's first column. */
  name: string;
  baseline?: string;
  /** Printed under the table: what the row measures, when the columns alone do not say it. */
  note?: string;
  run: (ctx: BenchContext) => Promise<Measurement>;
};

export type ScenarioResult = Measurement & {
  id: string;
  name: string;
  note?: string;
  baseline?: { id: string; name: string };
  /** perSecond / the baseline's perSecond */
  ratio?: number;
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
    return {
      id: s.id,
      name: s.name,
      ...(s.note && { note: s.note }),
      ...m,
      ...(base && { baseline: { id: base.id, name: base.name } }),
      ...(baseM && baseM.perSecond > 0 && { ratio: m.perSecond / baseM.perSecond }),
    };
  });
}
