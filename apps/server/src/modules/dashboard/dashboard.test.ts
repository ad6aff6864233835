import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { refreshAllFacts } from '../facts/facts.repo.ts';

// The dashboard's figures against sums written here straight over the records and ledgers, with the
// periods computed by PostgreSQL in the organization's zone (Asia/Manila) from now, as the dashboard's are.

const ctx = useTestApp();
let org = '';
const as: Record<string, TestClient> = {};

beforeAll(async () => {
  ({ organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 8,
    slug: 'dash',
    asOf: new Date(),
    deliveries: true,
  }));
  for (const role of ['admin', 'operator', 'supplier'])
    as[role] = await (await client(ctx.app)).login(`${role}.dash@demo.plastrace.ph`, DEMO_PASSWORD);
}, 240_000);

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> =>
  (await ctx.database.db.execute(query)).rows[0] as T;

/** Net kg received between two local days (inclusive), straight from the posted lines. */
const receivedKg = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) =>
  one<{ kg: string }>(sql`
    SELECT coalesce(sum(l.net_kg), 0)::numeric(18,3)::text AS kg FROM receive_lines l
    JOIN receive_records r ON r.id = l.record_id
    WHERE r.organization_id = ${org} AND r.status = 'posted'
      AND (r.received_at AT TIME ZONE 'Asia/Manila')::date BETWEEN ${from} AND ${to}`);

