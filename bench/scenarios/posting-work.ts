import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withResource } from '../lib/cleanup.ts';
import type { Measurement } from '../lib/load.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { timeRuns } from '../lib/timing.ts';
import { type DbWork, explainWork, noWork } from '../lib/work.ts';
import { shredding } from './production-posting.user.ts';
import { receiveFixture } from './receive-fixture.ts';
import { operatorEmail } from './receive-posting.ts';
import { delivery } from './receive-posting.user.ts';

/** Calls before the measured ones: each statement of the posting functions planned, as in a connection in use. */
const WARMUP_CALLS = 20;
const BATCH = 20;

type Call = { sql: string; values: unknown[] };
/** One posting function's calls: `next(n)` is the n-th, `perCall` the operations each posts. */
type Poster = { perCall: number; calls: number; next: (n: number) => Call };
type Org = Awaited<ReturnType<typeof receiveFixture>> & { userId: string; client: pg.Client };

const RECEIVE_ROUTE = 'receive-records:create';
const fn = (name: string, payload: object): Call => ({
  sql: `SELECT ${name}($1::jsonb)`,
  values: [JSON.stringify(payload)],
});

/**
 * Posts through one posting function on one connection of its own, the call as the service sends it,
 * each statement under EXPLAIN (ANALYZE, BUFFERS, WAL): no HTTP, no Node server, no other client, so what
 * the row shows is the function's own cost — CPU, and the buffer accesses and WAL that do not change from
 * run to run (work.ts). Into the organization of the list rows' generated records, as the posting rows.
 */
async function measure(ctx: BenchContext, poster: (org: Org) => Promise<Poster>): Promise<Measurement> {
  const md = await receiveFixture(ctx);
  const { rows } = await ctx.db.database.pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
    operatorEmail,
  ]);
  return withResource(
    async () => {
      const client = new pg.Client({ connectionString: ctx.db.url });
      await client.connect();
      return client;
    },
    (client) => client.end(),
    async (client) => {
      const p = await poster({ ...md, userId: rows[0]?.id as string, client });
      let n = 0;
      const scratch = noWork();
      for (let i = 0; i < WARMUP_CALLS; i++) {
        const call = p.next(n++);
        await explainWork(client, call.sql, call.values, scratch);
      }
      const work: DbWork = noWork();
      const measured = await timeRuns(
        async (timed) => {
          const call = p.next(n++);
          await explainWork(client, call.sql, call.values, timed ? work : scratch);
        },
        p.calls,
        ctx.db.postmasterPid,
        p.perCall,
      );
      return { ...measured, work };
    },
  );
}

const receiveCall = (org: Org, n: number) => ({
  key: randomUUID(),
  hash: `bench-${n}`,
  record: delivery(org, 0, n),
});

export const receivePostWork: Scenario = {
  id: 'receive-post-work',
  name: 'receive_create alone, save + post (1 line), 1 conn.',
  unit: 'record',
  note: 'receive_create alone: the database function of "Save and post" called 300 times on one connection of its own, after 20 untimed calls, each a one-line delivery as the service sends it (its own Idempotency-Key), each statement under EXPLAIN (ANALYZE, BUFFERS, WAL, TIMING OFF) and committed alone; no HTTP, no Node server. CPU is PostgreSQL’s; the buffer accesses and WAL below it do not change from run to run: compare two versions of the posting path by them.',
  run: (ctx) =>
    measure(ctx, async (org) => ({
      perCall: 1,
      calls: 300,
      next: (n) => {
        const { key, hash, record } = receiveCall(org, n);
        return fn('receive_create', {
          organization_id: org.organizationId,
          user_id: org.userId,
          route: RECEIVE_ROUTE,
          key,
          hash,
          post: true,
          record,
        });
      },
    })),
};

export const receiveBatchWork: Scenario = {
  id: 'receive-batch-work',
  name: `receive_batch alone, ${BATCH} records a call, 1 conn.`,
  unit: 'record',
  note: `receive_batch alone: the batch route’s database function called 30 times with ${BATCH} one-line deliveries each, on one connection, measured as receive_create alone; per record.`,
  run: (ctx) =>
    measure(ctx, async (org) => ({
      perCall: BATCH,
      calls: 30,
      next: (n) =>
        fn('receive_batch', {
          organization_id: org.organizationId,
          user_id: org.userId,
          route: RECEIVE_ROUTE,
          records: Array.from({ length: BATCH }, (_, i) => receiveCall(org, n * BATCH + i)),
        }),
    })),
};

export const productionPostWork: Scenario = {
  id: 'production-post-work',
  name: 'production_create alone, save + post (3 in, 2 out), 1 conn.',
  unit: 'run',
  note: 'production_create alone: the production row’s run (3 kg from each of three lots received untimed before, two output lots and a loss) saved and posted by its database function 150 times on one connection, measured as receive_create alone.',
  run: (ctx) =>
    measure(ctx, async (org) => {
      const [facility] = org.facilities;
      const received = await org.client.query<{ out: { body: { lines: { lot: { id: string } }[] } } }>(
        'SELECT receive_create($1::jsonb) AS out',
        [
          JSON.stringify({
            organization_id: org.organizationId,
            user_id: org.userId,
            route: RECEIVE_ROUTE,
            key: randomUUID(),
            hash: 'bench-lots',
            post: true,
            record: {
              supplier_id: org.suppliers[0],
              facility_id: facility,
              received_at: new Date(Date.now() - 3_600_000).toISOString(),
              lines: [0, 1, 2].map((k) => ({
                material_id: org.materials[k],
                gross_kg: '900000',
                unit_price: '10',
              })),
            },
          }),
        ],
      );
      const lots = received.rows[0]?.out.body.lines.map((l) => l.lot.id) ?? [];
      return {
        perCall: 1,
        calls: 150,
        next: (n) =>
          fn('production_create', {
            organization_id: org.organizationId,
            user_id: org.userId,
            may_confirm: false,
            route: 'production-records:create',
            key: randomUUID(),
            hash: `bench-${n}`,
            post: true,
            over_capacity_reason: null,
            record: shredding(facility as string, lots, [
              org.materials[0] as string,
              org.materials[1] as string,
            ]),
          }),
      };
    }),
};

export const postingWorkScenarios: Scenario[] = [receivePostWork, receiveBatchWork, productionPostWork];
