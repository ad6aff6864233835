import { cpus } from 'node:os';
import type pg from 'pg';
import type { Caller } from '../../apps/server/src/plugins/auth.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import type { BenchContext } from '../lib/scenario.ts';

/** Movements per lot: the receipt, then nine withdrawals. */
const MOVES_PER_LOT = 10;
/** One lot in OPEN_EVERY is still in stock; the others were used up. */
const OPEN_EVERY = 20;
const SLUG = 'bench-ledger';

export type LedgerFixture = {
  caller: Caller;
  rows: number;
  lots: number;
  /** A day about a year back, for as-of balances (YYYY-MM-DD, organization time zone). */
  pastDay: string;
};

const PLAN = 'bench_lot_plan';

/**
 * A UUIDv7 for the instant `ts` (SQL): the app's keys are UUIDv7 made when a row is written, so
 * lots and movements sort by time as they do in production and the indexes see the same locality.
 */
export const uuidv7 = (ts: string) =>
  `encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send(floor(extract(epoch FROM ${ts}) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid`;

/** The lots to write, one row each with its quantity, value, place and time (same every run). */
async function plan(pool: pg.Pool, organizationId: string, lots: number) {
  const client = await pool.connect();
  try {
    // setseed and random() must share a session.
    await client.query('SELECT setseed(0.42)');
    await client.query(
      `CREATE UNLOGGED TABLE ${PLAN} AS
       WITH f AS (SELECT array_agg(id ORDER BY code) AS ids FROM facilities WHERE organization_id = $1),
            m AS (SELECT array_agg(id ORDER BY code) AS ids FROM materials WHERE organization_id = $1),
            g AS (SELECT i, round((50 + random() * 1950)::numeric, 3) AS qty,
                         round((5 + random() * 40)::numeric, 2) AS price
                  FROM generate_series(0, $2 - 1) AS i)
       SELECT g.i, ${uuidv7('g.t0')} AS id, g.qty, round(g.qty * g.price, 2) AS value,
              f.ids[1 + g.i % cardinality(f.ids)] AS facility_id,
              m.ids[1 + (g.i / cardinality(f.ids)) % cardinality(m.ids)] AS material_id,
              g.t0, g.i % ${OPEN_EVERY} = 0 AS open
       FROM (SELECT *, now() - interval '740 days' * (1 - i::float8 / $2) AS t0 FROM g) AS g, f, m`,
      [organizationId, lots],
    );
  } finally {
    client.release();
  }
}

// In posting order, as the app appends them. Withdrawals: used-up lots lose a ninth eight times and
// the rest on the ninth; open lots a twentieth each.
const MOVEMENTS = `INSERT INTO stock_movements
    (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind, source_type, reason, posted_at)
  SELECT ${uuidv7("p.t0 + k * interval '1 day'")}, $1, p.id, p.facility_id, p.material_id,
         CASE WHEN k = 0 THEN p.qty WHEN p.open THEN -round(p.qty / 20, 3)
              WHEN k < 9 THEN -round(p.qty / 9, 3) ELSE -(p.qty - 8 * round(p.qty / 9, 3)) END,
         CASE WHEN k = 0 THEN p.value WHEN p.open THEN -round(p.value / 20, 2)
              WHEN k < 9 THEN -round(p.value / 9, 2) ELSE -(p.value - 8 * round(p.value / 9, 2)) END,
         CASE WHEN k = 0 THEN 'receipt' ELSE 'adjustment' END, 'bench',
         CASE WHEN k = 0 THEN NULL ELSE 'bench: generated withdrawal' END,
         p.t0 + k * interval '1 day'
  FROM ${PLAN} p CROSS JOIN generate_series(0, ${MOVES_PER_LOT - 1}) AS k
  WHERE p.i % $2 = $3
  ORDER BY p.t0 + k * interval '1 day'`;

/**
 * A stock ledger of about `--ledger-rows` rows for a demo organization of its own, written by SQL:
 * lots spread over two years across its facilities and materials, each received once and withdrawn
 * nine times; most end at zero, one in OPEN_EVERY keeps a part. Inserts only, so the append-only
 * triggers, foreign keys and CHECKs all apply (their checks are most of the time taken, hence one
 * inserting connection per CPU); lot_balances gets the matching sums.
 */
async function generate(ctx: BenchContext): Promise<LedgerFixture> {
  const { db, pool } = ctx.db.database;
  const lots = Math.max(1, Math.ceil(ctx.query.ledgerRows / MOVES_PER_LOT));
  const { organizationId } = await seedDemo(db, { seed: 2, slug: SLUG });
  const started = performance.now();
  await plan(pool, organizationId, lots);
  try {
    await pool.query(
      `INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, created_at, updated_at)
       SELECT id, $1, 'BENCH-' || lpad(i::text, 8, '0'), material_id, facility_id,
              CASE WHEN open THEN 'available' ELSE 'consumed' END::lot_status, 'bench', t0, t0
       FROM ${PLAN}`,
      [organizationId],
    );
    const parts = Math.max(1, Math.min(4, cpus().length));
    await Promise.all(
      Array.from({ length: parts }, (_, part) => pool.query(MOVEMENTS, [organizationId, parts, part])),
    );
    await pool.query(
      `INSERT INTO lot_balances (lot_id, organization_id, facility_id, material_id, qty_kg, value_php)
       SELECT p.id, $1, p.facility_id, p.material_id, s.qty, s.value
       FROM ${PLAN} p
       JOIN (SELECT lot_id, sum(qty_kg) AS qty, sum(value_php) AS value FROM stock_movements
             WHERE organization_id = $1 GROUP BY lot_id) s ON s.lot_id = p.id`,
      [organizationId],
    );
  } finally {
    await pool.query(`DROP TABLE ${PLAN}`);
  }
  // As autovacuum would leave them: hint bits set, visibility map and statistics current; then a
  // checkpoint, so writing out the generated rows does not overlap the measured runs.
  await pool.query('VACUUM (ANALYZE) lots, stock_movements, lot_balances');
  await pool.query('CHECKPOINT');
  ctx.log(
    `  ${(lots * MOVES_PER_LOT).toLocaleString('en-US')} ledger rows in ${Math.round(performance.now() - started)} ms`,
  );
  return {
    caller: await admin(pool, organizationId),
    rows: lots * MOVES_PER_LOT,
    lots,
    pastDay: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10),
  };
}

/** The organization's administrator as the services see a signed-in member. */
export async function admin(pool: pg.Pool, organizationId: string): Promise<Caller> {
  const { rows } = await pool.query<{ user_id: string; id: string }>(
    `SELECT user_id, id FROM memberships WHERE organization_id = $1 AND role = 'admin'`,
    [organizationId],
  );
  const m = rows[0];
  if (!m) throw new Error('the bench organization has no administrator');
  return {
    sessionId: '',
    userId: m.user_id,
    organizationId,
    membershipId: m.id,
    role: 'admin',
    supplierId: null,
  };
}

const fixtures = new WeakMap<BenchContext, Promise<LedgerFixture>>();

/** Generated once per run, by whichever inventory scenario runs first. */
export function ledgerFixture(ctx: BenchContext): Promise<LedgerFixture> {
  let f = fixtures.get(ctx);
  if (!f) {
    f = generate(ctx);
    fixtures.set(ctx, f);
  }
  return f;
}
