import { inflateSync } from 'node:zlib';
import { formatKg, formatPhp, type Report } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { pdfPages, pdfText } from '../../test/pdf.ts';
import { reportPdf } from './reports.pdf.ts';

// The reports: each figure compared with a sum written here straight over the records and ledgers; the
// PDF and XLSX carry the JSON's totals; every generation is logged; only oversight roles read them.

const ctx = useTestApp();
const TZ = 'Asia/Manila';
let org = '';
const as: Record<'admin' | 'manager' | 'operator' | 'auditor' | 'supplier', TestClient> = {} as never;

beforeAll(async () => {
  ({ organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 11,
    slug: 'reports',
    asOf: new Date('2026-10-15T00:00:00Z'),
    deliveries: true,
  }));
  for (const role of ['admin', 'manager', 'operator', 'auditor', 'supplier'] as const)
    as[role] = await (await client(ctx.app)).login(`${role}.reports@demo.plastrace.ph`, DEMO_PASSWORD);
}, 240_000);

const one = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  (await ctx.database.db.execute<T>(q)).rows[0] as T;

/** Totals of one organization-local period [from, to), straight from the records and ledgers. */
async function direct(from: string, to: string) {
  const z = sql`(SELECT ${from}::timestamp AT TIME ZONE ${TZ} AS lo, ${to}::timestamp AT TIME ZONE ${TZ} AS hi) z`;
  return one<Record<string, string>>(sql`SELECT
    (SELECT coalesce(sum(l.net_kg), 0) FROM ${z}, receive_lines l JOIN receive_records r ON r.id = l.record_id
      WHERE r.organization_id = ${org} AND r.status = 'posted' AND r.received_at >= z.lo AND r.received_at < z.hi)::text AS received_kg,
    (SELECT coalesce(sum(l.amount), 0) FROM ${z}, receive_lines l JOIN receive_records r ON r.id = l.record_id
      WHERE r.organization_id = ${org} AND r.status = 'posted' AND r.received_at >= z.lo AND r.received_at < z.hi)::text AS purchases,
    (SELECT count(*) FROM ${z}, receive_records r
      WHERE r.organization_id = ${org} AND r.status = 'posted' AND r.received_at >= z.lo AND r.received_at < z.hi)::text AS receipts,
    (SELECT coalesce(sum(o.kg), 0) FROM ${z}, production_outputs o JOIN production_records p ON p.id = o.record_id
      WHERE p.organization_id = ${org} AND p.status = 'posted' AND p.ended_at >= z.lo AND p.ended_at < z.hi)::text AS produced_kg,
    (SELECT coalesce(sum(x.kg), 0) FROM ${z}, production_losses x JOIN production_records p ON p.id = x.record_id
      WHERE p.organization_id = ${org} AND p.status = 'posted' AND p.ended_at >= z.lo AND p.ended_at < z.hi
        AND x.fate = 'landfill')::text AS landfill_kg,
    (SELECT count(*) FROM ${z}, production_records p
      WHERE p.organization_id = ${org} AND p.status = 'posted' AND p.ended_at >= z.lo AND p.ended_at < z.hi)::text AS runs,
    (SELECT coalesce(sum(p.energy_cost_php), 0) FROM ${z}, production_records p
      WHERE p.organization_id = ${org} AND p.status = 'posted' AND p.ended_at >= z.lo AND p.ended_at < z.hi)::text AS energy,
    (SELECT coalesce(sum(l.kg), 0) FROM ${z}, dispatch_lines l JOIN dispatch_records d ON d.id = l.record_id
      WHERE d.organization_id = ${org} AND d.status = 'posted' AND d.dispatched_at >= z.lo AND d.dispatched_at < z.hi)::text AS dispatched_kg,
    (SELECT coalesce(sum(l.amount), 0) FROM ${z}, dispatch_lines l JOIN dispatch_records d ON d.id = l.record_id
      WHERE d.organization_id = ${org} AND d.status = 'posted' AND d.dispatched_at >= z.lo AND d.dispatched_at < z.hi)::text AS sales,
    (SELECT coalesce(sum(l.value_php), 0) FROM ${z}, dispatch_lines l JOIN dispatch_records d ON d.id = l.record_id
      WHERE d.organization_id = ${org} AND d.status = 'posted' AND d.dispatched_at >= z.lo AND d.dispatched_at < z.hi)::text AS cost,
    (SELECT -coalesce(sum(s.amount), 0) FROM ${z}, supplier_ledger s WHERE s.organization_id = ${org}
      AND s.kind IN ('payment', 'advance', 'payment_reversal') AND s.posted_at >= z.lo AND s.posted_at < z.hi)::text AS paid_out,
    (SELECT -coalesce(sum(c.amount), 0) FROM ${z}, customer_ledger c WHERE c.organization_id = ${org}
      AND c.kind IN ('payment', 'payment_reversal') AND c.posted_at >= z.lo AND c.posted_at < z.hi)::text AS paid_in,
    (SELECT coalesce(sum(s.amount), 0) FROM ${z}, supplier_ledger s WHERE s.organization_id = ${org} AND s.posted_at < z.hi)::text AS payables,
    (SELECT coalesce(sum(c.amount), 0) FROM ${z}, customer_ledger c WHERE c.organization_id = ${org} AND c.posted_at < z.hi)::text AS receivables,
    (SELECT coalesce(sum(m.qty_kg), 0) FROM ${z}, stock_movements m WHERE m.organization_id = ${org} AND m.posted_at < z.hi)::text AS stock_kg,
    (SELECT coalesce(sum(m.value_php), 0) FROM ${z}, stock_movements m WHERE m.organization_id = ${org} AND m.posted_at < z.hi)::text AS stock_php`);
}

