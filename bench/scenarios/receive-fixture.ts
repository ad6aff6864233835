import { cpus } from 'node:os';
import type pg from 'pg';
import { refreshAllFacts } from '../../apps/server/src/modules/facts/facts.repo.ts';
import type { BenchDb } from '../lib/db.ts';
import type { BenchContext } from '../lib/scenario.ts';
import { uuidv7 } from './ledger-fixture.ts';
import { type Masterdata, masterdata } from './receive-posting.ts';

/** One record in DRAFT_EVERY is still a draft (no lot); the others are posted. */
const DRAFT_EVERY = 50;
/** At most this many records a day, so a year's record numbers keep to their six digits. */
const PER_DAY = 1200;
const PLAN = 'bench_receive_plan';

export type ReceiveFixture = Masterdata & { records: number; drafts: number };

/**
 * The records to write, one row each (same every run but for the random UUIDs): one-line deliveries
 * evenly spread over the last two years (or more, PER_DAY at most), ending two days ago so no
 * generated lot code shares a day with one posted by the bench. Record numbers run on per year and
 * lot codes per facility and day, after whatever the organization's counters already gave out.
 */
async function plan(client: pg.PoolClient, md: Masterdata, n: number) {
  const days = Math.max(730, Math.ceil(n / PER_DAY));
  // setseed and random() must share a session.
  await client.query('SELECT setseed(0.24)');
  await client.query(
    `CREATE UNLOGGED TABLE ${PLAN} AS
     WITH o AS (SELECT time_zone AS tz FROM organizations WHERE id = $1),
          s AS (SELECT array_agg(id ORDER BY code) AS ids FROM suppliers WHERE organization_id = $1),
          f AS (SELECT array_agg(id ORDER BY code) AS ids, array_agg(code ORDER BY code) AS codes
                FROM facilities WHERE organization_id = $1),
          m AS (SELECT array_agg(id ORDER BY code) AS ids FROM materials WHERE organization_id = $1),
          g AS (SELECT i, date_trunc('milliseconds',
                         now() - interval '2 days' - interval '1 day' * ($3::float8 * ($2 - 1 - i) / $2)) AS at,
                       round((20 + random() * 7980)::numeric, 1) AS gross, random() AS r_tare,
                       round((random() * 5)::numeric, 1) AS ded, round((5 + random() * 40)::numeric, 2) AS price
                FROM generate_series(0, $2 - 1) AS i),
          r AS (SELECT g.*, round(g.gross * (0.02 + 0.5 * g.r_tare::numeric), 1) AS tare,
                       g.i % ${DRAFT_EVERY} <> ${DRAFT_EVERY - 1} AS posted,
                       s.ids[1 + g.i % cardinality(s.ids)] AS supplier_id,
                       1 + (g.i / 7) % cardinality(f.ids) AS fi,
                       m.ids[1 + (g.i / 3) % cardinality(m.ids)] AS material_id,
                       to_char(g.at AT TIME ZONE o.tz, 'YYYY') AS year,
                       to_char(g.at AT TIME ZONE o.tz, 'YYMMDD') AS day
                FROM g, o, s, m, f),
          x AS (SELECT r.*, f.ids[r.fi] AS facility_id, f.codes[r.fi] AS facility_code,
                       row_number() OVER (PARTITION BY r.year ORDER BY r.i) AS seq,
                       CASE WHEN r.posted
                         THEN row_number() OVER (PARTITION BY r.fi, r.day, r.posted ORDER BY r.i) END AS lot_seq
                FROM r, f)
     SELECT x.i, x.at, x.posted, x.supplier_id, x.facility_id, x.material_id, x.year, x.day, x.facility_code,
            ${uuidv7('x.at')} AS id, ${uuidv7('x.at')} AS line_id,
            CASE WHEN x.posted THEN ${uuidv7("x.at + interval '7 minutes'")} END AS lot_id,
            'RR-' || x.year || '-' || lpad((x.seq + coalesce(rc.value, 0))::text, 6, '0') AS number,
            x.seq + coalesce(rc.value, 0) AS number_seq,
            x.lot_seq + coalesce(lc.value, 0) AS lot_seq,
            x.gross, x.tare, x.gross - x.tare AS net, x.ded,
            round((x.gross - x.tare) * (100 - x.ded) / 100, 3) AS payable, x.price,
            round(round((x.gross - x.tare) * (100 - x.ded) / 100, 3) * x.price, 2) AS amount
     FROM x
     LEFT JOIN counters rc ON rc.organization_id = $1 AND rc.name = 'receive:' || x.year
     LEFT JOIN counters lc ON lc.organization_id = $1 AND lc.name = 'lot:' || x.facility_code || ':' || x.day
     ORDER BY x.i`,
    [md.organizationId, n, days],
  );
  await client.query(`CREATE INDEX ON ${PLAN} (i)`);
  await client.query(`ANALYZE ${PLAN}`);
}

