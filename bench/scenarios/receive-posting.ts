import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/data.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { withResource } from '../lib/cleanup.ts';
import type { BenchDb } from '../lib/db.ts';
import { loadFlow } from '../lib/flow.ts';
import type { ScenarioOptions } from '../lib/options.ts';
import { type BenchContext, loadTarget, type Scenario } from '../lib/scenario.ts';
import { benchApp, signIn } from './app.ts';
import type { PgInsertData } from './pg-insert.user.ts';
import type { ReceiveBatchData } from './receive-batch.user.ts';
import { receiveFixture } from './receive-fixture.ts';
import type { ReceiveData } from './receive-posting.user.ts';

export const INTAKE_SLUG = 'bench-intake';
const TABLE = 'bench_plain_inserts';

export type Masterdata = {
  organizationId: string;
  suppliers: string[];
  facilities: string[];
  materials: string[];
};
const seeded = new WeakMap<BenchDb, Promise<Masterdata>>();

/**
 * The bench organization's master data (the demo's, seeded once per run): what a weighbridge clerk
 * picks from. The posting rows post into it, and the list rows' generated records belong to it.
 */
export function masterdata(db: BenchDb): Promise<Masterdata> {
  let m = seeded.get(db);
  if (!m) {
    m = (async () => {
      const { organizationId } = await seedDemo(db.database.db, { seed: 1, slug: INTAKE_SLUG });
      const ids = async (table: string) =>
        (
          await db.database.pool.query<{ id: string }>(
            `SELECT id FROM ${table} WHERE organization_id = $1 ORDER BY code`,
            [organizationId],
          )
        ).rows.map((r) => r.id);
      return {
        organizationId,
        suppliers: await ids('suppliers'),
        facilities: await ids('facilities'),
        materials: await ids('materials'),
      };
    })();
    seeded.set(db, m);
  }
  return m;
}

/** The demo operator of the bench organization (records.write, records.read). */
export const operatorEmail = `operator.${INTAKE_SLUG}@demo.plastrace.ph`;

