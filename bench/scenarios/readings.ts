import type { Caller } from '../../apps/server/src/context.ts';
import { mintApiKey } from '../../apps/server/src/modules/api-keys/api-keys.verify.ts';
import { series } from '../../apps/server/src/modules/readings/readings.service.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { withResource } from '../lib/cleanup.ts';
import type { BenchDb } from '../lib/db.ts';
import { loadFlow } from '../lib/flow.ts';
import { type BenchContext, loadTarget, type Scenario } from '../lib/scenario.ts';
import { timeRuns } from '../lib/timing.ts';
import { benchApp, serviceContext } from './app.ts';
import type { ReadingsIngestData } from './readings-ingest.user.ts';
import type { ReadingsInsertData } from './readings-insert.user.ts';

const SLUG = 'bench-readings';
/** Readings a request (a gateway's batch) and gateways sending at once. */
const BATCH = 500;
const GATEWAYS = 4;
/** The generated history: this many scales, one reading every 10 s each. */
const DAY_DEVICES = 40;
const EVERY_S = 10;
const BUCKETS = 288; // 5-minute buckets over a day: a day's chart

type Fixture = {
  organizationId: string;
  caller: Caller;
  key: string;
  ingestDevices: string[];
  insertDevices: string[];
  /** The scales of the generated history (readings-day). */
  dayDevices: string[];
};
const fixtures = new WeakMap<BenchDb, Promise<Fixture>>();

/** The bench organization (the demo's), its scales and an unbound ingest key, made once per run. */
function fixture(db: BenchDb): Promise<Fixture> {
  let f = fixtures.get(db);
  if (!f) {
    f = (async () => {
      const { pool } = db.database;
      const { organizationId } = await seedDemo(db.database.db, { seed: 1, slug: SLUG });
      const admin = await pool.query<{ user_id: string }>(
        `SELECT user_id FROM memberships WHERE organization_id = $1 AND role = 'admin' LIMIT 1`,
        [organizationId],
      );
      const userId = admin.rows[0]?.user_id as string;
      const devices = (
        await pool.query<{ id: string }>(
          `INSERT INTO devices (id, organization_id, code, name, kind, facility_id, capacity_kg)
           SELECT gen_random_uuid(), $1, 'BR-' || g, 'Bench scale ' || g, 'weighbridge',
             (SELECT id FROM facilities WHERE organization_id = $1 ORDER BY code LIMIT 1), 60000
           FROM generate_series(1, $2::int) g RETURNING id`,
          [organizationId, 2 * GATEWAYS + DAY_DEVICES],
        )
      ).rows.map((r) => r.id);
      const minted = mintApiKey();
      await pool.query(
        `INSERT INTO api_keys (id, organization_id, name, prefix, secret_hash, scopes, created_by)
         VALUES (gen_random_uuid(), $1, 'bench gateways', $2, $3, '{ingest}', $4)`,
        [organizationId, minted.prefix, minted.secretHash, userId],
      );
      const caller: Caller = {
        sessionId: '',
        membershipId: '',
        userId,
        organizationId,
        role: 'manager',
        supplierId: null,
      };
      return {
        organizationId,
        caller,
        key: minted.secret,
        ingestDevices: devices.slice(0, GATEWAYS),
        insertDevices: devices.slice(GATEWAYS, 2 * GATEWAYS),
        dayDevices: devices.slice(2 * GATEWAYS),
      };
    })();
    fixtures.set(db, f);
  }
  return f;
}

export const readingsIngest: Scenario = {
  id: 'readings-ingest',
  name: `app ingest readings over HTTP, ${BATCH}/request, ${GATEWAYS} conn.`,
  unit: 'reading',
  baseline: 'readings-insert',
  note: `readings ingest: POST /api/iot/readings with ${BATCH} weight readings a request from each of ${GATEWAYS} connections (gateways, each its own scale), with an organization API key (x-api-key: key lookup, no session, no CSRF): zod per reading, the devices looked up once, one INSERT … SELECT unnest(…) ON CONFLICT (device_id, seq) DO NOTHING, the devices' last reading and one NOTIFY per device, in one transaction, answered with a result per reading. Rate = readings/s. Issue target: ≥ 5,000 readings/s. Baseline: the same readings as one multi-row INSERT … VALUES per step through pg, no HTTP.`,
  run: async (ctx) => {
    const f = await fixture(ctx.db);
    return withResource(
      () => benchApp(ctx),
      (app) => app.close(),
      async (app) => {
        const origin = await app.listen({ host: '127.0.0.1', port: 0 });
        const data: ReadingsIngestData = {
          origin,
          key: f.key,
          devices: f.ingestDevices,
          batch: BATCH,
          seqFrom: Date.now() * 1000,
        };
        return loadFlow(
          new URL('./readings-ingest.user.ts', import.meta.url),
          data,
          loadTarget(ctx, { connections: GATEWAYS, waits: true }),
        );
      },
    );
  },
};

export const readingsInsert: Scenario = {
  id: 'readings-insert',
  name: `pg multi-row INSERT of the same readings, ${GATEWAYS} conn.`,
  unit: 'reading',
  note: `readings insert: the baseline of ingest. ${GATEWAYS} pg clients, each inserting ${BATCH} readings of its own scale into device_readings with one autocommitted INSERT … VALUES (${BATCH} rows × 9 parameters): the same table, indexes and rows, nothing else.`,
  run: async (ctx) => {
    const f = await fixture(ctx.db);
    const data: ReadingsInsertData = {
      url: ctx.db.url,
      organizationId: f.organizationId,
      devices: f.insertDevices,
      batch: BATCH,
      seqFrom: Date.now() * 1000,
    };
    return loadFlow(new URL('./readings-insert.user.ts', import.meta.url), data, {
      ...loadTarget(ctx, { connections: GATEWAYS }),
      waitsUrl: ctx.db.url,
    });
  },
};

