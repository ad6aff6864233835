import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';
import { CUSTOMER_BOOK } from './ledger.books.ts';

// What customers pay (cash, GCash, bank, cheque), a manager's credit notes, and the reversal of a
// mistaken payment, on POST /api/customer-ledger/…

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let customerCount = 0;

const pay = (body: Record<string, unknown>, who = org.admin, headers?: Record<string, string>) =>
  who.post('/api/customer-ledger/payments', body, headers);
const credit = (body: Record<string, unknown>, who = org.manager, headers?: Record<string, string>) =>
  who.post('/api/customer-ledger/credit-notes', body, headers);
const reverse = (entryId: string, reason = 'Recorded twice', who = org.manager) =>
  who.post(`/api/customer-ledger/entries/${entryId}/reverse`, { reason });
const closing = async (customerId: string) =>
  (await org.admin.get(`/api/customer-ledger/${customerId}`)).json().closing_balance;

beforeAll(async () => {
  org = await seededOrganization(ctx, 'collections');
});

/** A customer of its own for one test, owing a posted dispatch's receivable of `amount`. */
async function customerOwing(amount: string): Promise<{ id: string; name: string }> {
  customerCount++;
  const name = `Buyer ${customerCount}`;
  const res = await org.admin.post('/api/customers', {
    code: `BUY-${String(customerCount).padStart(3, '0')}`,
    name,
    type: 'trader',
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as string;
  await ctx.database.db.transaction((tx) =>
    CUSTOMER_BOOK.insert(tx, {
      organizationId: org.organizationId,
      partyId: id,
      kind: 'receivable',
      amount,
      sourceType: 'dispatch_record',
      sourceId: crypto.randomUUID(),
    }),
  );
  return { id, name };
}

describe('customer payments', () => {
  it('records cash and cheque payments; a cheque needs its cheque number', async () => {
    const c = await customerOwing('5000.00');
    const noNumber = await pay({ customer_id: c.id, amount: '1000', method: 'cheque' });
    expect(noNumber.statusCode).toBe(422);
    expect(noNumber.json().message).toBe('A cheque payment needs its cheque number');
    const cheque = await pay({
      customer_id: c.id,
      amount: '3000.50',
      method: 'cheque',
      reference: 'BPI 004512',
    });
    expect(cheque.statusCode, cheque.body).toBe(201);
    expect(cheque.json()).toMatchObject({
      kind: 'payment',
      amount: '-3000.50',
      balance: '1999.50',
      method: 'cheque',
      reference: 'BPI 004512',
      source_type: 'payment',
    });
    const cash = await pay({
      customer_id: c.id,
      amount: '999.50',
      method: 'cash',
      note: 'Collected at the gate',
    });
    expect(cash.json()).toMatchObject({ method: 'cash', balance: '1000.00', note: 'Collected at the gate' });
    expect(await closing(c.id)).toBe('1000.00');
    expect((await activity(org.admin, `from ${c.name}`))[1]).toBe(
      `Received ₱3,000.50 from ${c.name} by cheque`,
    );
    const method = await pay({ customer_id: c.id, amount: '1', method: 'crypto' });
    expect(method.json().details.fields['body.method']).toBe('Choose cash, GCash, bank or cheque');
  });

  it('refuses a payment above what is owed, even marked as an advance', async () => {
    const c = await customerOwing('1000.00');
    for (const advance of [undefined, true]) {
      const over = await pay({
        customer_id: c.id,
        amount: '1000.01',
        method: 'gcash',
        reference: 'GC-1',
        advance,
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe(
        `The payment exceeds the ₱1,000.00 ${c.name} owes. Record at most what is owed: deposits are not kept.`,
      );
    }
    expect(
      (await pay({ customer_id: c.id, amount: '1000', method: 'bank', reference: 'BDO-77' })).statusCode,
    ).toBe(201);
    expect((await pay({ customer_id: c.id, amount: '0.01', method: 'cash' })).statusCode).toBe(422);
    expect(await closing(c.id)).toBe('0.00');
  });

  it('records a payment retried with the same Idempotency-Key once', async () => {
    const c = await customerOwing('800.00');
    const body = { customer_id: c.id, amount: '300.00', method: 'gcash', reference: 'GC-5521' };
    const key = { 'idempotency-key': `collect-${c.id}` };
    const tries = await Promise.all([1, 2, 3].map(() => pay(body, org.admin, key)));
    expect(tries.map((t) => t.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(tries.map((t) => t.json().id)).size).toBe(1);
    expect(await closing(c.id)).toBe('500.00');
    expect((await pay({ ...body, amount: '200.00' }, org.admin, key)).statusCode).toBe(422);
    expect(await closing(c.id)).toBe('500.00');
  });

  it('refuses a payment dated in a closed period', async () => {
    const c = await customerOwing('100.00');
    const close = (through: string | null) =>
      org.admin.request('PUT', '/api/organization/books-closed', {
        through,
        reason: 'October statements sent',
      });
    expect((await close('2026-10-31')).statusCode).toBe(200);
    try {
      const res = await pay({
        customer_id: c.id,
        amount: '50',
        method: 'cash',
        paid_at: '2026-10-30T10:00:00+08:00',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().details.books_closed_through).toBe('2026-10-31');
    } finally {
      expect((await close(null)).statusCode).toBe(200);
    }
  });

  it('lets only managers and administrators record, within their own organization', async () => {
    const c = await customerOwing('100.00');
    for (const who of [org.operator, org.auditor, org.supplier]) {
      expect((await pay({ customer_id: c.id, amount: 1, method: 'cash' }, who)).statusCode).toBe(403);
      expect((await credit({ customer_id: c.id, amount: 1, reason: 'Short' }, who)).statusCode).toBe(403);
    }
    const other = (await newOrganization(ctx.app)).admin;
    expect((await pay({ customer_id: c.id, amount: 1, method: 'cash' }, other)).statusCode).toBe(404);
    expect((await credit({ customer_id: c.id, amount: 1, reason: 'Short' }, other)).statusCode).toBe(404);
    expect(await closing(c.id)).toBe('100.00');
  });
});

describe('customer credit notes', () => {
  it('lowers what is owed with the reason, once per Idempotency-Key, never below zero', async () => {
    const c = await customerOwing('2000.00');
    const noReason = await credit({ customer_id: c.id, amount: '100' });
    expect(noReason.json().details.fields['body.reason']).toBe('Say why the customer is credited');
    const key = { 'idempotency-key': `credit-${c.id}` };
    const body = { customer_id: c.id, amount: '250.00', reason: 'Price agreed down for wet flakes' };
    const both = await Promise.all([credit(body, org.manager, key), credit(body, org.manager, key)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[1]?.json()).toEqual(both[0]?.json());
    expect(both[0]?.json()).toMatchObject({
      kind: 'credit_note',
      amount: '-250.00',
      balance: '1750.00',
      note: 'Price agreed down for wet flakes',
      method: null,
    });
    expect(await closing(c.id)).toBe('1750.00');
    const over = await credit({ customer_id: c.id, amount: '1750.01', reason: 'Too much' });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(`The credit note exceeds the ₱1,750.00 ${c.name} owes.`);
    expect((await activity(org.admin, `Credited ${c.name}`))[0]).toBe(
      `Credited ${c.name} ₱250.00: Price agreed down for wet flakes`,
    );
    // A credit note is not a payment: it is not reversed here.
    const wrongKind = await reverse(both[0]?.json().id);
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().message).toBe(
      'Only payments can be reversed here; a credit note stays on the statement.',
    );
  });
});

describe('customer payment reversals', () => {
  it('reverses a payment once, even asked twice at the same moment, and only a payment', async () => {
    const c = await customerOwing('600.00');
    const paid = (await pay({ customer_id: c.id, amount: '600', method: 'cash' })).json();
    expect(await closing(c.id)).toBe('0.00');
    expect((await reverse(paid.id, 'typo', org.operator)).statusCode).toBe(403);
    expect((await reverse(paid.id, '')).statusCode).toBe(400);
    const both = await Promise.all([
      reverse(paid.id, 'Cheque bounced'),
      reverse(paid.id, 'Cheque bounced', org.admin),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const reversal = both.find((r) => r.statusCode === 201)?.json();
    expect(reversal).toMatchObject({
      kind: 'payment_reversal',
      amount: '600.00',
      balance: '600.00',
      source_id: paid.id,
      note: 'Cheque bounced',
    });
    expect((await reverse(paid.id)).statusCode).toBe(409);
    expect(await closing(c.id)).toBe('600.00');
    const items = (await org.admin.get(`/api/customer-ledger/${c.id}`)).json().items;
    expect(items.map((e: { kind: string; reversed_by: string | null }) => [e.kind, e.reversed_by])).toEqual([
      ['receivable', null],
      ['payment', reversal.id],
      ['payment_reversal', null],
    ]);
    const receivable = await reverse(items[0].id);
    expect(receivable.json().message).toBe(
      'Only payments can be reversed here; a receivable is corrected by voiding its dispatch.',
    );
    const other = (await newOrganization(ctx.app)).admin;
    expect((await reverse(paid.id, 'mine', other)).statusCode).toBe(404);
    // Each book reverses only its own entries.
    expect(
      (await org.admin.post(`/api/supplier-ledger/entries/${paid.id}/reverse`, { reason: 'x y z' }))
        .statusCode,
    ).toBe(404);
    expect(await activity(org.admin, `Reversed the payment of ₱600.00 from ${c.name}`)).toHaveLength(1);
  });
});
