import assert from 'node:assert/strict';
import { operations } from '../../apps/server/src/modules/dashboard/dashboard.service.ts';
import { refreshAllFacts } from '../../apps/server/src/modules/facts/facts.repo.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { timeRuns } from '../lib/timing.ts';
import { serviceContext } from './app.ts';
import { type LedgerFixture, ledgerFixture } from './ledger-fixture.ts';

// The dashboard's operations on the generated stock ledger (--ledger-rows over two years): stock on hand by
// material, flows and money from the daily facts. The target is under 200 ms p95 at 1,000,000 ledger rows.

const ready = new WeakMap<LedgerFixture, Promise<void>>();

/** The steady state: the cache refreshed, as the app's worker keeps it (the fixture's rows marked every day). */
function refreshed(ctx: BenchContext, f: LedgerFixture) {
  let p = ready.get(f);
  if (!p) {
    p = refreshAllFacts(ctx.db.database.db).then(() => undefined);
    ready.set(f, p);
  }
  return p;
}

// Through today: the generated ledger also holds withdrawals dated up to nine days ahead.
const PLAIN = `SELECT material_id, sum(qty_kg)::text AS kg, sum(value_php)::text AS value FROM stock_movements
  WHERE organization_id = $1
    AND posted_at < ((now() AT TIME ZONE 'Asia/Manila')::date + 1)::timestamp AT TIME ZONE 'Asia/Manila'
  GROUP BY material_id`;

const baseline: Scenario = {
  id: 'dashboard-stock-sql',
  name: 'pg SUM … GROUP BY material_id over the whole stock ledger',
  unit: 'run',
  run: async (ctx) => {
    const f = await ledgerFixture(ctx);
    return timeRuns(
      () => ctx.db.database.pool.query(PLAIN, [f.caller.organizationId]),
      ctx.query.runs,
      ctx.db.postmasterPid,
    );
  },
};

const summary: Scenario = {
  id: 'dashboard-operations',
  name: 'app dashboard operations (facts refreshed)',
  unit: 'run',
  baseline: baseline.id,
  note: 'dashboard: the service behind the operations part of GET /api/dashboard/summary (periods, twelve months of received/run/dispatched facts in one pass, stock and value by material through today, payables and receivables, credits of the year, eight alert counts), called directly one after another on the generated ledger (--ledger-rows), after the daily facts were refreshed as the background worker keeps them. Target: under 200 ms p95 at 1,000,000 ledger rows. Baseline: a plain SUM … GROUP BY material_id over the organization’s whole stock ledger, through pg — what the stock figure would cost without the facts.',
  run: async (ctx) => {
    const f = await ledgerFixture(ctx);
    await refreshed(ctx, f);
    const ops = await operations(serviceContext(ctx), f.caller);
    const plain = (await ctx.db.database.pool.query<{ kg: string }>(PLAIN, [f.caller.organizationId])).rows;
    const grams = (kg: string) => BigInt(Number(kg).toFixed(3).replace('.', ''));
    // Fair only if both read the same ledger: stock on hand must match to the gram.
    assert.equal(
      grams(ops.stock.total_kg),
      plain.reduce((s, r) => s + grams(r.kg), 0n),
    );
    return timeRuns(() => operations(serviceContext(ctx), f.caller), ctx.query.runs, ctx.db.postmasterPid);
  },
};

export const dashboardScenarios = [summary, baseline];
