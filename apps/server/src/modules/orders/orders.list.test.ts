import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { materials } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, seededOrganization } from '../../test/masterdata.ts';

// The order list: filters, search, sorts and their keyset pages, the CSV export, who may read and
// write orders, and that another organization's orders do not exist.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let supplier: TestClient;
const ids = { pet: '', customerA: '', customerB: '', supplier: '' };
type Row = { id: string; number: string; ordered_on: string; due_on: string | null };
const orders: Row[] = [];

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'orderlist');
  ({ admin, manager, operator, auditor, supplier } = o);
  const mats = await ctx.database.db
    .select()
    .from(materials)
    .where(eq(materials.organizationId, o.organizationId));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  const customer = async (code: string, name: string) =>
    (await admin.post('/api/customers', { code, name, type: 'trader' })).json().id as string;
  ids.customerA = await customer('CUS-A', 'Alpha Resins');
  ids.customerB = await customer('CUS-B', 'Bravo Films');
  const plan = [
    {
      kind: 'sales',
      customer_id: ids.customerA,
      ordered_on: '2026-10-05',
      due_on: '2026-11-20',
      confirm: true,
    },
    {
      kind: 'sales',
      customer_id: ids.customerB,
      ordered_on: '2026-10-07',
      due_on: null,
      customer_reference: 'BF-9',
    },
    { kind: 'purchase', supplier_id: ids.supplier, ordered_on: '2026-10-06', due_on: '2026-10-25' },
    { kind: 'sales', customer_id: ids.customerA, ordered_on: '2026-10-07', due_on: '2026-10-30' },
    { kind: 'purchase', supplier_id: ids.supplier, ordered_on: '2026-10-01', due_on: null, confirm: true },
  ];
  for (const p of plan) {
    const res = await manager.post('/api/orders', {
      ...p,
      lines: [{ material_id: ids.pet, kg: '250', unit_price: '20' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    orders.push(res.json());
  }
});

const numbers = async (c: TestClient, query: string) =>
  (await allPages<Row>(c, `/api/orders?limit=2&${query}`)).flat().map((r) => r.number);

/** The orders sorted by a key, ties by id, nulls after every value: the order the list must give. */
function sortedBy(key: 'ordered_on' | 'due_on' | 'number', descending: boolean) {
  const value = (r: Row) => r[key] ?? '9999-99-99';
  const sorted = [...orders].sort((a, b) => value(a).localeCompare(value(b)) || a.id.localeCompare(b.id));
  return (descending ? sorted.reverse() : sorted).map((r) => r.number);
}

describe('order list', () => {
  it('sorts by order day, due day or number, in keyset pages that never repeat a row', async () => {
    for (const key of ['ordered_on', 'due_on', 'number'] as const) {
      expect(await numbers(manager, `sort=${key}`)).toEqual(sortedBy(key, false));
      expect(await numbers(manager, `sort=-${key}`)).toEqual(sortedBy(key, true));
    }
    // Newest order first by default.
    expect(await numbers(manager, '')).toEqual(sortedBy('ordered_on', true));
    const first = (await manager.get('/api/orders?limit=1&sort=number')).json();
    const mixed = await manager.get(`/api/orders?sort=due_on&cursor=${first.next_cursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().details.fields['querystring.cursor']).toBe(
      'This cursor belongs to another sort order',
    );
  });

  it('filters by kind, status and party, and finds a number, a party or a customer reference', async () => {
    const [a1, b, p1, a2, p2] = orders.map((o) => o.number) as [string, string, string, string, string];
    const set = async (query: string) => (await numbers(manager, query)).sort();
    expect(await set('kind=purchase')).toEqual([p1, p2].sort());
    expect(await set('kind=sales&status=confirmed')).toEqual([a1]);
    expect(await set(`customer_id=${ids.customerA}`)).toEqual([a1, a2].sort());
    expect(await set(`supplier_id=${ids.supplier}&status=draft`)).toEqual([p1]);
    // Open: what can still be delivered against (confirmed or partly fulfilled).
    expect(await set('open=true')).toEqual([a1, p2].sort());
    expect(await set(`kind=purchase&supplier_id=${ids.supplier}&open=true`)).toEqual([p2]);
    expect(await set('q=bravo')).toEqual([b]);
    expect(await set('q=BF-9')).toEqual([b]);
    expect(await set(`q=${a2}`)).toEqual([a2]);
    const row = (await manager.get(`/api/orders?q=${a1}`)).json().items[0];
    expect(row).toMatchObject({
      customer: { code: 'CUS-A', name: 'Alpha Resins' },
      total_kg: '250.000',
      amount: '5000.00',
      shipped_kg: '0.000',
      fulfilled_pct: '0.00',
    });
    expect((await manager.get(`/api/orders?q=${p2}`)).json().items[0]).toMatchObject({
      shipped_kg: '0.000',
      fulfilled_pct: '0.00',
    });
  });

  it('exports the filtered orders as CSV and logs the export', async () => {
    const res = await auditor.get('/api/orders/export.csv?kind=sales&sort=number');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'number,kind,status,party_code,party_name,customer_reference,facility_code,ordered_on,due_on,delivery_terms,tolerance_pct,total_kg,amount,currency,shipped_kg,fulfilled_pct,confirmed_at,closed_at,cancelled_at,cancel_reason',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      sortedBy('number', false).filter((n) => n.startsWith('SO')),
    );
    expect(lines[2]).toContain(
      'Sales order,Draft,CUS-B,Bravo Films,BF-9,,2026-10-07,,,0.00,250.000,5000.00,PHP,0.000,0.00',
    );
    expect(await activity(auditor, 'Exported')).toEqual(['Exported 3 orders']);
    expect((await operator.get('/api/orders/export.csv')).statusCode).toBe(403);
  });

  it('lets the loading bay read orders, only the office write them, and no supplier see them', async () => {
    const id = orders[0]?.id;
    expect((await operator.get('/api/orders')).statusCode).toBe(200);
    expect((await operator.get(`/api/orders/${id}`)).statusCode).toBe(200);
    expect((await auditor.get(`/api/orders/${id}`)).statusCode).toBe(200);
    const body = { kind: 'purchase', supplier_id: ids.supplier, ordered_on: '2026-10-01', lines: [] };
    for (const c of [operator, auditor]) {
      const res = await c.post('/api/orders', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your role may not manage sales and purchase orders');
      expect((await c.post(`/api/orders/${id}/close`, {})).statusCode).toBe(403);
    }
    expect((await supplier.get('/api/orders')).statusCode).toBe(403);
    expect((await supplier.get(`/api/orders/${id}`)).statusCode).toBe(403);
  });

  it('keeps each organization’s orders to itself', async () => {
    const other = (await newOrganization(ctx.app, 'Other Recyclers')).admin;
    const id = orders[1]?.id;
    expect((await other.get(`/api/orders/${id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/orders/${id}`, { version: 1, notes: 'mine' })).statusCode).toBe(404);
    expect((await other.post(`/api/orders/${id}/confirm`, {})).statusCode).toBe(404);
    expect((await other.delete(`/api/orders/${id}`)).statusCode).toBe(404);
    expect((await other.get('/api/orders')).json().items).toEqual([]);
    // Nor may an order name another organization's customer.
    const theirs = await other.post('/api/orders', {
      kind: 'sales',
      customer_id: ids.customerA,
      ordered_on: '2026-10-01',
      lines: [{ material_id: ids.pet, kg: '1', unit_price: '1' }],
    });
    expect(theirs.statusCode).toBe(404);
    expect((await manager.get(`/api/orders/${id}`)).json().notes).toBeNull();
  });
});
