import type { AppContext } from '../../apps/server/src/context.ts';
import { traceLot } from '../../apps/server/src/modules/trace/trace.service.ts';
import type { Caller } from '../../apps/server/src/plugins/auth.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import type { Measurement } from '../lib/load.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { timeRuns } from '../lib/timing.ts';
import { admin, uuidv7 } from './ledger-fixture.ts';

// Traceability at a million lots: half of them delivered (each its own receive record and line), the
// rest made two parents a lot, level upon level, ten levels deep — a pellet lot at the top comes from
// 1,024 deliveries through 1,023 runs, the widest a 10-level trace of two-input runs can be.

const PLAN = 'bench_trace_plan';
const LEVELS = 10;

type TraceFixture = { caller: Caller; top: string[]; roots: string[]; lots: number };

async function generate(ctx: BenchContext): Promise<TraceFixture> {
  const { db, pool } = ctx.db.database;
  const { organizationId: org } = await seedDemo(db, { seed: 5, slug: 'bench-trace' });
  const started = performance.now();
  const roots = Math.max(2 ** LEVELS, Math.round(ctx.query.traceLots / 2));
  const client = await pool.connect();
  try {
    await client.query('SELECT setseed(0.13)');
    await client.query(
      `CREATE UNLOGGED TABLE ${PLAN} AS
       SELECT 0 AS level, j::bigint AS j, ${uuidv7('t')} AS id, ${uuidv7('t')} AS line_id, ${uuidv7('t')} AS record_id,
              t, round((20 + random() * 7980)::numeric, 1) AS kg
       FROM (SELECT j, now() - interval '400 days' + j * interval '1 second' AS t
             FROM generate_series(0, $1 - 1) AS j) g`,
      [roots],
    );
    await client.query(`CREATE INDEX ON ${PLAN} (level, j)`);
    for (let level = 1; level <= LEVELS; level++) {
      await client.query(
        `INSERT INTO ${PLAN} (level, j, id, t, kg)
         SELECT $1, j / 2, ${uuidv7("max(t) + interval '1 hour'")}, max(t) + interval '1 hour', sum(kg)
         FROM ${PLAN} WHERE level = $1 - 1 GROUP BY j / 2 HAVING count(*) = 2`,
        [level],
      );
    }
    await client.query(`ANALYZE ${PLAN}`);
  } finally {
    client.release();
  }
  const ids = await pool.query<{
    supplier: string;
    facility: string;
    pet: string;
    flake: string;
    user: string;
  }>(
    `SELECT (SELECT id FROM suppliers WHERE organization_id = $1 ORDER BY code LIMIT 1) AS supplier,
            (SELECT id FROM facilities WHERE organization_id = $1 ORDER BY code LIMIT 1) AS facility,
            (SELECT id FROM materials WHERE organization_id = $1 AND code = 'PET_BOTTLES_CLEAR') AS pet,
            (SELECT id FROM materials WHERE organization_id = $1 AND code = 'PET_FLAKE') AS flake,
            (SELECT user_id FROM memberships WHERE organization_id = $1 AND role = 'admin' LIMIT 1) AS user`,
    [org],
  );
  const m = ids.rows[0];
  if (!m) throw new Error('the bench organization has no master data');
  const at = [org, m.supplier, m.facility, m.pet, m.flake, m.user];
  // Records as drafts, then their lots and lines, then posted: as posting does, so the freeze triggers allow it.
  await pool.query(
    `INSERT INTO receive_records (id, organization_id, number, status, supplier_id, facility_id, received_at,
         created_by, version, created_at, updated_at)
     SELECT record_id, $1, 'RT-' || lpad(j::text, 8, '0'), 'draft', $2, $3, t, $6, 1, t, t
     FROM ${PLAN} WHERE level = 0 AND $4::uuid IS NOT NULL AND $5::uuid IS NOT NULL`,
    at,
  );
  await pool.query(
    `INSERT INTO lots (id, organization_id, code, material_id, facility_id, status, origin_type, origin_id,
         version, created_at, updated_at)
     SELECT id, $1, 'TR' || level || '-' || lpad(j::text, 7, '0'), CASE WHEN level = 0 THEN $4 ELSE $5 END::uuid,
            $3, CASE WHEN level = ${LEVELS} THEN 'available' ELSE 'consumed' END::lot_status,
            CASE WHEN level = 0 THEN 'receive_line' ELSE 'production_output' END,
            CASE WHEN level = 0 THEN line_id END, 1, t, t
     FROM ${PLAN} WHERE $2::uuid IS NOT NULL AND $6::uuid IS NOT NULL ORDER BY t`,
    at,
  );
  await pool.query(
    `INSERT INTO receive_lines (id, organization_id, record_id, line_no, material_id, gross_kg, tare_kg, net_kg,
         deduction_pct, payable_kg, unit_price, amount, lot_id)
     SELECT line_id, $1, record_id, 1, $2, kg, 0, kg, 0, kg, 20, kg * 20, id FROM ${PLAN} WHERE level = 0`,
    [org, m.pet],
  );
  await pool.query(
    `UPDATE receive_records r SET status = 'posted', posted_at = r.received_at, posted_by = r.created_by, version = 2
     WHERE r.organization_id = $1 AND r.number LIKE 'RT-%'`,
    [org],
  );
  await pool.query(
    `INSERT INTO stock_movements
         (id, organization_id, lot_id, facility_id, material_id, qty_kg, value_php, kind, source_type, posted_at)
     SELECT ${uuidv7('p.t')}, $1, p.id, $2, CASE WHEN p.level = 0 THEN $3 ELSE $4 END::uuid, p.kg, 0,
            CASE WHEN p.level = 0 THEN 'receipt' ELSE 'production_in' END, 'bench', p.t
     FROM ${PLAN} p ORDER BY p.t`,
    [org, m.facility, m.pet, m.flake],
  );
  await pool.query(
    `INSERT INTO lot_lineage (id, organization_id, parent_lot_id, child_lot_id, kg, source_type, source_id, created_at)
     SELECT ${uuidv7('c.t')}, $1, p.id, c.id, p.kg, 'production_record', c.id, c.t
     FROM ${PLAN} c JOIN ${PLAN} p ON p.level = c.level - 1 AND p.j / 2 = c.j
     WHERE c.level > 0 ORDER BY c.t`,
    [org],
  );
  const ends = async (level: number) =>
    (
      await pool.query<{ id: string }>(`SELECT id FROM ${PLAN} WHERE level = $1 ORDER BY j`, [level])
    ).rows.map((r) => r.id);
  const top = await ends(LEVELS);
  const delivered = await ends(0);
  const { rows: count } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${PLAN}`);
  await pool.query(`DROP TABLE ${PLAN}`);
  await pool.query('VACUUM (ANALYZE) lots, lot_lineage, stock_movements, receive_records, receive_lines');
  await pool.query('CHECKPOINT');
  const lots = Number(count[0]?.n ?? 0);
  ctx.log(
    `  ${lots.toLocaleString('en-US')} lots of lineage in ${Math.round(performance.now() - started)} ms`,
  );
  return { caller: await admin(pool, org), top, roots: delivered, lots };
}

let fixture: Promise<TraceFixture> | undefined;
const traceFixture = (ctx: BenchContext) => {
  fixture ??= generate(ctx);
  return fixture;
};

// Lots spread over the fixture, so the runs do not all read the same cached pages.
const pick = (list: string[], run: number) => list[(run * 2_654_435_761) % list.length] as string;
const app = (ctx: BenchContext) => ({ db: ctx.db.database.db }) as AppContext;

let upMeasured: Measurement | undefined;
let downMeasured: Measurement | undefined;
const p95 = (m: Measurement | undefined) =>
  m?.p95Ms === undefined ? 'not measured' : `${m.p95Ms.toFixed(2)} ms in this run`;
const upstream: Scenario = {
  id: 'trace-up',
  name: 'trace: a pellet lot 10 levels up to its deliveries',
  unit: 'trace',
  baseline: 'trace-edges',
  run: async (ctx) => {
    const f = await traceFixture(ctx);
    const one = await traceLot(app(ctx), f.caller, pick(f.top, 1), { direction: 'upstream', depth: LEVELS });
    if (one.origins.length !== 2 ** LEVELS || one.truncated)
      throw new Error(`a top lot's trace found ${one.origins.length} origins, not ${2 ** LEVELS}`);
    let run = 0;
    upMeasured = await timeRuns(
      () => traceLot(app(ctx), f.caller, pick(f.top, ++run), { direction: 'upstream', depth: LEVELS }),
      ctx.query.runs * 10,
      ctx.db.postmasterPid,
    );
    return upMeasured;
  },
  note: () =>
    `trace-up: the service behind GET /api/trace/lots/{id}?direction=upstream&depth=10 for lots at the top of a generated lineage of the --trace-lots lots (half deliveries with their receive records, the rest each made from two lots of the level below, ten levels): 1,024 origins with exact shares, 2,047 lots and 2,046 edges a trace. The walk is one recursive query a level a step (one sorted ANY scan of the (organization, child) index per level), beside the started lot's and the catalogue's reads; the reached lots' facts and deliveries are one more query, run while the shares are worked out. Issue target: p95 under 50 ms for a 10-level trace at 1,000,000 lots; p95 ${p95(upMeasured)}.`,
};

