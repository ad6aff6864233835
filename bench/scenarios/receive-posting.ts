import { DEMO_PASSWORD } from '../../apps/server/src/seed/data.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { withResource } from '../lib/cleanup.ts';
import type { BenchDb } from '../lib/db.ts';
import { loadFlow } from '../lib/flow.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { benchApp, signIn } from './app.ts';
import type { PgInsertData } from './pg-insert.user.ts';
import type { ReceiveData } from './receive-posting.user.ts';

const SLUG = 'bench-intake';
const TABLE = 'bench_plain_inserts';

type Masterdata = Omit<ReceiveData, 'origin' | 'headers'>;
const seeded = new WeakMap<BenchDb, Promise<Masterdata>>();

/** The demo organization's master data (seeded once per run): what a weighbridge clerk picks from. */
function masterdata(db: BenchDb): Promise<Masterdata> {
  let m = seeded.get(db);
  if (!m) {
    m = (async () => {
      const { organizationId } = await seedDemo(db.database.db, { seed: 1, slug: SLUG });
      const ids = async (table: string) =>
        (
          await db.database.pool.query<{ id: string }>(
            `SELECT id FROM ${table} WHERE organization_id = $1 ORDER BY code`,
            [organizationId],
          )
        ).rows.map((r) => r.id);
      return {
        suppliers: await ids('suppliers'),
        facilities: await ids('facilities'),
        materials: await ids('materials'),
      };
    })();
    seeded.set(db, m);
  }
  return m;
}

/** The baseline: the cheapest durable write PostgreSQL offers a client, one row per round trip. */
export const pgInsertLoop: Scenario = {
  id: 'pg-insert-loop',
  name: 'pg INSERT 1 row, plain table',
  note: 'pg INSERT 1 row: the baseline of receive posting. As many pg clients as HTTP connections, each its own connection looping on one autocommitted single-row INSERT (bigint identity key, no other index, no trigger, no foreign key); req/s = rows/s.',
  run: async (ctx: BenchContext) => {
    const { pool } = ctx.db.database;
    await pool.query(
      `CREATE TABLE ${TABLE} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, conn int NOT NULL, n int NOT NULL, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    try {
      const data: PgInsertData = { url: ctx.db.url, table: TABLE };
      return await loadFlow(new URL('./pg-insert.user.ts', import.meta.url), data, ctx.load);
    } finally {
      await pool.query(`DROP TABLE ${TABLE}`);
    }
  },
};

/** The weighbridge clerk's save-and-post, through every layer: HTTP, CSRF, session, zod, services, PostgreSQL. */
export const receivePosting: Scenario = {
  id: 'receive-posting',
  name: 'app create + post receive record (1 line)',
  baseline: pgInsertLoop.id,
  note: 'app create + post: one operation is what "Save and post" does in the web app, signed in as the operator: POST /api/receive-records (one line, price from the price list) then POST /api/receive-records/{id}/post, each with bearer token, CSRF token and cookie and its own Idempotency-Key, on one keep-alive connection per virtual user; req/s = records posted per second, p50/p99 = the two requests together.',
  run: (ctx: BenchContext) =>
    withResource(
      () => benchApp(ctx),
      (app) => app.close(),
      async (app) => {
        const md = await masterdata(ctx.db);
        const origin = await app.listen({ host: '127.0.0.1', port: 0 });
        const headers = await signIn(origin, `operator.${SLUG}@demo.plastrace.ph`, DEMO_PASSWORD);
        const data: ReceiveData = { origin, headers, ...md };
        return loadFlow(new URL('./receive-posting.user.ts', import.meta.url), data, ctx.load);
      },
    ),
};

export const receivePostingScenarios = [receivePosting, pgInsertLoop];