/** Equal as decimals ('12.5' and '12.500'). */
const same = (a: string | null | undefined, b: string | null | undefined) =>
  expect(Number(a).toFixed(3)).toBe(Number(b).toFixed(3));

const section = (r: Report, key: string) => {
  const s = r.sections.find((x) => x.key === key);
  if (!s) throw new Error(`no section ${key}`);
  return s;
};
const fig = (r: Report, s: string, key: string) =>
  section(r, s).figures.find((f) => f.key === key)?.value ?? null;
const tableOf = (r: Report, s: string, key: string) => {
  const t = section(r, s).tables.find((x) => x.key === key);
  if (!t) throw new Error(`no table ${key}`);
  return t;
};
/** A table's total of one column. */
const totalOf = (r: Report, s: string, t: string, column: string) => {
  const table = tableOf(r, s, t);
  return table.total?.[table.columns.findIndex((c) => c.key === column)] ?? null;
};

const pagesOf = pdfPages;
/** How the PDF writes money: its fonts have no peso sign. */
const pdfPhp = (v: string | null) => formatPhp(v).replace('₱', 'PHP ');

async function generations() {
  const { rows } = await ctx.database.db.execute<{ metadata: Record<string, unknown>; description: string }>(
    sql`SELECT metadata, description FROM user_transactions
        WHERE organization_id = ${org} AND transaction_type = 'GENERATE_REPORT' ORDER BY created_at, id`,
  );
  return rows;
}

