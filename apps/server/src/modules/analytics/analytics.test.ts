import {
  ANALYTICS_MEASURES,
  analyticsDefaultFrom,
  LOSS_FATES,
  MEMBER_ROLES,
  sumDecimals,
} from '@plastrace/shared';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/time.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

// Every figure the API answers is compared with a sum written here straight over the records (not the
// daily facts), per period × key: the facts, the grouping and the labels all have to be right.

const ctx = useTestApp();
let org = '';
const as = {} as Record<(typeof MEMBER_ROLES)[number], TestClient>;
const FROM = '2026-01-01';
const TO = '2026-10-31';
const RANGE = `from=${FROM}&to=${TO}`;

beforeAll(async () => {
  ({ organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 7,
    slug: 'analytics',
    asOf: new Date('2026-10-15T00:00:00Z'),
    deliveries: true,
  }));
  for (const role of MEMBER_ROLES)
    as[role] = await (await client(ctx.app)).login(`${role}.analytics@demo.plastrace.ph`, DEMO_PASSWORD);
  await postUnmeteredRun();
}, 240_000);

/**
 * The demo's runs all have a kWh figure; one washing run without a line or meter has none (no reference
 * kWh per tonne for washing), so kWh per tonne must be seen to leave its tonnes out.
 */
async function postUnmeteredRun() {
  const [lot] = await direct(sql`
    SELECT l.id, l.facility_id, l.material_id FROM lots l JOIN lot_balances b ON b.lot_id = l.id
    WHERE l.organization_id = ${org} AND l.status = 'available' AND b.qty_kg >= 100
    ORDER BY l.created_at LIMIT 1`);
  const draft = await as.operator.post('/api/production-records', {
    facility_id: lot?.facility_id,
    process_code: 'washing',
    started_at: '2026-10-10T08:00:00+08:00',
    ended_at: '2026-10-10T10:00:00+08:00',
    inputs: [{ lot_id: lot?.id, kg: '100' }],
    outputs: [{ material_id: lot?.material_id, kg: '90' }],
    losses: [{ kind: 'moisture', fate: 'evaporated', kg: '10' }],
  });
  if (draft.statusCode !== 201) throw new Error(draft.body);
  const posted = await as.operator.post(
    `/api/production-records/${draft.json().id}/post`,
    {},
    {
      'idempotency-key': 'analytics-unmetered',
    },
  );
  if (posted.statusCode !== 200 || posted.json().energy_kwh !== null) throw new Error(posted.body);
}

/** '12.5' and '12.500' alike; null stays null. */
const n = (v: unknown, places: number) => (v === null || v === undefined ? null : Number(v).toFixed(places));

type Figures = Record<string, unknown>;
/** Rows as "period|key" → the named figures, normalised. */
const byCell = (rows: Figures[], figures: [string, number][]) =>
  Object.fromEntries(
    rows.map((r) => [`${r.period}|${r.key ?? ''}`, figures.map(([f, p]) => `${f}=${n(r[f], p)}`).join(' ')]),
  );

async function direct(query: SQL): Promise<Figures[]> {
  return (await ctx.database.db.execute<Figures>(query)).rows;
}

/** A record's day in the organization's zone, truncated to the group, as text. */
const periodOf = (group: string, at: SQL) =>
  sql`to_char(date_trunc(${group}, (${at} AT TIME ZONE o.time_zone)::date::timestamp), 'YYYY-MM-DD')`;
const inRange = (at: SQL) =>
  sql`(${at} AT TIME ZONE o.time_zone)::date BETWEEN ${FROM}::date AND ${TO}::date`;

const INTAKE: [string, number][] = [
  ['kg_net', 3],
  ['kg_payable', 3],
  ['php', 2],
  ['deliveries', 0],
];

function directIntake(group: string, key: SQL, where: SQL = sql``) {
  return direct(sql`
    SELECT ${periodOf(group, sql`r.received_at`)} AS period, ${key} AS key, sum(l.net_kg) AS kg_net,
      sum(l.payable_kg) AS kg_payable, sum(l.amount) AS php, count(*) AS deliveries
    FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
    JOIN organizations o ON o.id = r.organization_id JOIN suppliers s ON s.id = r.supplier_id
    WHERE r.organization_id = ${org} AND r.status = 'posted' AND ${inRange(sql`r.received_at`)} ${where}
    GROUP BY 1, 2`);
}