type History = { devices: string[]; first: number; days: number };
const histories = new WeakMap<BenchDb, Promise<History>>();

/**
 * --readings-rows readings in one INSERT … SELECT generate_series: DAY_DEVICES scales each reading every
 * 10 s, interleaved in time as they arrive (a device's day is spread over the table, not clustered),
 * ending at midnight UTC today.
 */
function history(ctx: BenchContext): Promise<History> {
  let h = histories.get(ctx.db);
  if (!h) {
    h = (async () => {
      const f = await fixture(ctx.db);
      const devices = f.dayDevices;
      const perDevice = Math.ceil(ctx.query.readingsRows / devices.length);
      const days = Math.max(1, Math.floor((perDevice * EVERY_S) / 86_400));
      const end = new Date();
      end.setUTCHours(0, 0, 0, 0);
      const start = end.getTime() - perDevice * EVERY_S * 1000;
      ctx.log(
        `  generating ${(perDevice * devices.length).toLocaleString('en-US')} readings (${days} days of ${devices.length} scales)…`,
      );
      const { pool } = ctx.db.database;
      await pool.query(
        `INSERT INTO device_readings (organization_id, device_id, seq, recorded_at, kind, value, unit, stable)
         SELECT $1, d.id, g, $3::timestamptz + g * interval '${EVERY_S} seconds', 'weight',
           14000 + (g % 600) * 10, 'kg', g % 6 = 5
         FROM generate_series(0, $4::int - 1) g CROSS JOIN unnest($2::uuid[]) AS d(id)`,
        [f.organizationId, devices, new Date(start).toISOString(), perDevice],
      );
      // What autovacuum does to an insert-only table (PostgreSQL 13+): statistics, and the visibility map
      // that lets a day be read from the covering index alone (migration 0035).
      await pool.query('VACUUM (ANALYZE) device_readings');
      // Whole days only: the first whole UTC day after the start.
      const first = Math.ceil(start / 86_400_000) * 86_400_000;
      return { devices, first, days: Math.max(1, Math.floor((end.getTime() - first) / 86_400_000)) };
    })();
    histories.set(ctx.db, h);
  }
  return h;
}

/** Each run another scale and another day, so no run reads what the previous one just cached. */
function rotation(h: History) {
  let i = 0;
  return () => {
    i++;
    const from = h.first + ((i * 7) % h.days) * 86_400_000;
    return {
      device: h.devices[i % h.devices.length] as string,
      from: new Date(from).toISOString(),
      to: new Date(from + 86_400_000).toISOString(),
    };
  };
}

const BARE = `SELECT floor(extract(epoch FROM r.recorded_at - $2::timestamptz) / $5)::int AS n,
    count(*) AS count, avg(r.value) AS avg, min(r.value) AS min, max(r.value) AS max,
    (array_agg(r.value ORDER BY r.recorded_at DESC, r.id DESC))[1] AS last
  FROM device_readings r
  WHERE r.device_id = $1 AND r.organization_id = $4 AND r.kind = 'weight'
    AND r.recorded_at >= $2::timestamptz AND r.recorded_at < $3::timestamptz
  GROUP BY 1 ORDER BY 1`;

export const readingsDay: Scenario = {
  id: 'readings-day',
  name: `app a day of one scale, ${BUCKETS} buckets, at --readings-rows`,
  unit: 'run',
  baseline: 'readings-day-sql',
  note: () =>
    `readings day: the service behind GET /api/devices/{id}/readings/series?from&to&buckets=${BUCKETS} (the device looked up in its organization, then count/avg/min/max/last per 5-minute bucket of one day: 8,640 readings of one scale out of the generated --readings-rows, read from the covering (device_id, recorded_at) index, the table vacuumed after it was filled as autovacuum would), called directly, each run another scale and day; p50 = median, p99 = slowest run. Issue target: < 50 ms p95 at 10,000,000 rows. Baseline: the same aggregate's bare SQL through pg.`,
  run: async (ctx) => {
    const f = await fixture(ctx.db);
    const next = rotation(await history(ctx));
    const app = serviceContext(ctx);
    return timeRuns(
      async () => {
        const q = next();
        const s = await series(app, f.caller, q.device, {
          from: q.from,
          to: q.to,
          kind: 'weight',
          buckets: BUCKETS,
        });
        if (!s.points.length) throw new Error('a generated day answered no readings');
      },
      Math.max(ctx.query.runs, 20),
      ctx.db.postmasterPid,
    );
  },
};

export const readingsDaySql: Scenario = {
  id: 'readings-day-sql',
  name: `pg the same day's aggregate, bare SQL`,
  unit: 'run',
  run: async (ctx) => {
    const f = await fixture(ctx.db);
    const next = rotation(await history(ctx));
    const { pool } = ctx.db.database;
    return timeRuns(
      async () => {
        const q = next();
        await pool.query(BARE, [q.device, q.from, q.to, f.organizationId, 86_400 / BUCKETS]);
      },
      Math.max(ctx.query.runs, 20),
      ctx.db.postmasterPid,
    );
  },
};

export const readingsScenarios = [readingsIngest, readingsInsert, readingsDay, readingsDaySql];
