import assert from 'node:assert/strict';
import { massBalanceQuerySchema, parsePeriod, periodOf, shiftPeriod } from '@plastrace/shared';
import { close, listCloses, view } from '../../apps/server/src/modules/mass-balance/mass-balance.service.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { timeRuns } from '../lib/timing.ts';
import { serviceContext } from './app.ts';
import { type LedgerFixture, ledgerFixture } from './ledger-fixture.ts';

// A facility-quarter mass-balance statement on the generated stock ledger (about --ledger-rows rows over
// two years, across the demo organization's facilities and materials): the last full quarter of the
// facility with the most rows. The target is under 300 ms at 1,000,000 rows.

type Target = { facilityId: string; period: string; from: string; to: string };

const targets = new WeakMap<LedgerFixture, Promise<Target>>();

async function target(ctx: BenchContext, f: LedgerFixture): Promise<Target> {
  let t = targets.get(f);
  if (!t) {
    t = (async () => {
      const { rows } = await ctx.db.database.pool.query<{ facility_id: string; today: string }>(
        `SELECT facility_id, (now() AT TIME ZONE 'Asia/Manila')::date::text AS today FROM stock_movements
         WHERE organization_id = $1 GROUP BY facility_id ORDER BY count(*) DESC LIMIT 1`,
        [f.caller.organizationId],
      );
      const top = rows[0];
      if (!top) throw new Error('the bench ledger is empty');
      const period = shiftPeriod(periodOf(top.today, 'quarter'), -1);
      const p = parsePeriod(period);
      if (!p) throw new Error(`not a period: ${period}`);
      return { facilityId: top.facility_id, period, from: p.start, to: p.end };
    })();
    targets.set(f, t);
  }
  return t;
}

// The plain aggregate over the same index range: the facility's rows of the quarter, summed per material.
const PLAIN = `SELECT material_id, sum(qty_kg)::text AS qty_kg, count(*) AS n FROM stock_movements
  WHERE organization_id = $1 AND facility_id = $2
    AND posted_at >= ($3::date)::timestamp AT TIME ZONE 'Asia/Manila'
    AND posted_at < ($4::date + 1)::timestamp AT TIME ZONE 'Asia/Manila'
  GROUP BY material_id`;

const plain = async (ctx: BenchContext, f: LedgerFixture, t: Target) =>
  (
    await ctx.db.database.pool.query<{ qty_kg: string }>(PLAIN, [
      f.caller.organizationId,
      t.facilityId,
      t.from,
      t.to,
    ])
  ).rows;

const statement = (ctx: BenchContext, f: LedgerFixture, t: Target) =>
  view(
    serviceContext(ctx),
    f.caller,
    massBalanceQuerySchema.parse({ period: t.period, facility_id: t.facilityId }),
  );

const grams = (kg: string) => BigInt(kg.replace('.', ''));

const baseline: Scenario = {
  id: 'mass-balance-quarter-sql',
  name: 'pg SUM … GROUP BY material_id, one facility-quarter',
  unit: 'run',
  run: async (ctx) => {
    const f = await ledgerFixture(ctx);
    const t = await target(ctx, f);
    return timeRuns(() => plain(ctx, f, t), ctx.query.runs, ctx.db.postmasterPid);
  },
};

async function measure(ctx: BenchContext) {
  const f = await ledgerFixture(ctx);
  const t = await target(ctx, f);
  // Only fair if both read the same rows: the period's net per material must match.
  const [s, p] = await Promise.all([statement(ctx, f, t), plain(ctx, f, t)]);
  const net = s.rows.reduce((sum, r) => sum + grams(r.closing_kg) - grams(r.opening_kg), 0n);
  assert.equal(
    net,
    p.reduce((sum, r) => sum + grams(r.qty_kg), 0n),
  );
  return timeRuns(() => statement(ctx, f, t), ctx.query.runs, ctx.db.postmasterPid);
}

const first: Scenario = {
  id: 'mass-balance-quarter-first',
  name: 'app mass balance, facility × quarter, none closed',
  unit: 'run',
  baseline: baseline.id,
  note: 'mass balance: the service behind GET /api/mass-balance?period=YYYY-Qn&facility_id= (organization, facility and close lookups; the ledger per facility × material from the quarter’s start, closing = the per-lot balance cache less what came after; runs, counts; recycled-content credits; exact decimals) for the last full quarter of the facility with most rows, called directly one run after another, on the inventory rows’ generated ledger (--ledger-rows). “none closed”: no earlier period is closed, so the credits’ opening sums the facility’s whole history; “previous closed”: the quarter before is closed first (as the books are in use), and its stored closing is carried. Target: under 300 ms at 1,000,000 rows. Baseline: a plain SUM … GROUP BY material_id over the same facility and quarter, through pg.',
  run: measure,
};

const carried: Scenario = {
  id: 'mass-balance-quarter',
  name: 'app mass balance, facility × quarter, previous closed',
  unit: 'run',
  baseline: baseline.id,
  run: async (ctx) => {
    const f = await ledgerFixture(ctx);
    const t = await target(ctx, f);
    const before = shiftPeriod(t.period, -1);
    const closed = (await listCloses(serviceContext(ctx), f.caller)).items.some(
      (c) => c.period === before && c.facility?.id === t.facilityId && !c.reopened_at,
    );
    if (!closed) await close(serviceContext(ctx), f.caller, { period: before, facility_id: t.facilityId });
    return measure(ctx);
  },
};

export const massBalanceScenarios = [first, carried, baseline];