describe('analytics: intake', () => {
  it('sums received lines per month × supplier, with keys, totals and the informal share', async () => {
    const res = await as.manager.get(`/api/analytics/intake?${RANGE}&by=supplier`);
    expect(res.statusCode).toBe(200);
    const a = res.json();
    const want = await directIntake('month', sql`r.supplier_id::text`);
    expect(want.length).toBeGreaterThan(10);
    expect(byCell(a.rows, INTAKE)).toEqual(byCell(want, INTAKE));
    expect(a.periods).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10'].map((m) => `2026-${m}-01`),
    );
    const names = await direct(sql`SELECT id::text, name FROM suppliers WHERE organization_id = ${org}`);
    for (const r of a.rows) expect(r.label).toBe(names.find((s) => s.id === r.key)?.name);

    const [all] = await direct(sql`
      SELECT sum(l.net_kg) AS kg_net, sum(l.payable_kg) AS kg_payable, sum(l.amount) AS php, count(*) AS deliveries,
        round(sum(l.amount) / sum(l.payable_kg), 2) AS php_per_kg,
        sum(l.net_kg) FILTER (WHERE s.type IN ('waste_picker', 'junkshop')) AS informal
      FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
      JOIN organizations o ON o.id = r.organization_id JOIN suppliers s ON s.id = r.supplier_id
      WHERE r.organization_id = ${org} AND r.status = 'posted' AND ${inRange(sql`r.received_at`)}`);
    expect(byCell([{ ...a.totals, period: 'all' }], [...INTAKE, ['php_per_kg', 2]])).toEqual(
      byCell([{ ...all, period: 'all' }], [...INTAKE, ['php_per_kg', 2]]),
    );
    expect(n(a.informal.kg_net, 3)).toBe(n(all?.informal, 3));
    expect(Number(all?.informal)).toBeGreaterThan(0);
    expect(a.informal.share_pct).toBe(((Number(all?.informal) * 100) / Number(all?.kg_net)).toFixed(2));
    expect(a.informal.types).toEqual(['waste_picker', 'junkshop']);
    // Keys: each supplier over the range, most kg first, adding up to the total.
    expect(a.keys.map((k: Figures) => Number(k.kg_net))).toEqual(
      a.keys.map((k: Figures) => Number(k.kg_net)).sort((x: number, y: number) => y - x),
    );
    expect(
      sumDecimals(
        a.keys.map((k: Figures) => k.kg_net as string),
        3,
      ),
    ).toBe(n(all?.kg_net, 3));
  });

  it('groups by quarter and supplier type, and by week and facility', async () => {
    const q = (await as.auditor.get(`/api/analytics/intake?${RANGE}&by=supplier_type&group=quarter`)).json();
    expect(byCell(q.rows, INTAKE)).toEqual(byCell(await directIntake('quarter', sql`s.type::text`), INTAKE));
    expect(q.periods).toEqual(['2026-01-01', '2026-04-01', '2026-07-01', '2026-10-01']);
    expect(q.rows.find((r: Figures) => r.key === 'waste_picker')?.label).toBe('Waste pickers');

    const w = (await as.auditor.get(`/api/analytics/intake?${RANGE}&by=facility&group=week`)).json();
    expect(byCell(w.rows, INTAKE)).toEqual(
      byCell(await directIntake('week', sql`r.facility_id::text`), INTAKE),
    );
    for (const r of w.rows) expect(new Date(`${r.period}T00:00:00Z`).getUTCDay()).toBe(1); // Mondays
    expect(w.periods[0]).toBe('2025-12-29');
  });

  it('filters by facility, material and supplier', async () => {
    const [pick] = await direct(sql`
      SELECT r.facility_id::text AS facility, l.material_id::text AS material, r.supplier_id::text AS supplier
      FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
      WHERE r.organization_id = ${org} AND r.status = 'posted' GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1`);
    const f = `facility_id=${pick?.facility}&material_id=${pick?.material}`;
    const a = (await as.admin.get(`/api/analytics/intake?${RANGE}&by=period&${f}`)).json();
    const want = await directIntake(
      'month',
      sql`NULL::text`,
      sql`AND r.facility_id = ${pick?.facility}::uuid AND l.material_id = ${pick?.material}::uuid`,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(byCell(a.rows, INTAKE)).toEqual(byCell(want, INTAKE));
    expect(a.keys).toHaveLength(1);

    const s = (
      await as.admin.get(`/api/analytics/intake?${RANGE}&by=material&supplier_id=${pick?.supplier}`)
    ).json();
    expect(byCell(s.rows, INTAKE)).toEqual(
      byCell(
        await directIntake(
          'month',
          sql`l.material_id::text`,
          sql`AND r.supplier_id = ${pick?.supplier}::uuid`,
        ),
        INTAKE,
      ),
    );
  });
});

