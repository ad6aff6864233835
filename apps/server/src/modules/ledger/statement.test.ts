import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { supplierLedger, suppliers } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';

// GET /api/supplier-ledger/{supplier_id} and its statement.csv: a period's opening balance, its
// entries with the running balance, keyset pages and the closing balance. Periods are calendar
// days in the organization's time zone (Asia/Manila).

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let a: { id: string; code: string; name: string };
let b: { id: string };
type Entry = { id: string; kind: string; amount: string; balance: string; note: string | null };

const statement = async (c: TestClient, query = '', supplierId = a.id) => {
  const res = await c.get(`/api/supplier-ledger/${supplierId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const figures = (items: Entry[]) => items.map((e) => [e.amount, e.balance]);

beforeAll(async () => {
  org = await seededOrganization(ctx, 'statement');
  const db = ctx.database.db;
  const sups = await db
    .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.organizationId, org.organizationId))
    .orderBy(asc(suppliers.code));
  [a, b] = sups as [typeof a, typeof b];
  const entry = (supplierId: string, amount: string, at: string, more: object = {}) => ({
    organizationId: org.organizationId,
    supplierId,
    kind: amount.startsWith('-') ? 'payment' : 'payable',
    amount,
    postedAt: new Date(at),
    ...more,
  });
  await db.insert(supplierLedger).values([
    entry(a.id, '1000.00', '2026-09-28T10:00:00+08:00'),
    entry(a.id, '-400.00', '2026-09-30T23:30:00+08:00', { method: 'cash' }),
    // still 30 September in UTC, already 1 October in Manila
    entry(a.id, '250.50', '2026-10-01T00:15:00+08:00', { reference: 'RR-0001' }),
    entry(a.id, '120.00', '2026-10-05T09:00:00+08:00', { note: 'Sorted, "clean" PET' }),
    entry(a.id, '-100.00', '2026-10-05T09:30:00+08:00', { method: 'gcash', reference: 'GC-1' }),
    entry(a.id, '-120.00', '2026-10-15T09:00:00+08:00', {
      kind: 'payable_reversal',
      note: '=wrong supplier',
    }),
    entry(a.id, '80.00', '2026-10-31T23:59:00+08:00'),
    entry(a.id, '999.00', '2026-11-01T00:01:00+08:00'),
    entry(b.id, '50.00', '2026-10-02T09:00:00+08:00'),
  ]);
});

describe('supplier statement', () => {
  it('gives the whole history with its running balance when no period is asked', async () => {
    const s = await statement(org.admin);
    expect(s.supplier).toMatchObject({ id: a.id, code: a.code, name: a.name });
    expect(figures(s.items)).toEqual([
      ['1000.00', '1000.00'],
      ['-400.00', '600.00'],
      ['250.50', '850.50'],
      ['120.00', '970.50'],
      ['-100.00', '870.50'],
      ['-120.00', '750.50'],
      ['80.00', '830.50'],
      ['999.00', '1829.50'],
    ]);
    expect(s).toMatchObject({
      from: null,
      to: null,
      opening_balance: '0.00',
      closing_balance: '1829.50',
      total_increase: '2449.50',
      total_decrease: '620.00',
      currency: 'PHP',
      next_cursor: null,
    });
    expect(s.items[4]).toMatchObject({ kind: 'payment', method: 'gcash', reference: 'GC-1' });
    expect(s.items[0].posted_at).toBe('2026-09-28T02:00:00.000Z');
  });

  it('opens a period with the balance before it and closes with the balance at its end', async () => {
    const october = await statement(org.admin, '?from=2026-10-01&to=2026-10-31');
    expect(october).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      opening_balance: '600.00',
      closing_balance: '830.50',
      total_increase: '450.50',
      total_decrease: '220.00',
    });
    expect(figures(october.items)).toEqual([
      ['250.50', '850.50'],
      ['120.00', '970.50'],
      ['-100.00', '870.50'],
      ['-120.00', '750.50'],
      ['80.00', '830.50'],
    ]);
    const fromOnly = await statement(org.admin, '?from=2026-10-15');
    expect(fromOnly.opening_balance).toBe('870.50');
    expect(fromOnly.closing_balance).toBe('1829.50');
    expect(figures(fromOnly.items).map(([, balance]) => balance)).toEqual(['750.50', '830.50', '1829.50']);
    const toOnly = await statement(org.admin, '?to=2026-09-30');
    expect(toOnly).toMatchObject({ opening_balance: '0.00', closing_balance: '600.00' });
    expect(toOnly.items).toHaveLength(2);
    const empty = await statement(org.admin, '?from=2026-10-20&to=2026-10-30');
    expect(empty).toMatchObject({ items: [], opening_balance: '750.50', closing_balance: '750.50' });
  });

  it('pages through a period, each page carrying the running balance on', async () => {
    const whole = (await statement(org.admin, '?from=2026-10-01&to=2026-10-31')).items;
    const pages: Entry[][] = [];
    let cursor: string | null = null;
    do {
      const s = await statement(
        org.admin,
        `?from=2026-10-01&to=2026-10-31&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(s.opening_balance).toBe('600.00');
      pages.push(s.items);
      cursor = s.next_cursor;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(whole);
    const bad = await org.admin.get(`/api/supplier-ledger/${a.id}?cursor=bm90LWpzb24`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a period that ends before it starts, and dates that are not days', async () => {
    const backwards = await org.admin.get(`/api/supplier-ledger/${a.id}?from=2026-10-31&to=2026-10-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.fields['querystring.to']).toBe('The end date is before the start date');
    expect((await org.admin.get(`/api/supplier-ledger/${a.id}?from=10/01/2026`)).statusCode).toBe(400);
    const csv = await org.admin.get(
      `/api/supplier-ledger/${a.id}/statement.csv?from=2026-10-31&to=2026-10-01`,
    );
    expect(csv.statusCode).toBe(400);
  });

  it('exports the period as CSV between opening and closing balance rows, and logs it', async () => {
    const res = await org.auditor.get(
      `/api/supplier-ledger/${a.id}/statement.csv?from=2026-10-01&to=2026-10-31`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${a.code}-from-2026-10-01-to-2026-10-31.csv"`,
    );
    const who = `${a.code},${a.name}`;
    expect(res.body.split('\r\n')).toEqual([
      'supplier_code,supplier_name,posted_at,kind,method,reference,source_type,note,amount,balance,currency',
      `${who},2026-09-30T16:00:00.000Z,opening_balance,,,,,,600.00,PHP`,
      `${who},2026-09-30T16:15:00.000Z,payable,,RR-0001,,,250.50,850.50,PHP`,
      `${who},2026-10-05T01:00:00.000Z,payable,,,,"Sorted, ""clean"" PET",120.00,970.50,PHP`,
      `${who},2026-10-05T01:30:00.000Z,payment,gcash,GC-1,,,-100.00,870.50,PHP`,
      `${who},2026-10-15T01:00:00.000Z,payable_reversal,,,,'=wrong supplier,-120.00,750.50,PHP`,
      `${who},2026-10-31T15:59:00.000Z,payable,,,,,80.00,830.50,PHP`,
      `${who},2026-10-31T16:00:00.000Z,closing_balance,,,,,,830.50,PHP`,
      '',
    ]);
    // The newest entry is this export (other tests export statements too).
    expect((await activity(org.admin, 'supplier statement'))[0]).toBe('Exported 5 supplier statement');
    const all = await org.admin.get(`/api/supplier-ledger/${a.id}/statement.csv`);
    const lines = all.body.trim().split('\r\n');
    expect(lines[1]).toBe(`${who},,opening_balance,,,,,,0.00,PHP`);
    expect(lines).toHaveLength(11);
    expect(lines[10]).toMatch(new RegExp(`^${who},\\d{4}-.+Z,closing_balance,,,,,,1829.50,PHP$`));
  });

  it('shows a supplier member only their own statement, lets others read, and keeps organizations apart', async () => {
    expect((await statement(org.supplier)).closing_balance).toBe('1829.50');
    expect((await org.supplier.get(`/api/supplier-ledger/${b.id}`)).statusCode).toBe(404);
    expect((await org.supplier.get(`/api/supplier-ledger/${a.id}/statement.csv`)).statusCode).toBe(403);
    expect((await statement(org.operator, '', b.id)).closing_balance).toBe('50.00');
    expect((await org.operator.get(`/api/supplier-ledger/${b.id}/statement.csv`)).statusCode).toBe(403);
    expect((await statement(org.auditor, '', b.id)).items).toHaveLength(1);
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/supplier-ledger/${a.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/supplier-ledger/${a.id}/statement.csv`)).statusCode).toBe(404);
    const unknown = '01900000-0000-7000-8000-000000000000';
    expect((await org.admin.get(`/api/supplier-ledger/${unknown}`)).statusCode).toBe(404);
  });

  it('exports every entry of a long statement, streamed, and it adds up to the closing balance', async () => {
    const [, , c] = await ctx.database.db
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(eq(suppliers.organizationId, org.organizationId))
      .orderBy(asc(suppliers.code));
    // More rows than the 50,000 exports used to stop at (silently, before they streamed).
    const n = 50_001;
    await ctx.database.db.execute(sql`
      INSERT INTO supplier_ledger (id, organization_id, supplier_id, kind, amount, posted_at)
      SELECT gen_random_uuid(), ${org.organizationId}, ${c?.id}, 'payable', 1, now() - make_interval(secs => g)
      FROM generate_series(1, ${n}) g`);
    const res = await org.admin.get(`/api/supplier-ledger/${c?.id}/statement.csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1 + n + 1); // header, opening, entries, closing
    expect(lines[1]).toContain('opening_balance');
    const closing = lines.at(-1) ?? '';
    expect(closing).toContain('closing_balance');
    expect(closing).toContain(`,${n}.00,`);
    expect(lines.at(-2)).toContain(`,1.00,${n}.00,`);
    const log = (await org.admin.get('/api/dashboard/user-transactions?type=EXPORT_DATA&limit=1')).json();
    expect(log.items[0].metadata).toMatchObject({ dataType: 'supplier_statement', recordCount: n });
  }, 120_000);
});
