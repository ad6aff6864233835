import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { factsBacklog, refreshAllFacts, refreshFacts } from './facts.repo.ts';
import { refreshRound } from './facts.worker.ts';

// The daily facts must equal the records they summarise: each measure is compared with a sum written
// here independently, over the whole history and per day, before and after the cache is refreshed.

const ctx = useTestApp();
let org = '';
let admin: TestClient;

beforeAll(async () => {
  ({ organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 5,
    slug: 'facts',
    asOf: new Date('2026-10-15T00:00:00Z'),
    deliveries: true,
  }));
  admin = await (await client(ctx.app)).login('admin.facts@demo.plastrace.ph', DEMO_PASSWORD);
}, 240_000);

type Totals = Record<string, string>;

/**
 * Each measure's totals as `pt_facts` answers them; `pt_facts_coarse` (whole months as their monthly sums)
 * must answer the same, over the whole history and over a range that starts and ends mid-month.
 */
async function factTotals(): Promise<Totals> {
  const totals = async (fn: 'pt_facts' | 'pt_facts_coarse', from: string, to: string) => {
    const { rows } = await ctx.database.db.execute<{ measure: string; t: string }>(sql`
      SELECT measure, concat_ws('|', sum(kg), sum(kg2), sum(php), sum(php2), sum(kwh), sum(n)) AS t
      FROM ${sql.raw(fn)}(${org}, ${from}::date, ${to}::date) GROUP BY measure ORDER BY measure`);
    return Object.fromEntries(rows.map((r) => [r.measure, r.t]));
  };
  const all = await totals('pt_facts', '1900-01-01', '9999-12-30');
  expect(norm(await totals('pt_facts_coarse', '1900-01-01', '9999-12-30'))).toEqual(norm(all));
  expect(norm(await totals('pt_facts_coarse', '2026-06-17', '2026-09-12'))).toEqual(
    norm(await totals('pt_facts', '2026-06-17', '2026-09-12')),
  );
  return all;
}

/** The same totals straight from the records and ledgers. */
async function directTotals(): Promise<Totals> {
  const { rows } = await ctx.database.db.execute<{ measure: string; t: string }>(sql`
    WITH recv AS (
      SELECT 'received' AS measure, concat_ws('|', sum(l.net_kg), sum(l.payable_kg), sum(l.amount), 0, 0, count(*)) AS t
      FROM receive_lines l JOIN receive_records r ON r.id = l.record_id
      WHERE r.organization_id = ${org} AND r.status = 'posted' HAVING count(*) > 0
    ), runs AS (
      SELECT 'run' AS measure, concat_ws('|',
        (SELECT sum(kg) FROM production_inputs i JOIN production_records p ON p.id = i.record_id WHERE p.organization_id = ${org} AND p.status = 'posted'),
        (SELECT sum(kg) FROM production_outputs o JOIN production_records p ON p.id = o.record_id WHERE p.organization_id = ${org} AND p.status = 'posted'),
        coalesce(sum(energy_cost_php), 0), 0, coalesce(sum(energy_kwh), 0), count(*)) AS t
      FROM production_records WHERE organization_id = ${org} AND status = 'posted' HAVING count(*) > 0
    ), produced AS (
      SELECT 'produced' AS measure, concat_ws('|', sum(o.kg), 0, coalesce(sum(o.value_php), 0), 0, 0, count(*)) AS t
      FROM production_outputs o JOIN production_records p ON p.id = o.record_id
      WHERE p.organization_id = ${org} AND p.status = 'posted' HAVING count(*) > 0
    ), consumed AS (
      SELECT 'consumed' AS measure, concat_ws('|', sum(i.kg), 0, coalesce(sum(i.value_php), 0), 0, 0, count(*)) AS t
      FROM production_inputs i JOIN production_records p ON p.id = i.record_id
      WHERE p.organization_id = ${org} AND p.status = 'posted' HAVING count(*) > 0
    ), lost AS (
      SELECT 'lost' AS measure, concat_ws('|', sum(x.kg), 0, 0, 0, 0, count(*)) AS t
      FROM production_losses x JOIN production_records p ON p.id = x.record_id
      WHERE p.organization_id = ${org} AND p.status = 'posted' HAVING count(*) > 0
    ), sent AS (
      SELECT 'dispatched' AS measure, concat_ws('|', sum(l.kg), 0, sum(l.amount), coalesce(sum(l.value_php), 0), 0, count(*)) AS t
      FROM dispatch_lines l JOIN dispatch_records d ON d.id = l.record_id
      WHERE d.organization_id = ${org} AND d.status = 'posted' HAVING count(*) > 0
    ), stock AS (
      SELECT 'stock' AS measure, concat_ws('|', sum(qty_kg), 0, sum(value_php), 0, 0, count(*)) AS t
      FROM stock_movements WHERE organization_id = ${org} HAVING count(*) > 0
    ), pay AS (
      SELECT 'payables' AS measure, concat_ws('|', 0, 0, sum(amount), 0, 0, count(*)) AS t
      FROM supplier_ledger WHERE organization_id = ${org} HAVING count(*) > 0
    ), rec AS (
      SELECT 'receivables' AS measure, concat_ws('|', 0, 0, sum(amount), 0, 0, count(*)) AS t
      FROM customer_ledger WHERE organization_id = ${org} HAVING count(*) > 0
    )
    SELECT * FROM recv UNION ALL SELECT * FROM runs UNION ALL SELECT * FROM produced UNION ALL SELECT * FROM consumed UNION ALL SELECT * FROM lost
    UNION ALL SELECT * FROM sent UNION ALL SELECT * FROM stock UNION ALL SELECT * FROM pay UNION ALL SELECT * FROM rec`);
  return Object.fromEntries(rows.map((r) => [r.measure, r.t]));
}

