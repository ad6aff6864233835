import { DEMO_PASSWORD } from '../../apps/server/src/seed/data.ts';
import { withResource } from '../lib/cleanup.ts';
import { loadFlow } from '../lib/flow.ts';
import { type BenchContext, loadTarget, type Scenario } from '../lib/scenario.ts';
import { benchApp, signIn } from './app.ts';
import type { DispatchData } from './dispatch-posting.user.ts';
import { masterdata, operatorEmail, pgInsertLoop } from './receive-posting.ts';

/** The bench organization's customer, made once (the demo seed has none the operator could create). */
async function customerOf(ctx: BenchContext, organizationId: string): Promise<string> {
  const { rows } = await ctx.db.database.pool.query<{ id: string }>(
    `INSERT INTO customers (id, organization_id, code, name, type)
     VALUES (gen_random_uuid(), $1, 'BENCH-BUYER', 'Bench Buyer Inc.', 'manufacturer')
     ON CONFLICT (organization_id, code) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [organizationId],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no bench customer');
  return id;
}

/** A dispatch of two lots saved and posted in one request. */
export const dispatchSaveAndPost: Scenario = {
  id: 'dispatch-post',
  name: 'app save + post dispatch, ?post=true (2 lots)',
  unit: 'dispatch',
  baseline: pgInsertLoop.id,
  note: 'app save + post dispatch: POST /api/dispatch-records?post=true loading 2 kg from each of two lots of the virtual user’s own (received untimed before) for a customer at ₱30/kg, signed in as the operator: HTTP, CSRF, session, zod, then one call of dispatch_create (checks, lots locked and withdrawn at average cost, the receivable, the gapless dispatch and delivery receipt numbers, audit and activity rows, the key) and the posted dispatch as the answer.',
  run: (ctx: BenchContext) =>
    withResource(
      () => benchApp(ctx),
      (app) => app.close(),
      async (app) => {
        const { organizationId, ...md } = await masterdata(ctx.db);
        const customer = await customerOf(ctx, organizationId);
        const origin = await app.listen({ host: '127.0.0.1', port: 0 });
        const headers = await signIn(origin, operatorEmail, DEMO_PASSWORD);
        const data: DispatchData = { origin, headers, customer, ...md };
        return loadFlow(
          new URL('./dispatch-posting.user.ts', import.meta.url),
          data,
          loadTarget(ctx, { waits: true }),
        );
      },
    ),
};

export const dispatchPostingScenarios: Scenario[] = [dispatchSaveAndPost];
