import { DEMO_PASSWORD } from '../../apps/server/src/seed/data.ts';
import { withResource } from '../lib/cleanup.ts';
import { loadFlow } from '../lib/flow.ts';
import { type BenchContext, loadTarget, type Scenario } from '../lib/scenario.ts';
import { benchApp, signIn } from './app.ts';
import type { ProductionData } from './production-posting.user.ts';
import { masterdata, operatorEmail, pgInsertLoop } from './receive-posting.ts';

/** A production run saved and posted in one request: 3 input lots, 2 output lots, a loss. */
export const productionSaveAndPost: Scenario = {
  id: 'production-post',
  name: 'app save + post production run, ?post=true (3 in, 2 out)',
  unit: 'run',
  baseline: pgInsertLoop.id,
  note: 'app save + post production run: POST /api/production-records?post=true taking 3 kg from each of three lots of the virtual user’s own (received untimed before), making two output lots and a loss, signed in as the operator: HTTP, CSRF, session, zod, then one call of production_create (checks, inputs locked and withdrawn at average cost, two lots and their stock-in, lineage in grams, gapless record number and lot codes, audit and activity rows, the key) and the posted run as the answer. Issue row: posting a production record with 3 inputs and 2 outputs at 50 connections, with its ratio to the insert loop.',
  run: (ctx: BenchContext) =>
    withResource(
      () => benchApp(ctx),
      (app) => app.close(),
      async (app) => {
        const { organizationId: _, ...md } = await masterdata(ctx.db);
        const origin = await app.listen({ host: '127.0.0.1', port: 0 });
        const headers = await signIn(origin, operatorEmail, DEMO_PASSWORD);
        const data: ProductionData = { origin, headers, ...md };
        return loadFlow(
          new URL('./production-posting.user.ts', import.meta.url),
          data,
          loadTarget(ctx, { waits: true }),
        );
      },
    ),
};

export const productionPostingScenarios: Scenario[] = [productionSaveAndPost];