describe('analytics: prices, production, sales', () => {
  it('compares the average paid per kg with the buying price in force at each period’s end', async () => {
    const a = (await as.manager.get(`/api/analytics/prices?${RANGE}`)).json();
    const want = await direct(sql`
      WITH x AS (
        SELECT ${periodOf('month', sql`r.received_at`)} AS period, l.material_id, lower(f.region) AS region,
          round(sum(l.amount) / sum(l.payable_kg), 2) AS paid, sum(l.payable_kg) AS kg
        FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
        JOIN organizations o ON o.id = r.organization_id JOIN facilities f ON f.id = r.facility_id
        WHERE r.organization_id = ${org} AND r.status = 'posted' AND ${inRange(sql`r.received_at`)}
        GROUP BY 1, 2, 3
      )
      SELECT x.period, m.code || '|' || coalesce(x.region, '') AS key, x.paid, x.kg,
        (SELECT p.price_per_kg FROM prices p WHERE p.organization_id = ${org} AND p.kind = 'buying'
           AND p.material_id = x.material_id AND lower(p.grade) = lower(m.grade) AND lower(p.region) = x.region
           AND p.effective_from <= least((x.period::date + interval '1 month')::date - 1, ${TO}::date)
         ORDER BY p.effective_from DESC, p.created_at DESC LIMIT 1) AS list
      FROM x JOIN materials m ON m.id = x.material_id`);
    const got = a.rows.map((r: Figures & { material: { code: string }; region: string | null }) => ({
      period: r.period,
      key: `${r.material.code}|${(r.region ?? '').toLowerCase()}`,
      paid: r.paid_per_kg,
      kg: r.kg_payable,
      list: r.list_per_kg,
    }));
    const figures: [string, number][] = [
      ['paid', 2],
      ['kg', 3],
      ['list', 2],
    ];
    expect(byCell(got, figures)).toEqual(byCell(want, figures));
    const priced = a.rows.filter((r: Figures) => r.list_per_kg !== null);
    expect(priced.length).toBeGreaterThan(0);
    for (const r of priced)
      expect(r.difference_pct).toBe(
        (((Number(r.paid_per_kg) - Number(r.list_per_kg)) * 100) / Number(r.list_per_kg)).toFixed(2),
      );
  });

  it('prices by quarter and by year: each period ends where its quarter or year does', async () => {
    for (const [group, months] of [
      ['quarter', 3],
      ['year', 12],
    ] as const) {
      const res = await as.manager.get(`/api/analytics/prices?${RANGE}&group=${group}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as { period: string; period_end: string }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        const start = new Date(`${r.period}T00:00:00Z`);
        const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, 0));
        expect(r.period_end).toBe(end.toISOString().slice(0, 10));
      }
    }
  });

  const PRODUCTION: [string, number][] = [
    ['runs', 0],
    ['input_kg', 3],
    ['output_kg', 3],
    ['kwh', 2],
    ['energy_runs', 0],
    ['kwh_per_tonne', 1],
    ...LOSS_FATES.map((f): [string, number] => [`lost_${f}`, 3]),
  ];

  it('sums runs per week × process: inputs, outputs, losses by fate, kWh per tonne of the metered runs', async () => {
    const a = (await as.manager.get(`/api/analytics/production?${RANGE}&by=process&group=week`)).json();
    const want = await direct(sql`
      WITH r AS (
        SELECT p.*, ${periodOf('week', sql`p.ended_at`)} AS period,
          (SELECT coalesce(sum(kg), 0) FROM production_inputs WHERE record_id = p.id) AS ins,
          (SELECT coalesce(sum(kg), 0) FROM production_outputs WHERE record_id = p.id) AS outs
        FROM production_records p JOIN organizations o ON o.id = p.organization_id
        WHERE p.organization_id = ${org} AND p.status = 'posted' AND ${inRange(sql`p.ended_at`)}
      )
      SELECT period, process_code AS key, count(*) AS runs, sum(ins) AS input_kg, sum(outs) AS output_kg,
        coalesce(sum(energy_kwh), 0) AS kwh, count(energy_kwh) AS energy_runs,
        round(sum(energy_kwh) * 1000 / nullif(sum(ins) FILTER (WHERE energy_kwh IS NOT NULL), 0), 1) AS kwh_per_tonne,
        ${sql.join(
          LOSS_FATES.map(
            (f) =>
              sql`(SELECT coalesce(sum(x.kg), 0) FROM production_losses x JOIN r r2 ON r2.id = x.record_id
                 WHERE r2.period = r.period AND r2.process_code = r.process_code AND x.fate = ${f}) AS ${sql.identifier(`lost_${f}`)}`,
          ),
          sql`, `,
        )}
      FROM r GROUP BY period, process_code`);
    expect(want.length).toBeGreaterThan(3);
    const got = a.rows.map((r: Figures & { losses: Record<string, string> }) => ({
      ...r,
      ...Object.fromEntries(LOSS_FATES.map((f) => [`lost_${f}`, r.losses[f]])),
    }));
    expect(byCell(got, PRODUCTION)).toEqual(byCell(want, PRODUCTION));
    const t = a.totals;
    // Some runs' kWh is unknown (sorting, washing): kWh per tonne must leave their tonnes out.
    expect(t.energy_runs).toBeGreaterThan(0);
    expect(t.energy_runs).toBeLessThan(t.runs);
    expect(t.yield_pct).toBe(((Number(t.output_kg) * 100) / Number(t.input_kg)).toFixed(2));
    expect(n(t.loss_kg, 3)).toBe(n(sumDecimals(Object.values(t.losses as Record<string, string>), 3), 3));
    expect(a.keys.every((k: Figures) => typeof k.label === 'string' && k.label !== k.key)).toBe(true);
  });

  it('groups runs by line, runs without one under "No line"', async () => {
    const a = (await as.manager.get(`/api/analytics/production?${RANGE}&by=line&group=quarter`)).json();
    const want = await direct(sql`
      SELECT ${periodOf('quarter', sql`p.ended_at`)} AS period, p.production_line_id::text AS key, count(*) AS runs,
        sum((SELECT coalesce(sum(kg), 0) FROM production_inputs WHERE record_id = p.id)) AS input_kg
      FROM production_records p JOIN organizations o ON o.id = p.organization_id
      WHERE p.organization_id = ${org} AND p.status = 'posted' AND ${inRange(sql`p.ended_at`)} GROUP BY 1, 2`);
    const figures: [string, number][] = [
      ['runs', 0],
      ['input_kg', 3],
    ];
    expect(byCell(a.rows, figures)).toEqual(byCell(want, figures));
    for (const r of a.rows) if (r.key === null) expect(r.label).toBe('No line');
  });

  const SALES: [string, number][] = [
    ['kg', 3],
    ['sales_php', 2],
    ['cost_php', 2],
    ['margin_php', 2],
    ['lines', 0],
  ];
  const directSales = (key: SQL, where: SQL = sql``) =>
    direct(sql`
      SELECT ${periodOf('month', sql`d.dispatched_at`)} AS period, ${key} AS key, sum(l.kg) AS kg,
        sum(l.amount) AS sales_php, coalesce(sum(l.value_php), 0) AS cost_php,
        sum(l.amount) - coalesce(sum(l.value_php), 0) AS margin_php, count(*) AS lines
      FROM dispatch_records d JOIN dispatch_lines l ON l.record_id = d.id JOIN lots lt ON lt.id = l.lot_id
      JOIN organizations o ON o.id = d.organization_id
      WHERE d.organization_id = ${org} AND d.status = 'posted' AND ${inRange(sql`d.dispatched_at`)} ${where}
      GROUP BY 1, 2`);

  it('sums sales, the cost of the lots sold and the margin per month × customer and × material', async () => {
    const c = (await as.manager.get(`/api/analytics/sales?${RANGE}&by=customer`)).json();
    const want = await directSales(sql`d.customer_id::text`);
    expect(want.length).toBeGreaterThan(0);
    expect(byCell(c.rows, SALES)).toEqual(byCell(want, SALES));
    for (const r of c.rows)
      if (Number(r.sales_php) > 0)
        expect(r.margin_pct).toBe(((Number(r.margin_php) * 100) / Number(r.sales_php)).toFixed(2));

    const material = c.rows.length ? (await directSales(sql`lt.material_id::text`))[0]?.key : undefined;
    const m = (
      await as.manager.get(`/api/analytics/sales?${RANGE}&by=material&material_id=${material}`)
    ).json();
    expect(byCell(m.rows, SALES)).toEqual(
      byCell(
        await directSales(sql`lt.material_id::text`, sql`AND lt.material_id = ${material}::uuid`),
        SALES,
      ),
    );
  });
});

describe('analytics: ranges and filters', () => {
  it('defaults to twelve months to the organization’s today and refuses bad ranges under their fields', async () => {
    const today = dayIn(new Date(), 'Asia/Manila');
    const d = (await as.manager.get('/api/analytics/sales')).json();
    expect([d.from, d.to, d.group]).toEqual([analyticsDefaultFrom(today), today, 'month']);
    expect(d.periods).toHaveLength(12);

    const fields = async (url: string) => {
      const res = await as.manager.get(url);
      expect(res.statusCode).toBe(400);
      return res.json().details.fields;
    };
    expect(await fields('/api/analytics/intake?from=2026-05-02&to=2026-05-01')).toHaveProperty(
      'querystring.from',
    );
    expect(await fields('/api/analytics/intake?from=2020-01-01&to=2025-01-01')).toHaveProperty(
      'querystring.to',
    );
    expect((await as.manager.get('/api/analytics/intake?from=2020-01-01&to=2024-12-31')).statusCode).toBe(
      200,
    );
    expect(await fields('/api/analytics/intake?from=9999-01-01')).toHaveProperty('querystring.from');
    expect(await fields(`/api/analytics/intake?customer_id=${org}`)).toEqual({
      'querystring.customer_id': 'Intake is not split by customer',
    });
    expect(await fields(`/api/analytics/production?material_id=${org}`)).toHaveProperty(
      'querystring.material_id',
    );
    expect(
      await fields('/api/analytics/records?measure=received&group=month&period_start=2026-05-02'),
    ).toHaveProperty('querystring.period_start');
    expect(await fields('/api/analytics/intake?group=fortnight')).toHaveProperty('querystring.group');
  });
});

/** RFC 4180, enough for our own exports: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const cells: string[] = [];
    for (const m of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g))
      cells.push(m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ''));
    rows.push(cells);
  }
  return rows;
}

describe('analytics: exports and drill-down', () => {
  it('exports CSV and XLSX that parse back to the same totals, and logs each export', async () => {
    const url = `/api/analytics/intake/export?${RANGE}&by=supplier`;
    const json = (await as.auditor.get(`/api/analytics/intake?${RANGE}&by=supplier`)).json();

    const csv = await as.auditor.get(`${url}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="analytics-intake-by-supplier-${FROM}-to-${TO}.csv"`,
    );
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual([
      'period',
      'period_end',
      'supplier_code',
      'supplier_name',
      'kg_net',
      'kg_payable',
      'php',
      'deliveries',
      'php_per_kg',
    ]);
    expect(rows).toHaveLength(json.rows.length);
    const column = (name: string) => rows.map((r) => r[(header ?? []).indexOf(name)] ?? '');
    expect(sumDecimals(column('kg_net'), 3)).toBe(n(json.totals.kg_net, 3));
    expect(sumDecimals(column('php'), 2)).toBe(n(json.totals.php, 2));

    const xlsx = await as.auditor.get(`${url}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toMatch(/filename="analytics-intake-by-supplier-.*\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    if (!ws) throw new Error('no sheet');
    expect(String(ws.getCell('A1').value)).toMatch(
      /^.+ — Intake by supplier, 2026-01-01 to 2026-10-31, by month$/,
    );
    expect(ws.getRow(2).values).toEqual([undefined, ...(header ?? [])]);
    expect(ws.rowCount).toBe(json.rows.length + 2);
    let kg = 0;
    let deliveries = 0;
    for (let i = 3; i <= ws.rowCount; i++) {
      const v = ws.getRow(i).getCell(5).value;
      expect(typeof v).toBe('number');
      kg += v as number;
      deliveries += ws.getRow(i).getCell(8).value as number;
    }
    expect(kg.toFixed(3)).toBe(n(json.totals.kg_net, 3));
    expect(deliveries).toBe(json.totals.deliveries);
    expect(ws.getColumn(5).numFmt).toBe('#,##0.000');

    const logged = await direct(sql`
      SELECT metadata->>'format' AS format, (metadata->>'recordCount')::int AS count FROM user_transactions
      WHERE organization_id = ${org} AND transaction_type = 'EXPORT_DATA' AND metadata->>'dataType' = 'analytics_intake'
      ORDER BY created_at`);
    expect(logged).toEqual([
      { format: 'csv', count: json.rows.length },
      { format: 'xlsx', count: json.rows.length },
    ]);
  });

  it('exports production and sales with their columns', async () => {
    const p = await as.admin.get(`/api/analytics/production/export?${RANGE}&by=line&format=csv`);
    expect(p.statusCode).toBe(200);
    expect(parseCsv(p.body)[0]).toContain('lost_landfill_kg');
    const s = await as.admin.get(`/api/analytics/prices/export?${RANGE}&format=xlsx`);
    expect(s.statusCode).toBe(200);
    expect(s.headers['content-disposition']).toBe(
      `attachment; filename="analytics-prices-${FROM}-to-${TO}.xlsx"`,
    );
  });

  it('lists the records behind a bar, page by page, adding up to the bar', async () => {
    const bars = {
      received: ['intake', 'kg_net', 'php'],
      dispatched: ['sales', 'kg', 'sales_php'],
      production: ['production', 'input_kg', null],
    } as const;
    for (const measure of ANALYTICS_MEASURES) {
      const [report, kgField, phpField] = bars[measure];
      const a = (await as.manager.get(`/api/analytics/${report}?${RANGE}&group=quarter`)).json();
      const bar = [...a.rows].sort((x: Figures, y: Figures) => Number(y[kgField]) - Number(x[kgField]))[0];
      expect(bar).toBeDefined();
      const items: Figures[] = [];
      let cursor = '';
      for (let pages = 0; ; pages++) {
        const res = await as.manager.get(
          `/api/analytics/records?${RANGE}&group=quarter&measure=${measure}&period_start=${bar.period}&limit=40${cursor}`,
        );
        expect(res.statusCode).toBe(200);
        const page = res.json();
        expect([page.from, page.to]).toEqual([bar.period, bar.period_end < TO ? bar.period_end : TO]);
        items.push(...page.items);
        if (!page.next_cursor) break;
        cursor = `&cursor=${page.next_cursor}`;
        expect(pages).toBeLessThan(100);
      }
      expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
      expect(
        sumDecimals(
          items.map((i) => i.kg as string),
          3,
        ),
      ).toBe(n(bar[kgField], 3));
      if (phpField)
        expect(
          sumDecimals(
            items.map((i) => i.php as string),
            2,
          ),
        ).toBe(n(bar[phpField], 2));
      else
        expect(
          sumDecimals(
            items.map((i) => i.kg_out as string),
            3,
          ),
        ).toBe(n(bar.output_kg, 3));
      const path = {
        received: 'receive-records',
        dispatched: 'dispatch-records',
        production: 'production-records',
      };
      for (const i of items) expect(i.path).toBe(`/${path[measure]}/${i.id}`);
      expect(items.map((i) => i.at)).toEqual(items.map((i) => i.at).sort());
    }
  });

  it('narrows a bar to one key: a table row’s or a chart segment’s records add up to it', async () => {
    const cases = [
      ['intake', 'received', 'supplier_type', 'kg_net'],
      ['intake', 'received', 'material', 'kg_net'],
      ['sales', 'dispatched', 'customer', 'kg'],
      ['production', 'production', 'process', 'input_kg'],
    ] as const;
    for (const [report, measure, by, kgField] of cases) {
      const a = (await as.manager.get(`/api/analytics/${report}?${RANGE}&by=${by}`)).json();
      const cell = [...a.rows].sort((x: Figures, y: Figures) => Number(y[kgField]) - Number(x[kgField]))[0];
      const page = (
        await as.manager.get(
          `/api/analytics/records?${RANGE}&measure=${measure}&period_start=${cell.period}&by=${by}&key=${cell.key}&limit=200`,
        )
      ).json();
      expect(page.next_cursor, `${report} by ${by}`).toBeNull();
      expect(
        sumDecimals(
          page.items.map((i: Figures) => i.kg as string),
          3,
        ),
        `${report} by ${by}`,
      ).toBe(n(cell[kgField], 3));
    }
    const wrong = await as.manager.get(
      `/api/analytics/records?${RANGE}&measure=dispatched&period_start=2026-05-01&by=supplier&key=${org}`,
    );
    expect(wrong.json().details.fields).toHaveProperty('querystring.by');
    const notId = await as.manager.get(
      `/api/analytics/records?${RANGE}&measure=received&period_start=2026-05-01&by=supplier&key=x`,
    );
    expect(notId.json().details.fields).toEqual({ 'querystring.key': 'Not an id' });
  });

  it('lists only the filtered material’s lines of a delivery', async () => {
    const [pick] = await direct(sql`
      SELECT l.material_id::text AS material FROM receive_records r JOIN receive_lines l ON l.record_id = r.id
      WHERE r.organization_id = ${org} AND r.status = 'posted' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const f = `${RANGE}&group=year&material_id=${pick?.material}`;
    const bar = (await as.manager.get(`/api/analytics/intake?${f}`)).json().rows[0];
    const page = (
      await as.manager.get(`/api/analytics/records?${f}&measure=received&period_start=2026-01-01&limit=200`)
    ).json();
    expect(page.next_cursor).toBeNull();
    expect(
      sumDecimals(
        page.items.map((i: Figures) => i.kg as string),
        3,
      ),
    ).toBe(n(bar.kg_net, 3));
  });
});

describe('analytics: who may see it', () => {
  it('documents every route with its permission: analytics.read to read, data.export to export', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, { get: { 'x-permission': string } }>;
    };
    const ours = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/analytics/'))
      .map(([path, ops]) => `${path} ${ops.get['x-permission']}`);
    expect(ours.sort()).toEqual(
      [
        ...['intake', 'prices', 'production', 'sales'].flatMap((r) => [
          `/api/analytics/${r} analytics.read`,
          `/api/analytics/${r}/export data.export`,
        ]),
        '/api/analytics/records analytics.read',
      ].sort(),
    );
  });

  it('refuses operators and supplier members; auditors read and export', async () => {
    for (const role of ['operator', 'supplier'] as const) {
      for (const url of [
        `/api/analytics/intake?${RANGE}`,
        `/api/analytics/sales/export?${RANGE}`,
        `/api/analytics/records?${RANGE}&measure=received&period_start=2026-05-01`,
      ]) {
        const res = await as[role].get(url);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    expect((await as.auditor.get(`/api/analytics/production?${RANGE}`)).statusCode).toBe(200);
    expect((await as.auditor.get(`/api/analytics/production/export?${RANGE}&format=xlsx`)).statusCode).toBe(
      200,
    );
  });
});