/** The baseline: the cheapest durable write PostgreSQL offers a client, one row per round trip. */
export const pgInsertLoop: Scenario = {
  id: 'pg-insert-loop',
  name: 'pg INSERT 1 row, plain table',
  unit: 'row',
  note: 'pg INSERT 1 row: the baseline of receive posting. As many pg clients as HTTP connections, each its own connection looping on one autocommitted single-row INSERT (bigint identity key, no other index, no trigger, no foreign key); rate = rows/s; no Node server, so its Node CPU is only the load worker’s helper threads.',
  run: async (ctx: BenchContext) => {
    const { pool } = ctx.db.database;
    await pool.query(
      `CREATE TABLE ${TABLE} (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, conn int NOT NULL, n int NOT NULL, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    try {
      const data: PgInsertData = { url: ctx.db.url, table: TABLE };
      // Where its backends wait, but no app pool: each client has its own connection.
      const target = { ...loadTarget(ctx), waitsUrl: ctx.db.url };
      return await loadFlow(new URL('./pg-insert.user.ts', import.meta.url), data, target);
    } finally {
      await pool.query(`DROP TABLE ${TABLE}`);
    }
  },
};

/**
 * The app on a random port, the operator signed in: what the posting flows need. They post into the
 * organization that holds the list rows' generated records (--receive-records), as into a database in
 * use: on a fresh one the posting functions cache plans made while the tables held a few demo rows
 * (hash joins over whole-table scans of lots, lines and records), and each posting then read every row
 * the run had posted so far, so a row's cost depended on the rows run before it.
 */
async function withSignedInApp<T>(
  ctx: BenchContext,
  body: (data: Omit<ReceiveData, 'mode'>) => Promise<T>,
): Promise<T> {
  await receiveFixture(ctx);
  return withResource(
    () => benchApp(ctx),
    (app) => app.close(),
    async (app) => {
      const { organizationId: _, ...md } = await masterdata(ctx.db);
      const origin = await app.listen({ host: '127.0.0.1', port: 0 });
      const headers = await signIn(origin, operatorEmail, DEMO_PASSWORD);
      return body({ origin, headers, ...md });
    },
  );
}

const postingFlow = (mode: ReceiveData['mode']) => (ctx: BenchContext) =>
  withSignedInApp(ctx, (data) =>
    loadFlow(
      new URL('./receive-posting.user.ts', import.meta.url),
      { ...data, mode },
      loadTarget(ctx, { waits: true }),
    ),
  );

/** The weighbridge clerk's "Save and post" as one request, through every layer and the posting function. */
export const receiveSaveAndPost: Scenario = {
  id: 'receive-post',
  name: 'app save + post receive record, ?post=true (1 line)',
  unit: 'record',
  baseline: pgInsertLoop.id,
  note: 'app save + post: POST /api/receive-records?post=true, a one-line delivery priced from the price list, signed in as the operator (bearer token, CSRF token and cookie, its own Idempotency-Key), one keep-alive connection per virtual user, into the organization holding the list rows’ generated records (--receive-records; planner statistics as in a database in use): HTTP, CSRF, session (cached 1 s), zod, then one call of the receive_create database function (checks, gapless record and lot numbers, record, line, lot, balance, stock-in, payable, audit and activity rows, the key) and the posted record as the answer; rate = records posted per second. Issue targets: ≥ 400 records/s, p99 ≤ 50 ms, ≤ 4 ms CPU a record (Node + PostgreSQL).',
  run: postingFlow('save-and-post'),
};

/** The same in two requests, as the web app did before ?post=true: draft, then post. */
export const receivePosting: Scenario = {
  id: 'receive-posting',
  name: 'app create + post receive record, 2 requests (1 line)',
  unit: 'record',
  baseline: pgInsertLoop.id,
  note: 'app create + post, 2 requests: the same delivery as POST /api/receive-records (a draft) then POST /api/receive-records/{id}/post, each with its own Idempotency-Key; p50/p99 = the two requests together.',
  run: postingFlow('draft-then-post'),
};

/** A scale or an importer: `size` records a request, each posted as its own unit. */
function receiveBatch(size: number, connections: number, first: boolean): Scenario {
  const over = { connections, waits: true };
  return {
    id: `receive-batch-${size}`,
    name: `app batch post, ${size} records/request, ${connections} conn.`,
    unit: 'record',
    baseline: pgInsertLoop.id,
    note: first
      ? `app batch post ${size}: POST /api/receive-records/batch with ${size} one-line deliveries, each with its own idempotency_key, from each of ${connections} connections (--batch-connections: scales and importers, not browsers; at 50 connections Little’s law alone would put a 20-record request far above 50 ms), answered with every posted record: one receive_batch call posts each record in its own subtransaction and commits once. Rate = records/s; p50/p99 = one request; CPU per record. Issue target at 20 a request: ≥ 1,000 records/s at p99 ≤ 50 ms, ≥ 0.3× the insert loop.`
      : `app batch post ${size}: the same with ${size} records a request.`,
    run: (ctx) =>
      withSignedInApp(ctx, (data) => {
        const batch: ReceiveBatchData = { ...data, size, run: randomUUID() };
        return loadFlow(new URL('./receive-batch.user.ts', import.meta.url), batch, loadTarget(ctx, over));
      }),
  };
}

/**
 * The record log's appends through the real posting path: batches of three-line deliveries, each posting
 * appending four entries (the record and its three lots) in its own transaction, the sequencer running.
 */
function logAppends(connections: number): Scenario {
  const over = { connections, waits: true };
  return {
    id: 'log-append',
    name: `record log: entries appended by batch posting (20 × 3-line), ${connections} conn.`,
    unit: 'entry',
    baseline: pgInsertLoop.id,
    note: `record log appends: POST /api/receive-records/batch with 20 deliveries of three lines each from each of ${connections} connections; every posted delivery appends 4 entries (the record and its 3 lots: public snapshot, entry and queue row) in its own transaction, and the sequencer (every 500 ms) makes them leaves under a signed checkpoint. Rate = entries appended per second; p50/p99 = one request; CPU per entry. Issue target: ≥ 1,000 appends/s sustained through the real posting path.`,
    run: (ctx) =>
      withSignedInApp(ctx, async (data) => {
        const batch: ReceiveBatchData = { ...data, size: 20, lines: 3, count: 'entries', run: randomUUID() };
        const measured = await loadFlow(
          new URL('./receive-batch.user.ts', import.meta.url),
          batch,
          loadTarget(ctx, over),
        );
        await drained(ctx.db);
        return measured;
      }),
  };
}

/** Sustained means the sequencer kept up: its queue empties within a second or two of the load. */
async function drained(db: BenchDb) {
  const started = Date.now();
  for (;;) {
    const { rows } = await db.database.pool.query<{ n: string }>('SELECT count(*) AS n FROM log_pending');
    if (rows[0]?.n === '0') return;
    if (Date.now() - started > 2_000)
      throw new Error(`the sequencer fell behind: ${rows[0]?.n} entries still queued 2 s after the load`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const receivePostingScenarios = (opts: ScenarioOptions): Scenario[] => [
  receiveSaveAndPost,
  receivePosting,
  ...opts.batchSizes.map((size, i) => receiveBatch(size, opts.batchConnections, i === 0)),
  logAppends(opts.batchConnections),
  pgInsertLoop,
];
