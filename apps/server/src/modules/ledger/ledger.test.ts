import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { supplierLedger, suppliers } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';

// GET /api/supplier-ledger and its CSV export: balances per supplier with search, filters, sorts,
// keyset pages and totals. Entries are written straight to the ledger so their times are exact.

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
type Sup = { id: string; code: string; name: string; type: string };
let sup: Sup[];
type Item = { supplier: Sup; balance: string; last_entry_at: string };

const codes = (items: Item[]) => items.map((i) => i.supplier.code);
const get = async (c: TestClient, query = '') => {
  const res = await c.get(`/api/supplier-ledger${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Follows next_cursor to the end, failing if a supplier shows up on two pages. */
async function everyPage(c: TestClient, query: string): Promise<Item[][]> {
  const pages: Item[][] = [];
  let cursor: string | null = null;
  do {
    const body = await get(c, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(body.items);
    cursor = body.next_cursor;
  } while (cursor && pages.length < 20);
  const all = pages.flat().map((i) => i.supplier.id);
  expect(new Set(all).size).toBe(all.length);
  return pages;
}

beforeAll(async () => {
  org = await seededOrganization(ctx, 'ledger');
  const db = ctx.database.db;
  sup = await db
    .select({ id: suppliers.id, code: suppliers.code, name: suppliers.name, type: suppliers.type })
    .from(suppliers)
    .where(eq(suppliers.organizationId, org.organizationId))
    .orderBy(asc(suppliers.code));
  const entry = (s: number, amount: string, at: string, kind = 'payable') => ({
    organizationId: org.organizationId,
    supplierId: sup[s]?.id ?? '',
    kind,
    amount,
    postedAt: new Date(at),
  });
  await db.insert(supplierLedger).values([
    // sup[0] is the supplier member's own: 1000 + 500 − 300 = 1200 owed
    entry(0, '1000.00', '2026-10-05T09:00:00+08:00'),
    entry(0, '500.00', '2026-10-20T09:00:00+08:00'),
    entry(0, '-300.00', '2026-10-25T09:00:00+08:00', 'payment'),
    entry(1, '200.00', '2026-09-01T09:00:00+08:00'),
    // paid in full: 0 owed
    entry(2, '800.00', '2026-10-01T09:00:00+08:00'),
    entry(2, '-800.00', '2026-10-02T09:00:00+08:00', 'payment'),
    // an advance not yet delivered against
    entry(3, '-150.00', '2026-10-03T09:00:00+08:00', 'advance'),
    // both on 10 Oct in UTC, but the second is 11 Oct in Manila
    entry(4, '10.00', '2026-10-10T23:30:00+08:00'),
    entry(4, '50.25', '2026-10-11T00:30:00+08:00'),
    // ties sup[1] on balance
    entry(5, '200.00', '2026-10-04T09:00:00+08:00'),
  ]);
});

describe('supplier balances', () => {
  it('lists balances, largest owed first, with totals over the whole filter', async () => {
    const body = await get(org.admin);
    expect(body.items.map((i: Item) => [i.supplier.code, i.balance])).toEqual([
      [sup[0]?.code, '1200.00'],
      // equal balances: the id decides, the same way on every page
      ...[sup[1], sup[5]]
        .sort((a, b) => ((a?.id ?? '') < (b?.id ?? '') ? 1 : -1))
        .map((s) => [s?.code, '200.00']),
      [sup[4]?.code, '60.25'],
      [sup[2]?.code, '0.00'],
      [sup[3]?.code, '-150.00'],
    ]);
    expect(body.items[0]).toMatchObject({
      supplier: { id: sup[0]?.id, name: sup[0]?.name, type: sup[0]?.type },
      currency: 'PHP',
      last_entry_at: '2026-10-25T01:00:00.000Z',
    });
    expect(body.totals).toEqual({ suppliers: 6, owed: '1660.25', advances: '150.00', net: '1510.25' });
    expect(body.next_cursor).toBeNull();
  });

  it('searches code and name, and filters by type, owing and as-of date', async () => {
    const s0 = sup[0] as Sup;
    expect(codes((await get(org.admin, `?q=${s0.code.toLowerCase()}`)).items)).toEqual([s0.code]);
    const word = s0.name.split(' ')[1] ?? '';
    const byName = (await get(org.admin, `?q=${encodeURIComponent(word.toUpperCase())}`)).items;
    expect(codes(byName)).toContain(s0.code);
    const byType = (await get(org.admin, `?type=${s0.type}`)).items as Item[];
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((i) => i.supplier.type === s0.type)).toBe(true);

    const owing = await get(org.admin, '?owing=true&sort=name');
    expect(owing.items.every((i: Item) => Number(i.balance) > 0)).toBe(true);
    expect(owing.items).toHaveLength(4);
    expect(owing.totals).toEqual({ suppliers: 4, owed: '1660.25', advances: '0.00', net: '1660.25' });

    // At the end of 10 Oct in Manila: neither sup[4]'s entry of 11 Oct nor sup[0]'s later ones count yet
    const asOf = await get(org.admin, '?as_of=2026-10-10&sort=name');
    const byCode = Object.fromEntries(asOf.items.map((i: Item) => [i.supplier.code, i.balance]));
    expect(byCode).toEqual({
      [sup[0]?.code ?? '']: '1000.00',
      [sup[1]?.code ?? '']: '200.00',
      [sup[2]?.code ?? '']: '0.00',
      [sup[3]?.code ?? '']: '-150.00',
      [sup[4]?.code ?? '']: '10.00',
      [sup[5]?.code ?? '']: '200.00',
    });
    expect(asOf.as_of).toBe('2026-10-10');
    expect(asOf.totals.net).toBe('1260.00');
    expect((await get(org.admin, '?as_of=2026-08-31')).items).toEqual([]);
    expect((await org.admin.get('/api/supplier-ledger?as_of=31-10-2026')).statusCode).toBe(400);
  });

  it('pages through every sort without gaps or repeats', async () => {
    for (const sort of ['-balance', 'balance', 'name', '-name', '-last_entry_at', 'last_entry_at']) {
      const whole = codes((await get(org.admin, `?limit=50&sort=${sort}`)).items);
      const pages = await everyPage(org.admin, `?limit=2&sort=${sort}`);
      expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
      expect(pages.flat().map((i) => i.supplier.code)).toEqual(whole);
    }
    const byName = codes((await get(org.admin, '?sort=name')).items);
    expect(codes((await get(org.admin, '?sort=-name')).items)).toEqual([...byName].reverse());
    expect([...byName].sort()).toEqual(sup.slice(0, 6).map((s) => s.code));
    const byLast = codes((await get(org.admin, '?sort=last_entry_at')).items);
    expect(byLast).toEqual([1, 2, 3, 5, 4, 0].map((i) => sup[i]?.code));
    const first = await get(org.admin, '?limit=2&sort=name');
    const wrong = await org.admin.get(`/api/supplier-ledger?sort=balance&cursor=${first.next_cursor}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields['querystring.cursor']).toBe(
      'This cursor belongs to another sort order',
    );
    expect((await org.admin.get('/api/supplier-ledger?sort=city')).statusCode).toBe(400);
  });

  it('exports the same filter as CSV and logs the export', async () => {
    const res = await org.auditor.get(
      '/api/supplier-ledger/export.csv?owing=true&sort=name&as_of=2026-10-10',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="supplier-balances.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('supplier_code,supplier_name,supplier_type,balance,currency,last_entry_at');
    const listed = await get(org.auditor, '?owing=true&sort=name&as_of=2026-10-10');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(codes(listed.items));
    expect(listed.items).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(`${sup[4]?.code},`))).toContain(
      ',10.00,PHP,2026-10-10T15:30:00.000Z',
    );
    expect(await activity(org.admin, 'supplier balances')).toContain('Exported 4 supplier balances');
    expect((await org.operator.get('/api/supplier-ledger/export.csv')).statusCode).toBe(403);
    expect((await org.supplier.get('/api/supplier-ledger/export.csv')).statusCode).toBe(403);
  });

  it('shows a supplier member their own balance only, lets every other role read, keeps organizations apart', async () => {
    const own = await get(org.supplier);
    expect(codes(own.items)).toEqual([sup[0]?.code]);
    expect(own.totals).toEqual({ suppliers: 1, owed: '1200.00', advances: '0.00', net: '1200.00' });
    expect((await get(org.supplier, `?q=${sup[1]?.code}`)).items).toEqual([]);
    for (const reader of [org.operator, org.auditor, org.manager])
      expect((await get(reader)).items).toHaveLength(6);
    const other = await newOrganization(ctx.app);
    const theirs = await get(other.admin);
    expect(theirs.items).toEqual([]);
    expect(theirs.totals).toEqual({ suppliers: 0, owed: '0.00', advances: '0.00', net: '0.00' });
  });
});