describe('the monthly report', () => {
  let report: Report;
  let expected: Record<string, string>;

  beforeAll(async () => {
    const res = await as.auditor.get('/api/reports/monthly?month=2026-09');
    expect(res.statusCode, res.body).toBe(200);
    report = res.json();
    expected = await direct('2026-09-01', '2026-10-01');
  });

  it('answers the month’s volumes and finances as the records sum them', () => {
    expect(report.period).toEqual({
      kind: 'month',
      key: '2026-09',
      from: '2026-09-01',
      to: '2026-09-30',
      label: 'September 2026',
    });
    expect(report.organization.time_zone).toBe(TZ);
    // The seed has every kind of record in September: none of these is a trivial 0.
    for (const k of ['received_kg', 'produced_kg', 'dispatched_kg', 'paid_out', 'paid_in', 'landfill_kg'])
      expect(Number(expected[k]), k).toBeGreaterThan(0);
    same(fig(report, 'volumes', 'received_kg'), expected.received_kg);
    same(fig(report, 'volumes', 'produced_kg'), expected.produced_kg);
    same(fig(report, 'volumes', 'dispatched_kg'), expected.dispatched_kg);
    expect(fig(report, 'volumes', 'runs')).toBe(expected.runs);
    same(fig(report, 'finances', 'purchases_php'), expected.purchases);
    same(fig(report, 'finances', 'sales_php'), expected.sales);
    same(fig(report, 'finances', 'cost_php'), expected.cost);
    same(fig(report, 'finances', 'margin_php'), String(Number(expected.sales) - Number(expected.cost)));
    same(fig(report, 'finances', 'energy_php'), expected.energy);
    same(fig(report, 'finances', 'paid_out_php'), expected.paid_out);
    same(fig(report, 'finances', 'paid_in_php'), expected.paid_in);
    same(fig(report, 'finances', 'payables_php'), expected.payables);
    same(fig(report, 'finances', 'receivables_php'), expected.receivables);
    same(fig(report, 'diversion', 'collected_kg'), expected.received_kg);
    same(fig(report, 'diversion', 'landfill_kg'), expected.landfill_kg);
    same(
      fig(report, 'diversion', 'diverted_kg'),
      String(Number(expected.received_kg) - Number(expected.landfill_kg)),
    );
  });

  it('totals its tables to its figures', () => {
    expect(totalOf(report, 'volumes', 'by_material', 'received_kg')).toBe(
      fig(report, 'volumes', 'received_kg'),
    );
    expect(totalOf(report, 'volumes', 'by_material', 'dispatched_kg')).toBe(
      fig(report, 'volumes', 'dispatched_kg'),
    );
    expect(totalOf(report, 'finances', 'by_material', 'purchases_php')).toBe(
      fig(report, 'finances', 'purchases_php'),
    );
    expect(totalOf(report, 'finances', 'by_material', 'margin_php')).toBe(
      fig(report, 'finances', 'margin_php'),
    );
    expect(totalOf(report, 'co2e', 'by_type', 'kg_co2e')).toBe(fig(report, 'co2e', 'kg_co2e_avoided'));
  });

  it('downloads as a PDF whose totals are the screen’s, and logs it', async () => {
    const before = (await generations()).length;
    const res = await as.manager.get('/api/reports/monthly?month=2026-09&format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="monthly-report-2026-09.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pagesOf(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    const text = pdfText(pdf);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(report.organization.name);
    expect(text).toContain('September 2026');
    for (const [s, k] of [
      ['volumes', 'received_kg'],
      ['volumes', 'produced_kg'],
      ['volumes', 'dispatched_kg'],
      ['diversion', 'landfill_kg'],
    ])
      expect(text).toContain(formatKg(fig(report, s as string, k as string)));
    for (const k of ['purchases_php', 'sales_php', 'margin_php', 'paid_out_php', 'payables_php'])
      expect(text).toContain(pdfPhp(fig(report, 'finances', k)));

    const log = await generations();
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)).toMatchObject({
      description: 'Generated the monthly report for September 2026 as PDF',
      metadata: { reportType: 'monthly', format: 'pdf', parameters: { month: '2026-09' } },
    });
  });

  it('carries the organization’s logo on every page once it has one', async () => {
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    expect((await as.admin.request('PUT', '/api/organization/logo', form)).statusCode).toBe(200);
    const pdf = (await as.auditor.get('/api/reports/monthly?month=2026-09&format=pdf')).rawPayload;
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    // Each page's content draws the image (the `Do` operator on its XObject).
    let drawn = 0;
    const raw = pdf.toString('latin1');
    for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
      const start = (m.index ?? 0) + m[0].length;
      try {
        if (/\/I\d+ Do/.test(inflateSync(pdf.subarray(start, start + Number(m[1]))).toString('latin1')))
          drawn++;
      } catch {}
    }
    expect(drawn).toBe(pagesOf(pdf));
  });

  it('downloads as an XLSX whose typed cells hold the same totals', async () => {
    const res = await as.auditor.get('/api/reports/monthly?month=2026-09&format=xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Volumes',
      'Landfill diversion',
      'Greenhouse gas (CO2e)',
      'Finances',
    ]);
    /** The value beside the first cell `label` of column A (or of the row after `after`). */
    const beside = (sheet: string, label: string, column = 2, after = '') => {
      const ws = wb.getWorksheet(sheet);
      let seen = after === '';
      let value: unknown;
      ws?.eachRow((row) => {
        if (value !== undefined) return;
        const a = row.getCell(1).value;
        if (a === after) seen = true;
        else if (seen && a === label) value = row.getCell(column).value;
      });
      return value;
    };
    expect(beside('Volumes', 'Received')).toBe(Number(fig(report, 'volumes', 'received_kg')));
    expect(beside('Volumes', 'Total', 2, 'By material')).toBe(
      Number(totalOf(report, 'volumes', 'by_material', 'received_kg')),
    );
    expect(beside('Finances', 'Purchases')).toBe(Number(fig(report, 'finances', 'purchases_php')));
    expect(beside('Finances', 'Total', 7, 'Purchases and sales by material')).toBe(
      Number(fig(report, 'finances', 'margin_php')),
    );
    const rows: ExcelJS.Row[] = [];
    wb.getWorksheet('Volumes')?.eachRow((row) => {
      rows.push(row);
    });
    const header = rows.find((row) => row.getCell(1).value === 'Material');
    expect(header?.getCell(2).value).toBe('Received');
    expect(header?.font?.bold).toBe(true);
    expect((await generations()).at(-1)?.metadata).toMatchObject({ reportType: 'monthly', format: 'xlsx' });
  });
});

