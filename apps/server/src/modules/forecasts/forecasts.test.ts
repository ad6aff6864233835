import { type Forecast, type ForecastWarnings, formatUnits, toUnits } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

// /api/forecasts on the demo's six months of deliveries (received before 15 Oct 2026, Manila): every
// history is compared with weekly sums written here straight over the receive records, every backtest
// error recomputed from the answer's own figures, and every warning with the stock ledger, the orders and
// the dispatches and runs read directly.

const ctx = useTestApp();
const ROLES = ['admin', 'manager', 'operator', 'auditor', 'supplier'] as const;
const as: Record<(typeof ROLES)[number], TestClient> = {} as never;
let org = '';
const material: Record<string, string> = {};

const AS_OF = '2026-10-15';
const TZ = 'Asia/Manila';
const DAY = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const monday = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const todayInManila = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 5,
    slug: 'fcst',
    asOf: new Date(`${AS_OF}T00:00:00Z`),
    deliveries: true,
  }));
  for (const role of ROLES)
    as[role] = await (await client(ctx.app)).login(`${role}.fcst@demo.plastrace.ph`, DEMO_PASSWORD);
  const { rows } = await ctx.database.db.execute<{ code: string; id: string }>(
    sql`SELECT code, id FROM materials WHERE organization_id = ${org}`,
  );
  for (const r of rows) material[r.code] = r.id;
}, 240_000);

/** Net kg, payable kg and amount owed per Monday-week (Manila) before `before`, from the records. */
async function directWeeks(before: string, materialId?: string) {
  const { rows } = await ctx.database.db.execute<{ week: string; kg: string; kg2: string; php: string }>(sql`
    SELECT to_char(date_trunc('week', (r.received_at AT TIME ZONE ${TZ})::date), 'YYYY-MM-DD') AS week,
           sum(l.net_kg)::text AS kg, sum(l.payable_kg)::text AS kg2, sum(l.amount)::text AS php
    FROM receive_lines l JOIN receive_records r ON r.id = l.record_id
    WHERE r.organization_id = ${org} AND r.status = 'posted'
      AND r.received_at < (${before}::date)::timestamp AT TIME ZONE ${TZ}
      ${materialId ? sql`AND l.material_id = ${materialId}` : sql``}
    GROUP BY 1 ORDER BY 1`);
  return rows;
}

/** Every Monday from `first` through `last`. */
const mondays = (first: string, last: string) => {
  const out: string[] = [];
  for (let w = first; w <= last; w = shift(w, 7)) out.push(w);
  return out;
};

/** The backtest's MAPE, recomputed from the figures the answer shows. */
function recomputedMape(f: Forecast, which: 'predicted' | 'naive') {
  const rows = (f.backtest?.weeks ?? []).filter((w) => w.compared);
  if (!rows.length) return null;
  const sum = rows.reduce((a, w) => a + Math.abs(Number(w.actual) - Number(w[which])) / Number(w.actual), 0);
  return ((sum / rows.length) * 100).toFixed(1);
}

/** What every sufficient forecast holds to: weeks, band, backtest against its own history. */
function checkForecast(f: Forecast, weeks: number, lastWeek: string) {
  expect(f.message).toBeNull();
  expect(f.forecast.map((p) => p.week)).toEqual(
    Array.from({ length: weeks }, (_, i) => shift(shift(lastWeek, 7), 7 * i)),
  );
  for (const p of f.forecast) {
    expect(Number(p.low)).toBeGreaterThanOrEqual(0);
    expect(Number(p.low)).toBeLessThanOrEqual(Number(p.value));
    expect(Number(p.high)).toBeGreaterThanOrEqual(Number(p.value));
  }
  expect(f.model?.name).toMatch(/^ARIMA\(\d,\d,\d\)$/);
  const bt = f.backtest;
  if (!bt) throw new Error('no backtest');
  const held = f.history.slice(-8);
  expect(bt.weeks.map((w) => [w.week, w.actual])).toEqual(held.map((h) => [h.week, h.value]));
  // The naive forecast: the last value known before the backtest (a price: the last one paid).
  const before = f.history.slice(0, -8).findLast((h) => h.value !== null)?.value;
  expect(bt.weeks.every((w) => w.naive === before)).toBe(true);
  expect(bt.weeks.map((w) => w.compared)).toEqual(
    bt.weeks.map((w) => w.actual !== null && Number(w.actual) > 0),
  );
  expect(bt.weeks_compared).toBe(bt.weeks.filter((w) => w.compared).length);
  expect(bt.mape_pct).toMatch(/^\d+\.\d$/);
  expect(bt.mape_pct).toBe(recomputedMape(f, 'predicted'));
  expect(bt.naive_mape_pct).toBe(recomputedMape(f, 'naive'));
}