/** Normalises "12.500|3" and "12.5|3" alike. */
const norm = (t: Totals) =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.split('|').map((x) => Number(x).toFixed(3))]));

/** Net kg received per day in Manila, straight from the records. */
async function receivedByDay(tz: string) {
  const { rows } = await ctx.database.db.execute<{ day: string; kg: string }>(sql`
    SELECT to_char((r.received_at AT TIME ZONE ${tz})::date, 'YYYY-MM-DD') AS day, sum(l.net_kg)::text AS kg
    FROM receive_lines l JOIN receive_records r ON r.id = l.record_id
    WHERE r.organization_id = ${org} AND r.status = 'posted' GROUP BY 1 ORDER BY 1`);
  return rows.map((r) => `${r.day} ${Number(r.kg).toFixed(3)}`);
}

async function factReceivedByDay() {
  const { rows } = await ctx.database.db.execute<{ day: string; kg: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(kg)::text AS kg FROM pt_facts(${org}, '1900-01-01', '9999-12-30')
    WHERE measure = 'received' GROUP BY 1 ORDER BY 1`);
  return rows.map((r) => `${r.day} ${Number(r.kg).toFixed(3)}`);
}

/** Who, where and what a test delivery names: a supplier, MNL1 and clear PET bottles. */
async function petDelivery() {
  const { rows } = await ctx.database.db.execute<{
    supplier: string;
    facility: string;
    material: string;
  }>(sql`
    SELECT (SELECT id FROM suppliers WHERE organization_id = ${org} AND archived_at IS NULL LIMIT 1) AS supplier,
      (SELECT id FROM facilities WHERE organization_id = ${org} AND code = 'MNL1') AS facility,
      (SELECT id FROM materials WHERE organization_id = ${org} AND code = 'PET_BOTTLES_CLEAR') AS material`);
  const row = rows[0];
  if (!row) throw new Error('no demo master data');
  return row;
}

describe('daily facts', () => {
  it('equal the records before the cache is refreshed (every day computed live) and after', async () => {
    const direct = norm(await directTotals());
    expect(Object.keys(direct)).toEqual(
      expect.arrayContaining([
        'received',
        'run',
        'consumed',
        'produced',
        'lost',
        'dispatched',
        'stock',
        'payables',
      ]),
    );
    expect((await factsBacklog(ctx.database.db)).days).toBeGreaterThan(30);
    expect(norm(await factTotals())).toEqual(direct);
    expect(await factReceivedByDay()).toEqual(await receivedByDay('Asia/Manila'));

    expect(await refreshAllFacts(ctx.database.db)).toBeGreaterThan(30);
    expect((await factsBacklog(ctx.database.db)).marks).toBe(0);
    const cached = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM daily_facts WHERE organization_id = ${org}`,
    );
    expect(cached.rows[0]?.n).toBeGreaterThan(100);
    expect(norm(await factTotals())).toEqual(direct);
    expect(await factReceivedByDay()).toEqual(await receivedByDay('Asia/Manila'));
  });

  it('count a back-dated delivery on its own day at once, and drop it from that day when voided', async () => {
    await refreshAllFacts(ctx.database.db);
    const pet = await petDelivery();
    const draft = await admin.post('/api/receive-records', {
      supplier_id: pet.supplier,
      facility_id: pet.facility,
      received_at: '2026-08-03T23:30:00+08:00',
      lines: [{ material_id: pet.material, gross_kg: 1234.5, tare_kg: 0.5, unit_price: 12 }],
    });
    expect(draft.statusCode).toBe(201);
    const before = await factReceivedByDay();
    expect((await admin.post(`/api/receive-records/${draft.json().id}/post`)).statusCode).toBe(200);
    const after = await factReceivedByDay();
    expect(after).toEqual(await receivedByDay('Asia/Manila'));
    expect(after).not.toEqual(before);
    expect(norm(await factTotals())).toEqual(norm(await directTotals()));

    await refreshAllFacts(ctx.database.db);
    const voided = await admin.post(`/api/receive-records/${draft.json().id}/void`, {
      reason: 'Weighed twice',
    });
    expect(voided.statusCode).toBe(200);
    expect(await factReceivedByDay()).toEqual(before);
    expect(norm(await factTotals())).toEqual(norm(await directTotals()));
    await refreshAllFacts(ctx.database.db);
    expect(await factReceivedByDay()).toEqual(before);
    expect(norm(await factTotals())).toEqual(norm(await directTotals()));
  });

  it('count a back-dated delivery saved and posted in one call on its own day', async () => {
    await refreshAllFacts(ctx.database.db);
    const before = await factReceivedByDay();
    const pet = await petDelivery();
    const posted = await admin.post('/api/receive-records?post=true', {
      supplier_id: pet.supplier,
      facility_id: pet.facility,
      received_at: '2026-07-14T07:15:00+08:00',
      lines: [{ material_id: pet.material, gross_kg: 321.5, unit_price: 11 }],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const after = await factReceivedByDay();
    expect(after).not.toEqual(before);
    expect(after).toEqual(await receivedByDay('Asia/Manila'));
    await refreshAllFacts(ctx.database.db);
    expect(await factReceivedByDay()).toEqual(after);
  });

  it('keep a posting that commits while a refresh runs (its mark outlives the refresh)', async () => {
    await refreshAllFacts(ctx.database.db);
    const other = new pg.Client({ connectionString: ctx.database.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(
        `INSERT INTO supplier_ledger (id, organization_id, supplier_id, kind, amount, method, reference)
         SELECT gen_random_uuid(), $1, id, 'payment', -777.77, 'cash', NULL FROM suppliers
         WHERE organization_id = $1 LIMIT 1`,
        [org],
      );
      // The refresh runs while the payment is not committed: it cannot see it, and must not forget it.
      await refreshAllFacts(ctx.database.db);
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    expect((await factsBacklog(ctx.database.db)).marks).toBeGreaterThan(0);
    expect(norm(await factTotals())).toEqual(norm(await directTotals()));
    await refreshAllFacts(ctx.database.db);
    expect(norm(await factTotals())).toEqual(norm(await directTotals()));
  });

  it('move records to their new days when the organization changes its time zone', async () => {
    await refreshAllFacts(ctx.database.db);
    // A delivery on a day with no facts yet, only marked when the zone changes: in Los Angeles it falls on
    // the day before, which the change must mark too.
    const pet = await petDelivery();
    const posted = await admin.post('/api/receive-records?post=true', {
      supplier_id: pet.supplier,
      facility_id: pet.facility,
      received_at: '2026-01-05T05:00:00+08:00',
      lines: [{ material_id: pet.material, gross_kg: 77.25, unit_price: 10 }],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await ctx.database.db.execute(
      sql`UPDATE organizations SET time_zone = 'America/Los_Angeles' WHERE id = ${org}`,
    );
    expect(await factReceivedByDay()).toEqual(await receivedByDay('America/Los_Angeles'));
    await refreshAllFacts(ctx.database.db);
    expect(await factReceivedByDay()).toEqual(await receivedByDay('America/Los_Angeles'));
    await ctx.database.db.execute(sql`UPDATE organizations SET time_zone = 'Asia/Manila' WHERE id = ${org}`);
    await refreshAllFacts(ctx.database.db);
    expect(await factReceivedByDay()).toEqual(await receivedByDay('Asia/Manila'));
  });

  it('refresh in a round the days marked when it began, leaving later marks to the next round', async () => {
    const db = ctx.database.db;
    await refreshAllFacts(db);
    const mark = (day: string) =>
      db.execute(sql`INSERT INTO fact_marks (organization_id, day) VALUES (${org}, ${day}::date)`);
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) await mark(day);
    // Postings go on while the round runs: one more mark before each of its calls.
    let calls = 0;
    const days = await refreshRound(
      db,
      () => false,
      2,
      async (h, limit) => {
        calls++;
        await mark('2026-03-04');
        return refreshFacts(h, limit);
      },
    );
    expect(calls).toBe(2);
    expect(days).toBe(4);
    expect((await factsBacklog(db)).marks).toBe(1);
    expect(await refreshRound(db, () => false)).toBe(1);
    expect((await factsBacklog(db)).marks).toBe(0);
    expect(await refreshRound(db, () => true)).toBe(0);
  });
});