describe('the daily report', () => {
  it('lists the day’s receipts, runs, dispatches and cash, totalling to the day’s figures', async () => {
    const { day } = await one<{ day: string }>(sql`
      SELECT to_char((r.received_at AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS day FROM receive_records r
      WHERE r.organization_id = ${org} AND r.status = 'posted' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const expected = await direct(day, next);
    const res = await as.admin.get(`/api/reports/daily?day=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const r: Report = res.json();
    expect(Number(expected.receipts)).toBeGreaterThan(0);
    expect(tableOf(r, 'receipts', 'receipts').rows).toHaveLength(Number(expected.receipts));
    same(fig(r, 'summary', 'received_kg'), expected.received_kg);
    same(totalOf(r, 'receipts', 'receipts', 'kg'), expected.received_kg);
    same(totalOf(r, 'receipts', 'receipts', 'php'), expected.purchases);
    same(fig(r, 'summary', 'cash_out_php'), expected.paid_out);
    same(totalOf(r, 'cash', 'cash', 'out_php'), expected.paid_out);
    same(totalOf(r, 'cash', 'cash', 'in_php'), expected.paid_in);
    same(totalOf(r, 'dispatches', 'dispatches', 'kg'), expected.dispatched_kg);
    same(totalOf(r, 'runs', 'runs', 'output_kg'), expected.produced_kg);
  });

  it('counts cash on the day it moved', async () => {
    const { day } = await one<{ day: string }>(sql`
      SELECT to_char((s.posted_at AT TIME ZONE ${TZ})::date, 'YYYY-MM-DD') AS day FROM supplier_ledger s
      WHERE s.organization_id = ${org} AND s.kind = 'payment' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const expected = await direct(day, next);
    const r: Report = (await as.admin.get(`/api/reports/daily?day=${day}`)).json();
    expect(Number(expected.paid_out)).toBeGreaterThan(0);
    same(fig(r, 'summary', 'cash_out_php'), expected.paid_out);
    same(totalOf(r, 'cash', 'cash', 'out_php'), expected.paid_out);
    same(fig(r, 'summary', 'cash_in_php'), expected.paid_in);
  });
});

describe('the inventory report', () => {
  it('values the stock of a day as every movement through it', async () => {
    const expected = await direct('2026-09-30', '2026-10-01');
    const r: Report = (await as.auditor.get('/api/reports/inventory?day=2026-09-30')).json();
    expect(Number(expected.stock_kg)).toBeGreaterThan(0);
    same(fig(r, 'stock', 'stock_kg'), expected.stock_kg);
    same(fig(r, 'stock', 'stock_php'), expected.stock_php);
    expect(totalOf(r, 'stock', 'stock', 'kg')).toBe(fig(r, 'stock', 'stock_kg'));
  });

  it('ages today’s lots, whose balances add up to today’s stock', async () => {
    const r: Report = (await as.auditor.get('/api/reports/inventory')).json();
    const balances = await one<{ kg: string; lots: string }>(sql`
      SELECT coalesce(sum(qty_kg), 0)::text AS kg, count(*)::text AS lots FROM lot_balances
      WHERE organization_id = ${org} AND qty_kg > 0`);
    same(totalOf(r, 'age', 'ages', 'kg'), balances.kg);
    same(fig(r, 'stock', 'stock_kg'), balances.kg);
    expect(fig(r, 'age', 'lots')).toBe(balances.lots);
    // Each lot is as old as the day it was made: the demo's are weeks old by now (its day was 2026-10-15).
    const ages = await one<{ d30: string; d90: string; d180: string; older: string }>(sql`
      SELECT ${sql.raw(
        [
          ['d30', 'age <= 30'],
          ['d90', 'age BETWEEN 31 AND 90'],
          ['d180', 'age BETWEEN 91 AND 180'],
          ['older', 'age > 180'],
        ]
          .map(([k, when]) => `coalesce(sum(qty_kg) FILTER (WHERE ${when}), 0)::text AS ${k}`)
          .join(', '),
      )}
      FROM (SELECT b.qty_kg, (now() AT TIME ZONE 'Asia/Manila')::date - (l.created_at AT TIME ZONE 'Asia/Manila')::date AS age
            FROM lot_balances b JOIN lots l ON l.id = b.lot_id
            WHERE b.organization_id = ${org} AND b.qty_kg > 0) a`);
    for (const bucket of ['d30', 'd90', 'd180', 'older'] as const)
      same(totalOf(r, 'age', 'ages', bucket), ages[bucket]);
    expect(Number(ages.d30)).toBeLessThan(Number(balances.kg));
  });
});

describe('asking for a report', () => {
  it('refuses a period that has not begun, and malformed ones, under their field', async () => {
    const cases: [string, string][] = [
      ['/api/reports/monthly?month=2999-01', 'querystring.month'],
      ['/api/reports/monthly?month=2026-13', 'querystring.month'],
      ['/api/reports/daily?day=2999-01-01', 'querystring.day'],
      ['/api/reports/daily?day=2026-02-30', 'querystring.day'],
      ['/api/reports/annual?year=2999', 'querystring.year'],
      ['/api/reports/inventory?day=2999-01-01', 'querystring.day'],
      ['/api/reports/monthly?format=docx', 'querystring.format'],
    ];
    for (const [url, field] of cases) {
      const res = await as.admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json().details.fields), url).toEqual([field]);
    }
  });

  it('is for administrators, managers and auditors, each of their own organization', async () => {
    for (const role of ['operator', 'supplier'] as const)
      expect((await as[role].get('/api/reports/monthly?month=2026-09')).statusCode, role).toBe(403);
    const other = await newOrganization(ctx.app);
    const theirs: Report = (await other.admin.get('/api/reports/annual?year=2026')).json();
    expect(theirs.organization.id).not.toBe(org);
    expect(fig(theirs, 'volumes', 'received_kg')).toBe('0.000');
    expect(fig(theirs, 'finances', 'payables_php')).toBe('0.00');
  });
});

describe('the PDF of a long table', () => {
  it('goes on over pages with the header row repeated, every row drawn, and numbered pages', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => [`Lot row ${i + 1}`, `${i + 1}.500`]);
    const report: Report = {
      report: 'inventory',
      title: 'Inventory report',
      period: {
        kind: 'day',
        key: '2026-10-05',
        from: '2026-10-05',
        to: '2026-10-05',
        label: '5 October 2026',
      },
      organization: { id: org, name: 'Long Table Recyclers', time_zone: TZ },
      generated_at: '2026-10-05T10:00:00.000Z',
      sections: [
        {
          key: 'stock',
          title: 'Stock',
          figures: [],
          notes: [],
          tables: [
            {
              key: 'rows',
              title: 'Rows',
              columns: [
                { key: 'what', label: 'What it is', type: 'text' },
                { key: 'kg', label: 'Weight held', type: 'kg' },
              ],
              rows,
              total: ['Total', '11400.000'],
              empty: 'None',
            },
          ],
        },
      ],
    };
    const pdf = await reportPdf(report, null);
    const pages = pagesOf(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = pdfText(pdf);
    const drawn = text.split('|');
    const times = (s: string) => drawn.filter((x) => x === s).length;
    for (let i = 1; i <= 150; i++) expect(times(`Lot row ${i}`)).toBe(1);
    expect(times('Weight held')).toBe(pages);
    expect(times('Long Table Recyclers')).toBe(pages);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Page ${p} of ${pages}`);
    expect(text).toContain('11,400 kg');
  });
});