/**
 * `n` receive records of the bench organization, written by SQL in a few statements (through the
 * API they would take hours): each has one line; the posted ones (all but one in DRAFT_EVERY) a lot
 * linked from the line, as posting leaves them. Inserts and one UPDATE only, so every constraint,
 * foreign key and trigger applies: the lines' freeze trigger refuses a line under a posted record,
 * so records are inserted as drafts, their lines and lots added, then the posted ones marked posted
 * (draft → posted, which the record's freeze trigger allows), as posting does; each lot's balance,
 * receipt and withdrawal, which the posting functions read. What the lists never read and posting
 * only appends to is not generated: payables, audit and activity rows, record-log entries.
 *
 * Why here and not behind the seed's --scale: the seed records every delivery through the services,
 * one posting after another (at the rates the posting rows measure, over an hour for a million), and
 * --scale multiplies suppliers and months of prices along with the deliveries, which a list benchmark
 * does not want; and a demo organization should be complete (ledgers, audit), which this is not.
 */
async function generate(ctx: BenchContext): Promise<ReceiveFixture> {
  const { pool } = ctx.db.database;
  const md = await masterdata(ctx.db);
  const n = ctx.receive.receiveRecords;
  const org = md.organizationId;
  const started = performance.now();
  // Foreign-key checks, triggers and index inserts are most of the time taken: one connection per CPU,
  // each writing a contiguous range of the plan, lo <= i < hi (the last two parameters of each statement).
  const parts = Math.max(1, Math.min(4, cpus().length));
  const step = async (what: string, sql: string, params: unknown[]) => {
    const t = performance.now();
    const bound = (part: number) => Math.floor((part * n) / parts);
    const done = await Promise.all(
      Array.from({ length: parts }, (_, part) => pool.query(sql, [...params, bound(part), bound(part + 1)])),
    );
    const rows = done.reduce((sum, r) => sum + (r.rowCount ?? 0), 0);
    ctx.log(`    ${what}: ${rows.toLocaleString('en-US')} rows, ${Math.round(performance.now() - t)} ms`);
  };
  const { rows: users } = await pool.query<{ user_id: string }>(
    `SELECT user_id FROM memberships WHERE organization_id = $1 AND role = 'operator'`,
    [org],
  );
  const operator = users[0]?.user_id;
  if (!operator) throw new Error('the bench organization has no operator');

  const client = await pool.connect();
  try {
    await plan(client, md, n);
  } finally {
    client.release();
  }
  ctx.log(`    plan: ${Math.round(performance.now() - started)} ms`);
  try {
    await step(
      'records (drafts)',
      `INSERT INTO receive_records (id, organization_id, number, status, supplier_id, facility_id, received_at,
           weighbridge_ticket, scale_device_id, vehicle_plate, created_by, version, created_at, updated_at)
       SELECT id, $1, number, 'draft', supplier_id, facility_id, at, 'WB-' || (100000 + i), facility_code || '-WB1',
              'NBC ' || (1000 + i % 9000), $2, 1, at, at
       FROM ${PLAN} WHERE i >= $3 AND i < $4 ORDER BY i`,
      [org, operator],
    );
    await step(
      'lots',
      `INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, origin_id,
           version, created_at, updated_at)
       SELECT lot_id, $1, facility_code || '-' || day || '-' || lpad(lot_seq::text, 4, '0'), material_id,
              facility_id, 'consumed', 'receive_line', line_id, 1, at + interval '7 minutes', at + interval '7 minutes'
       FROM ${PLAN} WHERE posted AND i >= $2 AND i < $3 ORDER BY i`,
      [org],
    );
    await step(
      'lines',
      `INSERT INTO receive_lines (id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg,
           deduction_pct, payable_kg, unit_price, amount, lot_id)
       SELECT line_id, $1, id, 1, material_id, gross, tare, net, ded, payable, price, amount, lot_id
       FROM ${PLAN} WHERE i >= $2 AND i < $3 ORDER BY i`,
      [org],
    );
    await step(
      'draft → posted',
      `UPDATE receive_records r
       SET status = 'posted', posted_at = p.at + interval '7 minutes', posted_by = $2, version = 2,
           updated_at = p.at + interval '7 minutes'
       FROM ${PLAN} p WHERE p.posted AND p.i >= $3 AND p.i < $4 AND r.organization_id = $1 AND r.id = p.id`,
      [org, operator],
    );
    // What posting leaves beside the record, the line and the lot: each lot's balance and its receipt in
    // the stock ledger, then (the lots are used up) a withdrawal the next day. Without them the posting
    // rows would post into an empty, never-analyzed ledger: each connection's posting functions plan
    // once, on generic plans (migration 0039), and a plan made on a near-empty table scans it whole,
    // on every later call, until autovacuum's next ANALYZE (a record's cost grew 0.09 ms per thousand
    // records posted before it).
    await step(
      'lot balances',
      `INSERT INTO lot_balances (lot_id, organization_id, facility_id, material_id, qty_kg, value_php, updated_at)
       SELECT lot_id, $1, facility_id, material_id, 0, 0, at + interval '1 day'
       FROM ${PLAN} WHERE posted AND i >= $2 AND i < $3 ORDER BY i`,
      [org],
    );
    await step(
      'stock movements',
      `INSERT INTO stock_movements (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind,
           source_type, source_id, reason, created_by, posted_at)
       SELECT ${uuidv7("p.at + k * interval '1 day'")}, $1, p.lot_id, p.facility_id, p.material_id,
              CASE WHEN k = 0 THEN p.net ELSE -p.net END, CASE WHEN k = 0 THEN p.amount ELSE -p.amount END,
              CASE WHEN k = 0 THEN 'receipt' ELSE 'adjustment' END,
              CASE WHEN k = 0 THEN 'receive_record' ELSE 'bench' END, CASE WHEN k = 0 THEN p.id END,
              CASE WHEN k = 0 THEN NULL ELSE 'bench: generated withdrawal' END, $2, p.at + k * interval '1 day'
       FROM ${PLAN} p CROSS JOIN generate_series(0, 1) AS k
       WHERE p.posted AND p.net > 0 AND p.i >= $3 AND p.i < $4
       ORDER BY p.at + k * interval '1 day'`,
      [org, operator],
    );
    // The counters go on from the generated numbers, so records the bench posts later stay gapless.
    await pool.query(
      `INSERT INTO counters (organization_id, name, value)
         SELECT $1::uuid, 'receive:' || year, max(number_seq) FROM ${PLAN} GROUP BY year
         UNION ALL
         SELECT $1::uuid, 'lot:' || facility_code || ':' || day, max(lot_seq) FROM ${PLAN} WHERE posted
         GROUP BY facility_code, day
       ON CONFLICT (organization_id, name) DO UPDATE SET value = greatest(counters.value, excluded.value)`,
      [org],
    );
  } finally {
    await pool.query(`DROP TABLE ${PLAN}`);
  }
  // The records' triggers marked their days for the daily facts: rewritten now, as the app's worker
  // keeps them, or the first app row measured would pay for a refresh of every generated day.
  let t = performance.now();
  const days = await refreshAllFacts(ctx.db.database.db);
  ctx.log(`    daily facts: ${days.toLocaleString('en-US')} days, ${Math.round(performance.now() - t)} ms`);
  // As autovacuum would leave them: hint bits set, the updated rows' old versions gone, statistics
  // current. Then a checkpoint, so the one the generated WAL started is not still writing (and
  // counted as PostgreSQL CPU) during the rows measured next.
  t = performance.now();
  await pool.query('VACUUM (ANALYZE) receive_records, receive_lines, lots, lot_balances, stock_movements');
  await pool.query('CHECKPOINT');
  ctx.log(`    vacuum, checkpoint: ${Math.round(performance.now() - t)} ms`);
  const drafts = Math.floor(n / DRAFT_EVERY);
  ctx.log(`  ${n.toLocaleString('en-US')} receive records in ${Math.round(performance.now() - started)} ms`);
  return { ...md, records: n, drafts };
}

const fixtures = new WeakMap<BenchDb, Promise<ReceiveFixture>>();

/** Generated once per run, by whichever list scenario runs first. */
export function receiveFixture(ctx: BenchContext): Promise<ReceiveFixture> {
  let f = fixtures.get(ctx.db);
  if (!f) {
    f = generate(ctx);
    fixtures.set(ctx.db, f);
  }
  return f;
}
