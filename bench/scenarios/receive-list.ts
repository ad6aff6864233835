import assert from 'node:assert/strict';
import { getTableColumns, type Table } from 'drizzle-orm';
import Fastify from 'fastify';
import type pg from 'pg';
import { receiveLines, receiveRecords } from '../../apps/server/src/db/schema/index.ts';
import { linesOf, listRecordsQuery } from '../../apps/server/src/modules/intake/intake.repo.ts';
import { timeZoneOf } from '../../apps/server/src/modules/organization/organization.repo.ts';
import { receivePhotoLinks } from '../../apps/server/src/modules/photos/photos.repo.ts';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/data.ts';
import { withResource } from '../lib/cleanup.ts';
import { httpScenario } from '../lib/http.ts';
import type { BenchContext } from '../lib/scenario.ts';
import { benchApp, signIn } from './app.ts';
import { receiveFixture } from './receive-fixture.ts';
import { operatorEmail } from './receive-posting.ts';

const LIMIT = 20;
const APP_PATH = `/api/receive-records?limit=${LIMIT}`;

type Page = { items: { id: string; lines: unknown[] }[]; next_cursor: string | null };

/** What EXPLAIN ANALYZE found for the list query; printed in the app row's note. */
let planSummary: string | undefined;

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

const walk = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(walk)];
const nodeName = (n: PlanNode) =>
  `${n['Node Type']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}`;

/**
 * The list's own query (the repo builds it, as the service calls it for the first page) under
 * EXPLAIN ANALYZE: it must read receive_records through an index in the list's order and stop after
 * the page, never sort the organization's records. Returns the plan's outline for the note.
 */
