import assert from 'node:assert/strict';
import { analyticsIntakeQuerySchema } from '@plastrace/shared';
import { intake } from '../../apps/server/src/modules/analytics/analytics.service.ts';
import { refreshAllFacts } from '../../apps/server/src/modules/facts/facts.repo.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { timeRuns } from '../lib/timing.ts';
import { serviceContext } from './app.ts';
import { admin } from './ledger-fixture.ts';
import { type ReceiveFixture, receiveFixture } from './receive-fixture.ts';

// Twelve months of intake by material, by month, on the generated receive records (--records posted over two
// years, each with its lot, stock movement and payable). The target is under 200 ms p95 at 1,000,000 rows.

const range = () => {
  const to = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const [y, m] = to.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 12, 1)).toISOString().slice(0, 10);
  return { from, to };
};

const PLAIN = `SELECT date_trunc('month', r.received_at AT TIME ZONE 'Asia/Manila')::date AS month, l.material_id,
    sum(l.net_kg)::text AS kg
  FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
  WHERE r.organization_id = $1 AND r.status = 'posted'
    AND r.received_at >= ($2::date)::timestamp AT TIME ZONE 'Asia/Manila'
    AND r.received_at < ($3::date + 1)::timestamp AT TIME ZONE 'Asia/Manila'
  GROUP BY 1, 2`;

const plain = (ctx: BenchContext, f: ReceiveFixture) => {
  const { from, to } = range();
  return ctx.db.database.pool.query<{ kg: string }>(PLAIN, [f.organizationId, from, to]);
};

const baseline: Scenario = {
  id: 'analytics-intake-sql',
  name: 'pg SUM … GROUP BY month, material over 12 months of receive lines',
  unit: 'run',
  run: async (ctx) => {
    const f = await receiveFixture(ctx);
    return timeRuns(() => plain(ctx, f), ctx.query.runs, ctx.db.postmasterPid);
  },
};

const grams = (kg: string) => BigInt(Number(kg).toFixed(3).replace('.', ''));

const NOTE =
  'analytics: the service behind GET /api/analytics/intake?by=material&group=month over the last twelve calendar months (one GROUP BY … GROUPING SETS over the daily facts, whole months as their monthly sums; labels joined after), called directly one after another on the generated receive records (--records), after the daily facts were refreshed as the background worker keeps them. Target: under 200 ms p95 at 1,000,000 records. Baseline: the plain SUM of the same receive lines grouped by month and material, through pg.';

/** The intake row, with today's facts refreshed or, with `marked`, marked as a posting leaves them. */
const intakeRow = (marked: boolean): Scenario => ({
  id: marked ? 'analytics-intake-marked' : 'analytics-intake-12-months',
  name: marked
    ? 'app analytics: the same, today marked (computed live)'
    : 'app analytics: 12 months of intake by material, by month (facts refreshed)',
  unit: 'run',
  baseline: baseline.id,
  note: marked
    ? 'analytics, today marked: the same call while today carries a facts mark, as it does from a posting until the worker’s next round: readers compute a marked day from the records themselves (pt_facts_of for that day), the rest from the cache.'
    : NOTE,
  run: async (ctx) => {
    const f = await receiveFixture(ctx);
    const { pool } = ctx.db.database;
    const caller = await admin(pool, f.organizationId);
    const q = analyticsIntakeQuerySchema.parse({ ...range(), by: 'material', group: 'month' });
    const call = () => intake(serviceContext(ctx), caller, q);
    if (marked)
      await pool.query('INSERT INTO fact_marks (organization_id, day) VALUES ($1, $2)', [
        f.organizationId,
        q.to,
      ]);
    try {
      // Fair only if both read the same rows: the twelve months' net kg must match to the gram.
      const answer = await call();
      const total = (await plain(ctx, f)).rows.reduce((s, r) => s + grams(r.kg), 0n);
      assert.equal(grams(answer.totals.kg_net), total);
      return await timeRuns(call, ctx.query.runs, ctx.db.postmasterPid);
    } finally {
      if (marked) await refreshAllFacts(ctx.db.database.db);
    }
  },
});

export const analyticsScenarios = [intakeRow(false), intakeRow(true), baseline];