describe('GET /api/dashboard/summary — operations', () => {
  it('matches the records: received, stock, money, production, dispatches, trend', async () => {
    const check = async () => {
      const res = await as.admin?.get('/api/dashboard/summary');
      expect(res?.statusCode).toBe(200);
      const ops = res?.json().operations;
      // The answer's today anchors every sum, so a Manila midnight between the two reads changes nothing.
      const today = sql`${ops.today}::date`;
      const monthStart = sql`date_trunc('month', ${today})::date`;
      expect(
        Math.abs(
          Date.parse(ops.today) -
            Date.parse(
              (await one<{ d: string }>(sql`SELECT (now() AT TIME ZONE 'Asia/Manila')::date::text AS d`)).d,
            ),
        ),
      ).toBeLessThanOrEqual(86_400_000);
      expect(ops.received.today.current).toBe((await receivedKg(today, today)).kg);
      expect(ops.received.month.current).toBe((await receivedKg(monthStart, today)).kg);
      expect(ops.received.week.current).toBe(
        (await receivedKg(sql`date_trunc('week', ${today})::date`, today)).kg,
      );
      expect(ops.received.month.previous).toBe(
        (
          await receivedKg(
            sql`(${monthStart} - interval '1 month')::date`,
            sql`least((${today} - interval '1 month')::date, ${monthStart} - 1)`,
          )
        ).kg,
      );
      const stock = await one<{ kg: string; value: string }>(sql`
        SELECT sum(qty_kg)::numeric(18,3)::text AS kg, sum(value_php)::numeric(18,2)::text AS value
        FROM stock_movements WHERE organization_id = ${org}`);
      expect(ops.stock.total_kg).toBe(stock.kg);
      expect(ops.stock.total_value).toBe(stock.value);
      const money = await one<{ pay: string; rec: string }>(sql`
        SELECT (SELECT sum(amount) FROM supplier_ledger WHERE organization_id = ${org})::numeric(18,2)::text AS pay,
          (SELECT coalesce(sum(amount), 0) FROM customer_ledger WHERE organization_id = ${org})::numeric(18,2)::text AS rec`);
      expect(ops.payables).toBe(money.pay);
      expect(ops.receivables).toBe(money.rec);
      const runs = await one<{ n: number; input: string; output: string }>(sql`
        SELECT count(*)::int AS n,
          coalesce(sum((SELECT sum(kg) FROM production_inputs i WHERE i.record_id = p.id)), 0)::numeric(18,3)::text AS input,
          coalesce(sum((SELECT sum(kg) FROM production_outputs o WHERE o.record_id = p.id)), 0)::numeric(18,3)::text AS output
        FROM production_records p WHERE p.organization_id = ${org} AND p.status = 'posted'
          AND (p.ended_at AT TIME ZONE 'Asia/Manila')::date BETWEEN ${monthStart} AND ${today}`);
      expect(ops.production.runs).toBe(runs.n);
      expect(ops.production.input_kg).toBe(runs.input);
      expect(ops.production.output_kg).toBe(runs.output);
      const trend = await ctx.database.db.execute<{ month: string; kg: string }>(sql`
        SELECT to_char(d.dispatched_at AT TIME ZONE 'Asia/Manila', 'YYYY-MM') AS month,
          sum(l.kg)::numeric(18,3)::text AS kg
        FROM dispatch_lines l JOIN dispatch_records d ON d.id = l.record_id
        WHERE d.organization_id = ${org} AND d.status = 'posted'
          AND (d.dispatched_at AT TIME ZONE 'Asia/Manila')::date >= (${monthStart} - interval '11 months')::date
        GROUP BY 1`);
      expect(ops.trend).toHaveLength(12);
      expect(trend.rows.length).toBeGreaterThan(0);
      for (const row of trend.rows)
        expect(ops.trend.find((t: { month: string }) => t.month === row.month)?.dispatched_kg).toBe(row.kg);
      return ops;
    };
    const live = await check();
    await refreshAllFacts(ctx.database.db);
    const cached = await check();
    // The same answer from the cache as computed live (unless a Manila midnight fell between the two).
    if (cached.today === live.today) expect(cached).toEqual(live);
  });

  it('raises an alert for a quarantined lot, with a link to the lots', async () => {
    const lot = await one<{ id: string }>(sql`
      SELECT l.id FROM lots l JOIN lot_balances b ON b.lot_id = l.id
      WHERE l.organization_id = ${org} AND l.status = 'available' AND b.qty_kg > 0 LIMIT 1`);
    const before = (await as.admin?.get('/api/dashboard/summary'))?.json().operations.alerts;
    const quarantined = await as.admin?.post(`/api/lots/${lot.id}/quarantine`, {
      reason: 'Smells of solvent',
    });
    expect(quarantined?.statusCode).toBe(200);
    const alerts = (await as.admin?.get('/api/dashboard/summary'))?.json().operations.alerts;
    const count = (list: { kind: string; count: number }[] | undefined) =>
      list?.find((a) => a.kind === 'quarantined_lots')?.count ?? 0;
    expect(count(alerts)).toBe(count(before) + 1);
    expect(alerts.find((a: { kind: string }) => a.kind === 'quarantined_lots').link).toBe(
      '/batch-management?status=quarantined',
    );
  });

  it('flags a posted stock count more than 0.5 % off its book, and not one within it', async () => {
    const flagged = async () => {
      const res = await as.admin?.get('/api/dashboard/summary');
      const alerts: { kind: string; count: number }[] = res?.json().operations.alerts ?? [];
      return alerts.find((a) => a.kind === 'flagged_counts')?.count ?? 0;
    };
    const before = await flagged();
    const facility = await one<{ id: string }>(sql`
      SELECT b.facility_id AS id FROM lot_balances b JOIN lots l ON l.id = b.lot_id
      WHERE b.organization_id = ${org} AND b.qty_kg > 1000 AND l.status = 'available'
      GROUP BY b.facility_id ORDER BY count(*) DESC LIMIT 1`);
    /** Counts the facility: one lot of over a tonne at `factor` × its book, the rest as booked; posts it. */
    const count = async (factor: number) => {
      const opened = await as.admin?.post('/api/stock-counts', { facility_id: facility.id });
      expect(opened?.statusCode, opened?.body).toBe(201);
      const c = opened?.json();
      type Line = { lot: { id: string }; book_kg: string };
      const target = c.lines.find((l: Line) => Number(l.book_kg) > 1000);
      // Every lot must be counted: the others as booked, the target off by `factor`.
      const saved = await as.admin?.request('PUT', `/api/stock-counts/${c.id}/lines`, {
        lines: c.lines.map((l: Line) => ({
          lot_id: l.lot.id,
          counted_kg: l === target ? (Number(l.book_kg) * factor).toFixed(3) : l.book_kg,
        })),
      });
      expect(saved?.statusCode, saved?.body).toBe(200);
      const posted = await as.admin?.post(`/api/stock-counts/${c.id}/post`, {
        version: saved?.json().version,
      });
      expect(posted?.statusCode, posted?.body).toBe(200);
    };
    await count(0.998);
    expect(await flagged()).toBe(before);
    await count(0.99);
    expect(await flagged()).toBe(before + 1);
  });

  it('shows an operator no sales or receivables, and a supplier member no operations at all', async () => {
    const ops = (await as.operator?.get('/api/dashboard/summary'))?.json().operations;
    expect(ops.received.month.current).toMatch(/^\d+\.\d{3}$/);
    expect(ops.receivables).toBeNull();
    expect(ops.dispatched.sales).toBeNull();
    const supplier = (await as.supplier?.get('/api/dashboard/summary'))?.json();
    expect(supplier.operations).toBeNull();
    expect(supplier.supplier).not.toBeNull();
  });
});