const downstream: Scenario = {
  id: 'trace-down',
  name: 'trace: a delivery 10 levels down (a recall)',
  unit: 'trace',
  baseline: 'trace-edges',
  run: async (ctx) => {
    const f = await traceFixture(ctx);
    let run = 0;
    downMeasured = await timeRuns(
      () => traceLot(app(ctx), f.caller, pick(f.roots, ++run), { direction: 'downstream', depth: LEVELS }),
      ctx.query.runs * 10,
      ctx.db.postmasterPid,
    );
    return downMeasured;
  },
  note: () => `trace-down: p95 ${p95(downMeasured)}`,
};

const edges: Scenario = {
  id: 'trace-edges',
  name: 'pg SELECT one lot’s lineage edges by the child index',
  unit: 'lookup',
  run: async (ctx) => {
    const f = await traceFixture(ctx);
    let run = 0;
    const { pool } = ctx.db.database;
    return timeRuns(
      () =>
        pool.query(
          'SELECT parent_lot_id, kg FROM lot_lineage WHERE organization_id = $1 AND child_lot_id = $2',
          [f.caller.organizationId, pick(f.top, ++run)],
        ),
      ctx.query.runs * 10,
      ctx.db.postmasterPid,
    );
  },
};

export const traceScenarios: Scenario[] = [upstream, downstream, edges];