async function explainList(ctx: BenchContext, organizationId: string, records: number): Promise<string> {
  const { db, pool } = ctx.db.database;
  const timeZone = await timeZoneOf(db, organizationId);
  const q = listRecordsQuery(db, organizationId, { timeZone }, LIMIT + 1).toSQL();
  const { rows } = await pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${q.sql}`,
    q.params,
  );
  const explained = rows[0]?.['QUERY PLAN'][0];
  const top = explained?.Plan;
  if (!top) throw new Error('EXPLAIN returned no plan');
  const nodes = walk(top);
  const sorts = nodes.filter((n) => n['Node Type'].includes('Sort'));
  const scan = nodes.find((n) => n['Relation Name'] === 'receive_records');
  if (!scan) throw new Error(`the list query reads no receive_records: ${nodes.map(nodeName).join(' → ')}`);
  const read = (scan['Actual Rows'] ?? 0) * (scan['Actual Loops'] ?? 1);
  assert.equal(sorts.length, 0, `the list query sorts: ${nodes.map(nodeName).join(' → ')}`);
  assert.ok(
    scan['Node Type'].startsWith('Index'),
    `receive_records is not read through an index: ${nodeName(scan)}`,
  );
  assert.ok(read <= LIMIT + 1, `the list query read ${read} receive records for a page of ${LIMIT}`);
  const outline = nodes.map(nodeName).join(' → ');
  return `${outline}; ${read} of ${records.toLocaleString('en-US')} records read, no Sort, ${explained['Execution Time'].toFixed(2)} ms`;
}

/** The operator's first page of receive records, newest first: routes → service → repo, zod, Drizzle. */
export const receiveListApp = httpScenario({
  id: 'receive-list',
  name: `app GET receive-records?limit=${LIMIT}`,
  baseline: 'receive-list-bare-pg',
  path: APP_PATH,
  waits: true,
  server: async (ctx) => {
    const f = await receiveFixture(ctx);
    planSummary = await explainList(ctx, f.organizationId, f.records);
    return benchApp(ctx);
  },
  headers: (origin) => signIn(origin, operatorEmail, DEMO_PASSWORD),
  check: (body) => {
    const page = body as Page;
    assert.equal(page.items.length, LIMIT);
    assert.equal(typeof page.next_cursor, 'string');
    assert.ok(page.items.every((r) => r.lines.length === 1));
  },
  note: () =>
    `app receive-records list: GET /api/receive-records?limit=${LIMIT} signed in as the operator (bearer token; the session cached 1 s), through authentication, permissions, zod validation and response serialization, the service and Drizzle's prepared queries (built once per filter shape, named statements): ${LIMIT + 1} records newest first with supplier and facility, then their lines (material, lot) and photos, two queries at once. The organization holds the generated receive records (see --receive-records; one line each, posted with a lot but one in 50 drafts). EXPLAIN ANALYZE of the list query: ${planSummary ?? 'not run'}. Baseline: the same SQL statements (taken from the repo's Drizzle queries) on the same pool behind a bare Fastify route, rows mapped to the same JSON by hand (checked equal). Target ≥ 0.8×.`,
});

/** Positions of a table's columns in a Drizzle select of the whole table (its columns, in order). */
function positions<T extends Table>(table: T) {
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((k, i) => [k, i])) as Record<
    keyof T['_']['columns'],
    number
  >;
}

// The selects' shapes: listRecords {record, supplier{id,code,name}, facility{…}}; linesOf {line,
// material{id,code,name}, lot{id,code}, scale (json or null)}; photosOf {recordId, position, file{9 facts}}.
const R = positions(receiveRecords);
const RN = Object.keys(R).length;
const L = positions(receiveLines);
const LN = Object.keys(L).length;

type LineScale = { device: unknown; reading: unknown; scale_calibration_overdue: boolean };
const scaleOf = (scale: LineScale | null) => ({
  device: scale?.device ?? null,
  reading: scale?.reading ?? null,
  scale_calibration_overdue: scale?.scale_calibration_overdue ?? false,
});

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const sum = (values: string[], scale: number) => {
  const total = values.reduce((acc, v) => acc + BigInt(v.replace('.', '')), 0n);
  const s = total.toString().padStart(scale + 1, '0');
  return `${s.slice(0, -scale)}.${s.slice(-scale)}`;
};

type Row = unknown[];
type Sql = { sql: string; params: unknown[] };

/**
 * The same statements the service sends for the first page, on the same pool, behind a bare route:
 * no authentication, no schema validation or serialization, no Drizzle (its SQL text is built once),
 * named prepared statements as the app's, rows read as arrays and mapped to the app's JSON by hand.
 */
export const receiveListBarePg = httpScenario({
  id: 'receive-list-bare-pg',
  name: `bare Fastify + pg, same SQL (${LIMIT} records)`,
  path: `/receive-records?limit=${LIMIT}`,
  waits: true,
  server: async (ctx) => {
    const f = await receiveFixture(ctx);
    const org = f.organizationId;
    const { db, pool } = ctx.db.database;
    // The SQL text of each statement, built once by the repo's own Drizzle queries.
    const list = listRecordsQuery(db, org, { timeZone: 'UTC' }, LIMIT + 1).toSQL();
    assert.deepEqual(list.params, [org, LIMIT + 1], 'the list query takes other parameters now');
    const texts = {
      lines: linesOf(db, []).toSQL().sql,
      photos: receivePhotoLinks.photosOf(db, org, []).toSQL().sql,
    };
    const run = (name: string, q: Sql) =>
      pool.query<Row>({ name: `bare_${name}`, text: q.sql, values: q.params, rowMode: 'array' });
    const app = Fastify();
    app.get('/receive-records', async (req) => {
      const limit = Number((req.query as { limit?: string }).limit ?? 50);
      return page(run, await run('list', { sql: list.sql, params: [org, limit + 1] }), limit, texts, org);
    });
    return app;
  },
  // The baseline is only fair if it answers exactly what the app answers.
  check: async (body, ctx) => assert.deepEqual(body, await appFirstPage(ctx)),
});

async function page(
  run: (name: string, q: Sql) => Promise<pg.QueryResult<Row>>,
  result: pg.QueryResult<Row>,
  limit: number,
  texts: { lines: string; photos: string },
  org: string,
) {
  const rows = result.rows.slice(0, limit);
  const ids = rows.map((r) => r[R.id] as string);
  const [lines, photos] = ids.length
    ? await Promise.all([
        run('lines', { sql: texts.lines, params: [ids] }),
        run('photos', { sql: texts.photos, params: [org, ids] }),
      ])
    : [undefined, undefined];
  const last = rows.at(-1);
  return {
    items: rows.map((r) => {
      const id = r[R.id] as string;
      const mine = (lines?.rows ?? []).filter((l) => l[L.recordId] === id);
      return {
        id,
        number: r[R.number],
        status: r[R.status],
        supplier: { id: r[RN], code: r[RN + 1], name: r[RN + 2] },
        facility: { id: r[RN + 3], code: r[RN + 4], name: r[RN + 5] },
        order: r[RN + 6] ? { id: r[RN + 6], number: r[RN + 7] } : null,
        received_at: iso(r[R.receivedAt] as Date),
        weighbridge_ticket: r[R.weighbridgeTicket],
        scale_device_id: r[R.scaleDeviceId],
        vehicle_plate: r[R.vehiclePlate],
        notes: r[R.notes],
        lines: mine.map((l) => ({
          id: l[L.id],
          line_no: l[L.lineNo],
          material: { id: l[LN], code: l[LN + 1], name: l[LN + 2] },
          gross_kg: l[L.grossKg],
          tare_kg: l[L.tareKg],
          net_kg: l[L.netKg],
          deduction_pct: l[L.deductionPct],
          payable_kg: l[L.payableKg],
          unit_price: l[L.unitPrice],
          amount: l[L.amount],
          lot: l[LN + 3] ? { id: l[LN + 3], code: l[LN + 4] } : null,
          ...scaleOf(l[LN + 5] as LineScale | null),
        })),
        photos: (photos?.rows ?? [])
          .filter((p) => p[0] === id)
          .map((p) => {
            const url = `/api/receive-records/${id}/photos/${p[2]}`;
            return {
              id: p[2],
              mime: p[4],
              size: p[5],
              original_name: p[6],
              captured_at: iso(p[7] as Date | null),
              latitude: p[8],
              longitude: p[9],
              position: p[1],
              created_at: iso(p[10] as Date),
              url,
              thumbnail_url: `${url}/thumbnail`,
            };
          }),
        total_net_kg: sum(
          mine.map((l) => l[L.netKg] as string),
          3,
        ),
        total_amount: sum(
          mine.map((l) => l[L.amount] as string),
          2,
        ),
        currency: 'PHP',
        posted_at: iso(r[R.postedAt] as Date | null),
        voided_at: iso(r[R.voidedAt] as Date | null),
        void_reason: r[R.voidReason],
        created_at: iso(r[R.createdAt] as Date),
        version: r[R.version],
      };
    }),
    next_cursor:
      result.rows.length > limit && last
        ? Buffer.from(JSON.stringify([iso(last[R.receivedAt] as Date), last[R.id]])).toString('base64url')
        : null,
  };
}

/** The app's answer for the operator's first page (its own server, signed in), to compare with. */
function appFirstPage(ctx: BenchContext): Promise<unknown> {
  return withResource(
    () => benchApp(ctx),
    (app) => app.close(),
    async (app) => {
      const origin = await app.listen({ host: '127.0.0.1', port: 0 });
      const headers = await signIn(origin, operatorEmail, DEMO_PASSWORD);
      const res = await fetch(new URL(APP_PATH, origin), { headers });
      if (res.status !== 200) throw new Error(`GET ${APP_PATH}: ${res.status} ${await res.text()}`);
      return res.json();
    },
  );
}

export const receiveListScenarios = [receiveListApp, receiveListBarePg];
