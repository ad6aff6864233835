import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, supplierLedger } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';

// Payables from posted receipts, and payments (cash, GCash, bank, cheque) and advances against them.

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let deliver: (supplierId: string, kg: number) => Promise<{ number: string }>;
let supplierCount = 0;

const pay = (body: Record<string, unknown>, who = org.admin) =>
  who.post('/api/supplier-ledger/payments', body);
const closing = async (supplierId: string) =>
  (await org.admin.get(`/api/supplier-ledger/${supplierId}`)).json().closing_balance;

beforeAll(async () => {
  org = await seededOrganization(ctx, 'payments');
  const db = ctx.database.db;
  const where = eq(facilities.organizationId, org.organizationId);
  const [fac] = await db.select().from(facilities).where(where);
  const [mat] = await db.select().from(materials).where(eq(materials.organizationId, org.organizationId));
  deliver = async (supplierId, kg) => {
    const draft = await org.admin.post('/api/receive-records', {
      supplier_id: supplierId,
      facility_id: fac?.id,
      received_at: '2026-11-03T10:00:00+08:00',
      lines: [{ material_id: mat?.id, gross_kg: kg, unit_price: '12.50' }],
    });
    const posted = await org.admin.post(`/api/receive-records/${draft.json().id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    return posted.json();
  };
});

/** A supplier of its own for one test (so tests never depend on each other), owed for deliveries of `kgs` at ₱12.50. */
async function supplierOwed(...kgs: number[]): Promise<string> {
  supplierCount++;
  const res = await org.admin.post('/api/suppliers', {
    code: `PAY-${String(supplierCount).padStart(3, '0')}`,
    name: `Payee ${supplierCount}`,
    type: 'junkshop',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  for (const kg of kgs) await deliver(id, kg);
  return id;
}

describe('supplier payments', () => {
  it('turns posted deliveries into payables with a running balance', async () => {
    const a = await supplierOwed(100, 50);
    const s = (await org.admin.get(`/api/supplier-ledger/${a}`)).json();
    expect(s.items.map((e: { kind: string; balance: string }) => [e.kind, e.balance])).toEqual([
      ['payable', '1250.00'],
      ['payable', '1875.00'],
    ]);
    expect(s.items[0]).toMatchObject({ source_type: 'receive_record', amount: '1250.00' });
    expect(s.closing_balance).toBe('1875.00');
  });

  it('checks the amount and the reference with clear messages', async () => {
    const a = await supplierOwed(100, 50);
    const field = async (amount: unknown) => {
      const res = await pay({ supplier_id: a, amount, method: 'cash' });
      expect(res.statusCode).toBe(400);
      return res.json().details.fields['body.amount'];
    };
    expect(await field(0)).toBe('Enter an amount above ₱0.00');
    expect(await field('0.00')).toBe('Enter an amount above ₱0.00');
    expect(await field('-5')).toBe('Amount must be a non-negative number');
    expect(await field('1.234')).toBe('Amount can have at most 2 decimals');
    expect(await field('1000000000000')).toBe('Amount must be below 1,000,000,000,000');
    const noRef = await pay({ supplier_id: a, amount: 100, method: 'gcash' });
    expect(noRef.statusCode).toBe(422);
    expect(noRef.json().message).toBe('A GCash payment needs its reference number');
    const noNumber = await pay({ supplier_id: a, amount: 100, method: 'cheque' });
    expect(noNumber.json().message).toBe('A cheque payment needs its cheque number');
    expect(await closing(a)).toBe('1875.00');
  });

  it('records a payment, and refuses more than is owed unless it is marked as an advance', async () => {
    const a = await supplierOwed(100, 50);
    const paid = await pay({ supplier_id: a, amount: '875.00', method: 'gcash', reference: 'GC-9911' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      kind: 'payment',
      amount: '-875.00',
      balance: '1000.00',
      method: 'gcash',
      reference: 'GC-9911',
    });
    const log = (await org.admin.get('/api/dashboard/user-transactions?type=CREATE_RECORD&q=Paid')).json();
    expect(log.items[0]).toMatchObject({ amount: '875.00', currency: 'PHP', reference_id: 'GC-9911' });

    const over = await pay({ supplier_id: a, amount: '1000.01', method: 'cash' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toMatch(
      /^The payment exceeds the ₱1,000\.00 owed to .+\. Mark it as an advance/,
    );

    // Marked as an advance but within what is owed: an ordinary payment.
    const within = await pay({ supplier_id: a, amount: '100', method: 'cash', advance: true });
    expect(within.json()).toMatchObject({ kind: 'payment', balance: '900.00' });
    const advance = await pay({
      supplier_id: a,
      amount: '1100',
      method: 'bank',
      reference: 'BDO-1',
      advance: true,
    });
    expect(advance.statusCode).toBe(201);
    expect(advance.json()).toMatchObject({ kind: 'advance', amount: '-1100.00', balance: '-200.00' });
    expect((await activity(org.admin, 'Advanced'))[0]).toMatch(/^Advanced .+ ₱1,100\.00 by bank$/);
    const list = (await org.admin.get(`/api/supplier-ledger?sort=balance`)).json();
    expect(list.items[0]).toMatchObject({ supplier: { id: a }, balance: '-200.00' });
    expect(list.totals.advances).toBe('200.00');

    // The next delivery settles the advance first.
    await deliver(a, 20);
    expect(await closing(a)).toBe('50.00');
  });

  it('lets only one of two simultaneous payments of the whole balance through', async () => {
    const b = await supplierOwed(10);
    const both = await Promise.all([
      pay({ supplier_id: b, amount: '125.00', method: 'cash' }),
      pay({ supplier_id: b, amount: '125.00', method: 'cash' }, org.manager),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await closing(b)).toBe('0.00');
  });

  it('records a payment retried with the same Idempotency-Key once', async () => {
    const c = await supplierOwed(20); // ₱250.00 owed
    const body = { supplier_id: c, amount: '100.00', method: 'gcash', reference: 'GC-7781' };
    const key = { 'idempotency-key': `pay-${c}` };
    const tries = await Promise.all(
      [1, 2, 3].map(() => org.admin.post('/api/supplier-ledger/payments', body, key)),
    );
    expect(tries.map((t) => t.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(tries.map((t) => t.json().id)).size).toBe(1);
    expect(await closing(c)).toBe('150.00');
    const changed = await org.admin.post('/api/supplier-ledger/payments', { ...body, amount: '90.00' }, key);
    expect(changed.statusCode).toBe(422);
    expect(await closing(c)).toBe('150.00');
    expect((await pay({ supplier_id: c, amount: '150.00', method: 'cash' })).statusCode).toBe(201);
  });

  it('dates a payment made earlier, never in the future', async () => {
    const c = await supplierOwed(8); // ₱100.00 owed
    const future = new Date(Date.now() + 3600_000).toISOString();
    const ahead = await pay({ supplier_id: c, amount: 50, method: 'cash', paid_at: future });
    expect(ahead.statusCode).toBe(400);
    expect(ahead.json().details.fields).toEqual({ 'body.paid_at': 'The time paid cannot be in the future' });
    const res = await pay({
      supplier_id: c,
      amount: 100,
      method: 'cash',
      paid_at: '2026-11-05T16:00:00+08:00',
    });
    expect(res.statusCode).toBe(201);
    expect(new Date(res.json().posted_at)).toEqual(new Date('2026-11-05T16:00:00+08:00'));
    expect(await closing(c)).toBe('0.00');
  });

  it('settles what an archived supplier is owed but gives them no advance', async () => {
    const c = await supplierOwed();
    await ctx.database.db
      .insert(supplierLedger)
      .values({ organizationId: org.organizationId, supplierId: c, kind: 'payable', amount: '300.00' });
    expect((await org.admin.post(`/api/suppliers/${c}/archive`)).statusCode).toBe(200);
    expect((await pay({ supplier_id: c, amount: 300, method: 'cash' })).statusCode).toBe(201);
    const advance = await pay({ supplier_id: c, amount: 1, method: 'cash', advance: true });
    expect(advance.statusCode).toBe(422);
    expect(advance.json().message).toMatch(/is archived and cannot get an advance$/);
  });

  it('lets only managers and administrators pay, within their own organization', async () => {
    const b = await supplierOwed(10);
    for (const who of [org.operator, org.auditor, org.supplier]) {
      const res = await pay({ supplier_id: b, amount: 1, method: 'cash', advance: true }, who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your role may not record payments');
    }
    const other = (await newOrganization(ctx.app)).admin;
    expect((await pay({ supplier_id: b, amount: 1, method: 'cash' }, other)).statusCode).toBe(404);
    expect(await closing(b)).toBe('125.00');
  });

  it('reverses a mistaken payment once, with its reason, and leaves the entry on the ledger', async () => {
    const d = (await org.admin.get('/api/suppliers?q=SUP-0004')).json().items[0].id as string;
    await deliver(d, 20); // owes 250.00
    const paid = (await pay({ supplier_id: d, amount: '200.00', method: 'cash' })).json();
    expect(await closing(d)).toBe('50.00');
    for (const who of [org.operator, org.auditor, org.supplier]) {
      const refused = await who.post(`/api/supplier-ledger/entries/${paid.id}/reverse`, { reason: 'typo' });
      expect(refused.statusCode).toBe(403);
    }
    const noReason = await org.manager.post(`/api/supplier-ledger/entries/${paid.id}/reverse`, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const reversed = await org.manager.post(`/api/supplier-ledger/entries/${paid.id}/reverse`, {
      reason: 'Paid the wrong junkshop',
    });
    expect(reversed.statusCode, reversed.body).toBe(201);
    expect(reversed.json()).toMatchObject({
      kind: 'payment_reversal',
      amount: '200.00',
      balance: '250.00',
      source_id: paid.id,
      note: 'Paid the wrong junkshop',
    });
    expect(await closing(d)).toBe('250.00');
    const kinds = (await org.admin.get(`/api/supplier-ledger/${d}`))
      .json()
      .items.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(['payable', 'payment', 'payment_reversal']);
    // The payment names its reversal (the web offers no second one, whatever the statement's period).
    const items = (await org.admin.get(`/api/supplier-ledger/${d}`)).json().items;
    expect(items.map((e: { reversed_by: string | null }) => e.reversed_by)).toEqual([
      null,
      reversed.json().id,
      null,
    ]);
    // Twice, even at the same moment: one reversal.
    const again = await Promise.all(
      [1, 2].map(() =>
        org.admin.post(`/api/supplier-ledger/entries/${paid.id}/reverse`, { reason: 'again' }),
      ),
    );
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);
    // A payable is corrected by voiding its delivery, not here.
    const payable = (await org.admin.get(`/api/supplier-ledger/${d}`)).json().items[0];
    const wrongKind = await org.admin.post(`/api/supplier-ledger/entries/${payable.id}/reverse`, {
      reason: 'not a payment',
    });
    expect(wrongKind.statusCode).toBe(422);
    const other = (await newOrganization(ctx.app)).admin;
    expect(
      (await other.post(`/api/supplier-ledger/entries/${paid.id}/reverse`, { reason: 'mine' })).statusCode,
    ).toBe(404);
    expect(await activity(org.admin, 'Reversed the payment')).toHaveLength(1);
  });
});
