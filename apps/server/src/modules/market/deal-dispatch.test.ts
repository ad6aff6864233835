import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketReservations } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { listLots, lotsOf, type MarketLot, type MarketOrg, marketOrganization } from '../../test/market.ts';

// Migration 0031's dispatch wrappers: a dispatch against a deal's sales order takes the kilograms held for
// it (naming itself on the release), its void holds them for the order again while the deal is open, and
// deal dispatches racing plain dispatches of the same lot, or the deal's cancellation, never deadlock.

const ctx = useTestApp();
let s: MarketOrg;
let b: MarketOrg;
let lot: MarketLot;
let orderId: string;
let customerId: string;
let otherCustomerId: string;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function heldFor(order: string) {
  const [row] = await ctx.database.db
    .select({ kg: sql<string>`coalesce(sum(${marketReservations.qty}), 0)::text` })
    .from(marketReservations)
    .where(eq(marketReservations.orderId, order));
  return row?.kg;
}

const dispatch = (kg: string, to: { customer_id: string; order_id?: string }) =>
  s.operator.post('/api/dispatch-records?post=true', {
    ...to,
    facility_id: s.ids.mnl1,
    dispatched_at: new Date(Date.now() - 60_000).toISOString(),
    lines: [{ lot_id: lot.id, kg, unit_price: '40.00' }],
  });

/** A deal for `kg` of the lot's listing; answers the seller's sales order id. */
async function dealFor(kg: string) {
  const listed = await listLots(s.manager, s, [{ id: lot.id, kg }]);
  expect(listed.statusCode, listed.body).toBe(201);
  const offer = await b.manager.post(
    `/api/market/listings/${listed.json().id}/offers`,
    { quantity: kg, price: '40.00' },
    key(),
  );
  expect(offer.statusCode, offer.body).toBe(201);
  const deal = await s.manager.post(`/api/market/offers/${offer.json().id}/accept`, {}, key());
  expect(deal.statusCode, deal.body).toBe(201);
  return { dealId: deal.json().id as string, orderId: deal.json().my_order.id as string };
}

beforeAll(async () => {
  s = await marketOrganization(ctx, 'dispseller');
  b = await marketOrganization(ctx, 'dispbuyer');
  [lot] = (await s.receiveFlake(['5000'])) as [MarketLot];
  ({ orderId } = await dealFor('3000'));
  customerId = (await s.manager.get(`/api/orders/${orderId}`)).json().customer.id;
  const other = await s.manager.post('/api/customers', {
    code: 'OTHER',
    name: 'Other Buyer',
    type: 'manufacturer',
  });
  expect(other.statusCode, other.body).toBe(201);
  otherCustomerId = other.json().id;
});

describe('a dispatch against a deal’s sales order', () => {
  it('takes the kilograms held for the order, and its void holds them again', async () => {
    const sent = await dispatch('1000', { customer_id: customerId, order_id: orderId });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await heldFor(orderId)).toBe('2000.000');
    const [release] = await ctx.database.db
      .select({ dispatchId: marketReservations.dispatchId, qty: marketReservations.qty })
      .from(marketReservations)
      .where(and(eq(marketReservations.orderId, orderId), eq(marketReservations.reason, 'dispatched')));
    expect(release).toEqual({ dispatchId: sent.json().id, qty: '-1000.000' });
    expect(await lotsOf(ctx, [lot.id])).toEqual([
      { lot_id: lot.id, qty_kg: '4000.000', reserved_kg: '2000.000' },
    ]);

    const voided = await s.manager.post(`/api/dispatch-records/${sent.json().id}/void`, {
      reason: 'Wrong truck',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await heldFor(orderId)).toBe('3000.000');
    expect(await lotsOf(ctx, [lot.id])).toEqual([
      { lot_id: lot.id, qty_kg: '5000.000', reserved_kg: '3000.000' },
    ]);
    // The free 2,000 kg still go anywhere; the held ones do not.
    const elsewhere = await dispatch('2500', { customer_id: otherCustomerId });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().message).toContain('reserved on the marketplace');
  });

  it('races plain dispatches of the same lot without a deadlock', async () => {
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all([
        dispatch('100', { customer_id: customerId, order_id: orderId }),
        dispatch('100', { customer_id: otherCustomerId }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    }
    expect(await heldFor(orderId)).toBe('2600.000');
    expect(await lotsOf(ctx, [lot.id])).toEqual([
      { lot_id: lot.id, qty_kg: '4200.000', reserved_kg: '2600.000' },
    ]);
  });

  it('races the deal’s cancellation: one of them wins, nothing fails', async () => {
    const { dealId, orderId: second } = await dealFor('1000');
    const secondCustomer = (await s.manager.get(`/api/orders/${second}`)).json().customer.id;
    const [sent, cancelled] = await Promise.all([
      dispatch('100', { customer_id: secondCustomer, order_id: second }),
      s.manager.post(`/api/market/deals/${dealId}/cancel`, { reason: 'The buyer changed its plans' }),
    ]);
    expect([sent.statusCode, cancelled.statusCode].sort()).toEqual(
      sent.statusCode === 201 ? [201, 422] : [200, 422],
    );
    // Whoever won, the second deal's kilograms are either taken by the dispatch or no longer held for it.
    const held = await heldFor(second);
    expect(held).toBe(sent.statusCode === 201 ? '900.000' : '0.000');
  });
});
