import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';
import { CUSTOMER_BOOK } from './ledger.books.ts';

// GET /api/customer-ledger, its export and a customer's statement: balances with the ageing of the
// open receivables (oldest settled first), as of a fixed day so that no test depends on today.
// Entries are written straight to the book so their days are exact.

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
type Cus = { id: string; code: string; name: string };
let late: Cus; // receivables of 120, 75, 45 and 10 days, partly paid
let voided: Cus; // a voided dispatch already paid for: in credit
let fresh: Cus; // one receivable, a reversed payment, a credit note
type Item = { customer: Cus & { type: string }; balance: string; ageing: Record<string, string> };

/** Noon in Manila on the day `days` before 31 October 2026, the as-of day of these tests. */
const daysBefore = (days: number) => new Date(Date.UTC(2026, 9, 31 - days, 4));
const AS_OF = 'as_of=2026-10-31';

const get = async (c: TestClient, query = '') => {
  const res = await c.get(`/api/customer-ledger${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function customer(code: string, name: string, type = 'recycler'): Promise<Cus> {
  const res = await org.admin.post('/api/customers', { code, name, type });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id, code, name };
}

type Entry = { kind: string; amount: string; days: number; sourceId?: string; id?: string };
/** Writes entries to the customer book as a dispatch's posting, void or a payment would. */
async function book(c: Cus, entries: Entry[]) {
  await ctx.database.db.transaction(async (tx) => {
    for (const e of entries)
      await CUSTOMER_BOOK.insert(tx, {
        ...(e.id ? { id: e.id } : {}),
        organizationId: org.organizationId,
        partyId: c.id,
        kind: e.kind,
        amount: e.amount,
        sourceType: e.kind.startsWith('receivable') ? 'dispatch_record' : 'payment',
        sourceId: e.sourceId,
        method: e.kind === 'payment' ? 'cash' : null,
        postedAt: daysBefore(e.days),
      });
  });
}
const dispatchId = () => crypto.randomUUID();

beforeAll(async () => {
  org = await seededOrganization(ctx, 'receivables');
  late = await customer('CUS-001', 'Pasig Pellet Works');
  voided = await customer('CUS-002', 'Bulacan Bottlers', 'manufacturer');
  fresh = await customer('CUS-003', 'Cavite Crates');
  await book(late, [
    { kind: 'receivable', amount: '1000.00', days: 120, sourceId: dispatchId() },
    { kind: 'receivable', amount: '500.00', days: 75, sourceId: dispatchId() },
    { kind: 'receivable', amount: '300.00', days: 45, sourceId: dispatchId() },
    { kind: 'receivable', amount: '200.00', days: 10, sourceId: dispatchId() },
    // settles the oldest: all of the 120 days and 200.00 of the 75 days
    { kind: 'payment', amount: '-1200.00', days: 5 },
  ]);
  const paidFor = dispatchId();
  await book(voided, [
    { kind: 'receivable', amount: '100.00', days: 40, sourceId: paidFor },
    { kind: 'payment', amount: '-100.00', days: 35 },
    { kind: 'receivable_reversal', amount: '-100.00', days: 30, sourceId: paidFor },
  ]);
  const payment = crypto.randomUUID();
  const cancelled = dispatchId();
  await book(fresh, [
    { kind: 'receivable', amount: '900.00', days: 100, sourceId: dispatchId() },
    // voided: cancels itself, not the 100-day receivable
    { kind: 'receivable', amount: '400.00', days: 95, sourceId: cancelled },
    { kind: 'receivable_reversal', amount: '-400.00', days: 94, sourceId: cancelled },
    // reversed: settles nothing
    { kind: 'payment', amount: '-250.00', days: 90, id: payment },
    { kind: 'payment_reversal', amount: '250.00', days: 3, sourceId: payment },
    { kind: 'credit_note', amount: '-150.00', days: 2 },
  ]);
});

describe('customer balances', () => {
  it('lists what each customer owes with its ageing, oldest receivables settled first', async () => {
    const body = await get(org.manager, `?${AS_OF}`);
    expect(body.items.map((i: Item) => [i.customer.code, i.balance, i.ageing])).toEqual(
      [
        [
          fresh.code,
          '750.00',
          { current: '0.00', days_31_to_60: '0.00', days_61_to_90: '0.00', over_90_days: '750.00' },
        ],
        [
          late.code,
          '800.00',
          { current: '200.00', days_31_to_60: '300.00', days_61_to_90: '300.00', over_90_days: '0.00' },
        ],
        [
          voided.code,
          '-100.00',
          { current: '0.00', days_31_to_60: '0.00', days_61_to_90: '0.00', over_90_days: '0.00' },
        ],
      ].sort((a, b) => Number(b[1]) - Number(a[1])),
    );
    expect(body.items[0]).toMatchObject({
      customer: { id: late.id, name: late.name, type: 'recycler' },
      currency: 'PHP',
      last_entry_at: daysBefore(5).toISOString(),
    });
    expect(body.totals).toEqual({
      customers: 3,
      owed: '1550.00',
      credits: '100.00',
      net: '1450.00',
      ageing: { current: '200.00', days_31_to_60: '300.00', days_61_to_90: '300.00', over_90_days: '750.00' },
    });
    expect(body.as_of).toBe('2026-10-31');
  });

  it('ages as of an earlier day, before the payment settled anything', async () => {
    const body = await get(org.auditor, `?as_of=2026-10-20&q=${late.code}`);
    // 20 October: the 10-day receivable is not there yet, the others are 11 days younger.
    expect(body.items).toEqual([
      expect.objectContaining({
        balance: '1800.00',
        ageing: {
          current: '0.00',
          days_31_to_60: '300.00',
          days_61_to_90: '500.00',
          over_90_days: '1000.00',
        },
      }),
    ]);
    expect(body.totals.ageing).toEqual(body.items[0].ageing);
  });

  it('filters by search, type and owing, sorts and pages with the same totals on every page', async () => {
    expect((await get(org.admin, `?${AS_OF}&type=manufacturer`)).items).toHaveLength(1);
    const owing = await get(org.admin, `?${AS_OF}&owing=true&sort=name`);
    expect(owing.items.map((i: Item) => i.customer.code)).toEqual([fresh.code, late.code]);
    expect(owing.totals).toMatchObject({ customers: 2, owed: '1550.00', credits: '0.00' });
    const first = await get(org.admin, `?${AS_OF}&sort=name&limit=2`);
    const second = await get(org.admin, `?${AS_OF}&sort=name&limit=2&cursor=${first.next_cursor}`);
    expect([...first.items, ...second.items].map((i: Item) => i.customer.code)).toEqual([
      voided.code,
      fresh.code,
      late.code,
    ]);
    expect(second.next_cursor).toBeNull();
    expect(second.totals).toEqual(first.totals);
    expect((await org.admin.get('/api/customer-ledger?type=junkshop')).statusCode).toBe(400);
  });

  it('exports the balances with their ageing as CSV and logs the export', async () => {
    const res = await org.auditor.get(`/api/customer-ledger/export.csv?${AS_OF}&owing=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="customer-balances.csv"');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'customer_code,customer_name,customer_type,balance,currency,last_entry_at,current,days_31_to_60,days_61_to_90,over_90_days',
    );
    expect(lines.slice(1)).toEqual([
      `${late.code},${late.name},recycler,800.00,PHP,${daysBefore(5).toISOString()},200.00,300.00,300.00,0.00`,
      `${fresh.code},${fresh.name},recycler,750.00,PHP,${daysBefore(2).toISOString()},0.00,0.00,0.00,750.00`,
    ]);
    expect((await activity(org.admin, 'customer balances'))[0]).toBe('Exported 2 customer balances');
  });

  it('gives a customer’s statement with its running balance, opening and closing', async () => {
    const all = (await org.manager.get(`/api/customer-ledger/${fresh.id}`)).json();
    expect(all.customer).toEqual({ id: fresh.id, code: fresh.code, name: fresh.name, type: 'recycler' });
    expect(all.items.map((e: { kind: string; balance: string }) => [e.kind, e.balance])).toEqual([
      ['receivable', '900.00'],
      ['receivable', '1300.00'],
      ['receivable_reversal', '900.00'],
      ['payment', '650.00'],
      ['payment_reversal', '900.00'],
      ['credit_note', '750.00'],
    ]);
    expect(all.items[3].reversed_by).toBe(all.items[4].id);
    const recent = (await org.manager.get(`/api/customer-ledger/${fresh.id}?from=2026-10-01`)).json();
    expect(recent).toMatchObject({
      opening_balance: '650.00',
      closing_balance: '750.00',
      total_increase: '250.00',
      total_decrease: '150.00',
    });
    const csv = await org.admin.get(`/api/customer-ledger/${fresh.id}/statement.csv?from=2026-10-01`);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="statement-${fresh.code}-from-2026-10-01.csv"`,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'customer_code,customer_name,posted_at,kind,method,reference,source_type,note,amount,balance,currency',
    );
    expect(lines.map((l) => l.split(',')[3])).toEqual([
      'kind',
      'opening_balance',
      'payment_reversal',
      'credit_note',
      'closing_balance',
    ]);
    expect((await activity(org.admin, 'customer statement'))[0]).toBe('Exported 2 customer statement');
  });

  it('is read by administrators, managers and auditors only, within their organization', async () => {
    for (const who of [org.operator, org.supplier]) {
      const res = await who.get('/api/customer-ledger');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your role may not view what customers owe');
      expect((await who.get(`/api/customer-ledger/${late.id}`)).statusCode).toBe(403);
      expect((await who.get('/api/customer-ledger/export.csv')).statusCode).toBe(403);
    }
    const other = (await newOrganization(ctx.app)).admin;
    const theirs = await get(other);
    expect(theirs.items).toEqual([]);
    expect(theirs.totals).toEqual({
      customers: 0,
      owed: '0.00',
      credits: '0.00',
      net: '0.00',
      ageing: { current: '0.00', days_31_to_60: '0.00', days_61_to_90: '0.00', over_90_days: '0.00' },
    });
    expect((await other.get(`/api/customer-ledger/${late.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/customer-ledger/${late.id}/statement.csv`)).statusCode).toBe(404);
  });
});