describe('intake forecasts', () => {
  it('answer every material’s weekly kg as the records sum them, with a forecast and its backtest', async () => {
    const res = await as.admin.get(`/api/forecasts/intake?as_of=${AS_OF}`);
    expect(res.statusCode, res.body).toBe(200);
    const f: Forecast = res.json();
    const lastWeek = shift(monday(AS_OF), -7);
    const direct = new Map((await directWeeks(monday(AS_OF))).map((r) => [r.week, r.kg]));
    const first = [...direct.keys()][0] as string;
    expect(f.history.map((h) => [h.week, h.value])).toEqual(
      mondays(first, lastWeek).map((w) => [w, formatUnits(toUnits(direct.get(w) ?? '0', 3), 3)]),
    );
    expect(f).toMatchObject({ kind: 'intake', unit: 'kg', material: null, as_of: AS_OF, weeks: 8 });
    expect(f.history_weeks).toBe(f.history.length);
    checkForecast(f, 8, lastWeek);
  });

  it('answer one material’s, over the horizon asked for', async () => {
    const id = material.PP_RIGID as string;
    const res = await as.manager.get(`/api/forecasts/intake?as_of=${AS_OF}&material_id=${id}&weeks=12`);
    expect(res.statusCode, res.body).toBe(200);
    const f: Forecast = res.json();
    expect(f.material).toMatchObject({ id, code: 'PP_RIGID' });
    const lastWeek = shift(monday(AS_OF), -7);
    const direct = new Map((await directWeeks(monday(AS_OF), id)).map((r) => [r.week, r.kg]));
    const first = [...direct.keys()][0] as string;
    expect(f.history.map((h) => [h.week, h.value])).toEqual(
      mondays(first, lastWeek).map((w) => [w, formatUnits(toUnits(direct.get(w) ?? '0', 3), 3)]),
    );
    checkForecast(f, 12, lastWeek);
  });

  it('refuse to forecast from too little history, saying how much there is', async () => {
    const id = material.HDPE_REGRIND as string;
    const [only] = await directWeeks(monday(AS_OF), id);
    const weeks = mondays(only?.week as string, shift(monday(AS_OF), -7)).length;
    const f: Forecast = (
      await as.auditor.get(`/api/forecasts/intake?as_of=${AS_OF}&material_id=${id}`)
    ).json();
    expect(weeks).toBeLessThan(19);
    expect(f).toMatchObject({
      history_weeks: weeks,
      needed_weeks: 19,
      message: `Not enough history (${weeks} weeks; 19 needed)`,
      forecast: [],
      model: null,
      backtest: null,
    });
    expect(f.history).toHaveLength(weeks);
  });

  it('refuse a horizon outside 4–12 weeks, an unknown material and a day after today', async () => {
    for (const weeks of ['3', '13', 'eight'])
      expect((await as.admin.get(`/api/forecasts/intake?weeks=${weeks}`)).statusCode).toBe(400);
    const unknown = await as.admin.get(
      '/api/forecasts/prices?material_id=0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(unknown.statusCode).toBe(404);
    const future = await as.admin.get(`/api/forecasts/intake?as_of=${shift(todayInManila(), 2)}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().details.fields).toHaveProperty(['querystring.as_of']);
  });
});

describe('price forecasts', () => {
  it('answer the average paid a week as the records divide it, none in weeks without deliveries', async () => {
    const id = material.PET_BALE as string;
    const res = await as.admin.get(`/api/forecasts/prices?as_of=${AS_OF}&material_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const f: Forecast = res.json();
    expect(f).toMatchObject({ kind: 'prices', unit: 'PHP/kg', material: { id } });
    const { rows } = await ctx.database.db.execute<{ week: string; price: string }>(sql`
      SELECT to_char(date_trunc('week', (r.received_at AT TIME ZONE ${TZ})::date), 'YYYY-MM-DD') AS week,
             round(sum(l.amount) / sum(l.payable_kg), 2)::text AS price
      FROM receive_lines l JOIN receive_records r ON r.id = l.record_id
      WHERE r.organization_id = ${org} AND r.status = 'posted' AND l.material_id = ${id}
        AND r.received_at < (${monday(AS_OF)}::date)::timestamp AT TIME ZONE ${TZ}
      GROUP BY 1 HAVING sum(l.payable_kg) > 0 ORDER BY 1`);
    const direct = new Map(rows.map((r) => [r.week, r.price]));
    const lastWeek = shift(monday(AS_OF), -7);
    const weeks = mondays(rows[0]?.week as string, lastWeek);
    expect(f.history.map((h) => [h.week, h.value])).toEqual(weeks.map((w) => [w, direct.get(w) ?? null]));
    expect(f.history.some((h) => h.value === null)).toBe(true);
    checkForecast(f, 8, lastWeek);
    // A week without deliveries is in the backtest, but not compared.
    for (const w of f.backtest?.weeks ?? []) if (w.actual === null) expect(w.compared).toBe(false);
  });
});

describe('warnings', () => {
  it('project each material’s stock as the ledger, the open orders and the intake forecast add up', async () => {
    const today = todayInManila();
    const thisWeek = monday(today);
    // A delivery this week (in stock, and part of this week's forecast intake already come) and an order
    // due in the horizon's third week, larger than what the material will have by then.
    const [customer] = (
      await ctx.database.db.execute<{ id: string; facility: string; supplier: string }>(sql`
        SELECT (SELECT id FROM customers WHERE organization_id = ${org} ORDER BY code LIMIT 1) AS id,
               (SELECT id FROM facilities WHERE organization_id = ${org} AND code = 'MNL1') AS facility,
               (SELECT id FROM suppliers WHERE organization_id = ${org} AND archived_at IS NULL ORDER BY code LIMIT 1) AS supplier`)
    ).rows;
    const received = await as.admin.post('/api/receive-records?post=true', {
      supplier_id: customer?.supplier,
      facility_id: customer?.facility,
      received_at: new Date().toISOString(),
      lines: [
        { material_id: material.PET_BOTTLES_CLEAR, gross_kg: '412.5', tare_kg: '2.5', unit_price: '15' },
      ],
    });
    expect(received.statusCode, received.body).toBe(201);
    const order = await as.manager.post('/api/orders', {
      kind: 'sales',
      confirm: true,
      customer_id: customer?.id,
      facility_id: customer?.facility,
      ordered_on: today,
      due_on: shift(thisWeek, 16),
      lines: [{ material_id: material.HDPE_NATURAL, kg: '90000', unit_price: '20' }],
    });
    expect(order.statusCode, order.body).toBe(201);

    const res = await as.auditor.get('/api/forecasts/warnings?weeks=6');
    expect(res.statusCode, res.body).toBe(200);
    const answer: ForecastWarnings = res.json();
    expect(answer).toMatchObject({ as_of: today, weeks: 6, outflow_weeks: 13, over_stock_weeks: 12 });
    const expected = await directWarnings(today, 6);
    const byId = (items: { material: { id: string } }[]) =>
      items.map((i) => i.material.id).sort((a, b) => a.localeCompare(b));
    expect(byId(answer.items)).toEqual(byId(expected));
    for (const e of expected)
      expect(
        answer.items.find((i) => i.material.id === e.material.id),
        e.material.id,
      ).toMatchObject(e);

    const hdpe = answer.items.find((i) => i.material.id === material.HDPE_NATURAL);
    expect(hdpe).toMatchObject({ warning: 'stock_out', stock_out_week: shift(thisWeek, 14) });
    const pet = answer.items.find((i) => i.material.id === material.PET_BOTTLES_CLEAR);
    expect(toUnits(pet?.stock_kg ?? '0', 3)).toBeGreaterThan(0n);
    // Stock-outs first, soonest first, then over-stock.
    const ranks = answer.items.map((i) => (i.warning === 'stock_out' ? 0 : i.warning ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort());
  });
});

/** The warnings written out from the records, each forecast taken from /api/forecasts/intake. */
async function directWarnings(today: string, weeks: number) {
  const thisWeek = monday(today);
  const db = ctx.database.db;
  const end = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${TZ})`;
  const start = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${TZ})`;
  const outFrom = shift(thisWeek, -91);
  const q = async (query: ReturnType<typeof sql>) =>
    new Map((await db.execute<{ id: string; kg: string }>(query)).rows.map((r) => [r.id, toUnits(r.kg, 3)]));
  const stock = await q(sql`SELECT material_id AS id, sum(qty_kg)::text AS kg FROM stock_movements
    WHERE organization_id = ${org} AND posted_at < ${end(today)} GROUP BY 1`);
  const dispatched = await q(sql`SELECT lt.material_id AS id, sum(l.kg)::text AS kg FROM dispatch_lines l
    JOIN dispatch_records d ON d.id = l.record_id JOIN lots lt ON lt.id = l.lot_id
    WHERE d.organization_id = ${org} AND d.status = 'posted'
      AND d.dispatched_at >= ${start(outFrom)} AND d.dispatched_at < ${start(thisWeek)} GROUP BY 1`);
  const consumed = await q(sql`SELECT lt.material_id AS id, sum(i.kg)::text AS kg FROM production_inputs i
    JOIN production_records p ON p.id = i.record_id JOIN lots lt ON lt.id = i.lot_id
    WHERE p.organization_id = ${org} AND p.status = 'posted'
      AND p.ended_at >= ${start(outFrom)} AND p.ended_at < ${start(thisWeek)} GROUP BY 1`);
  const soFar = await q(sql`SELECT l.material_id AS id, sum(l.net_kg)::text AS kg FROM receive_lines l
    JOIN receive_records r ON r.id = l.record_id WHERE r.organization_id = ${org} AND r.status = 'posted'
      AND r.received_at >= ${start(thisWeek)} AND r.received_at < ${end(today)} GROUP BY 1`);
  const history = await q(sql`SELECT l.material_id AS id, sum(l.net_kg)::text AS kg FROM receive_lines l
    JOIN receive_records r ON r.id = l.record_id WHERE r.organization_id = ${org} AND r.status = 'posted'
      AND r.received_at >= ${start(shift(thisWeek, -728))} AND r.received_at < ${end(today)} GROUP BY 1`);
  const { rows: lines } = await db.execute<{ id: string; due: string | null; left: string }>(sql`
    SELECT l.material_id AS id, to_char(o.due_on, 'YYYY-MM-DD') AS due,
      (l.kg - coalesce((SELECT sum(dl.kg) FROM dispatch_lines dl JOIN dispatch_records d ON d.id = dl.record_id
        WHERE dl.order_line_id = l.id AND d.status = 'posted'), 0))::text AS left
    FROM order_lines l JOIN order_records o ON o.id = l.order_id
    WHERE o.organization_id = ${org} AND o.kind = 'sales' AND o.status IN ('confirmed', 'partly_fulfilled')`);
  const { rows: materials } = await db.execute<{ id: string; code: string; name: string }>(
    sql`SELECT id, code, name FROM materials WHERE organization_id = ${org}`,
  );
  const horizon = Array.from({ length: weeks }, (_, i) => shift(thisWeek, 7 * i));
  const kg = (g: bigint) => formatUnits(g, 3);
  const out = [];
  for (const m of materials) {
    const due = new Map<string, bigint>();
    for (const l of lines.filter((x) => x.id === m.id && toUnits(x.left, 3) > 0n)) {
      const week = monday(l.due && l.due > thisWeek ? l.due : thisWeek);
      const at = week > (horizon.at(-1) as string) ? (horizon.at(-1) as string) : week;
      due.set(at, (due.get(at) ?? 0n) + toUnits(l.left, 3));
    }
    const outflow = (dispatched.get(m.id) ?? 0n) + (consumed.get(m.id) ?? 0n);
    if (!history.has(m.id) && !stock.get(m.id) && !outflow && !due.size) continue;
    const f: Forecast = (
      await as.admin.get(`/api/forecasts/intake?material_id=${m.id}&weeks=${weeks}`)
    ).json();
    let projected = stock.get(m.id) ?? 0n;
    let stockOut: string | null = null;
    const weekly = horizon.map((week, i) => {
      let intake = toUnits(f.forecast[i]?.value ?? '0', 3);
      if (i === 0) intake = intake > (soFar.get(m.id) ?? 0n) ? intake - (soFar.get(m.id) ?? 0n) : 0n;
      projected += intake - (due.get(week) ?? 0n);
      if (projected < 0n && !stockOut) stockOut = week;
      return { week, intake_kg: kg(intake), orders_kg: kg(due.get(week) ?? 0n), projected_kg: kg(projected) };
    });
    const average = (outflow * 10n + 65n) / 130n; // ÷ 13, to the gram, half up
    const warning = stockOut ? 'stock_out' : projected > average * 12n ? 'over_stock' : null;
    out.push({
      material: m,
      stock_kg: kg(stock.get(m.id) ?? 0n),
      intake_forecast: f.message === null,
      intake_kg: kg(weekly.reduce((a, w) => a + toUnits(w.intake_kg, 3), 0n)),
      open_orders_kg: kg([...due.values()].reduce((a, b) => a + b, 0n)),
      projected_kg: kg(projected),
      average_outflow_kg: kg(average),
      // Weeks of cover to one decimal, half up; none without outflow, none left below 0.
      cover_weeks:
        average > 0n ? formatUnits(((20n * (projected > 0n ? projected : 0n)) / average + 1n) / 2n, 1) : null,
      warning,
      stock_out_week: stockOut,
      weekly,
    });
  }
  return out;
}

describe('who may see forecasts', () => {
  it('admins, managers and auditors; not operators or supplier members', async () => {
    for (const path of ['/api/forecasts/intake', '/api/forecasts/prices', '/api/forecasts/warnings']) {
      for (const role of ['admin', 'manager', 'auditor'] as const)
        expect((await as[role].get(path)).statusCode, `${role} ${path}`).toBe(200);
      for (const role of ['operator', 'supplier'] as const)
        expect((await as[role].get(path)).statusCode, `${role} ${path}`).toBe(403);
    }
  });
});
