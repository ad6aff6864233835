import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketOffers, marketReservations, notifications } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { listLots, lotsOf, type MarketLot, type MarketOrg, marketOrganization } from '../../test/market.ts';
import { activity } from '../../test/masterdata.ts';

// Material deals: the whole negotiation (offer lower, counter, accept) placing both orders and holding the
// lots' kilograms for the sales order, a dispatch elsewhere refused and one against the order taking them,
// receipt and ratings; cancellation; expired offers; and two accepts racing for what is left of a listing.

const ctx = useTestApp();
let s: MarketOrg;
let b: MarketOrg;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const offer = (who: TestClient, listingId: string, body: Record<string, unknown>) =>
  who.post(`/api/market/listings/${listingId}/offers`, body, key());

async function listing(lots: MarketLot[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await listLots(s.manager, s, lots, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function deal(listingId: string, quantity: string, price = '40.00') {
  const o = await offer(b.manager, listingId, { quantity, price });
  expect(o.statusCode, o.body).toBe(201);
  const res = await s.manager.post(`/api/market/offers/${o.json().id}/accept`, {}, key());
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The kg held for an order, from the reservations ledger. */
async function heldForOrder(orderId: string) {
  const [row] = await ctx.database.db
    .select({ kg: sql<string>`coalesce(sum(${marketReservations.qty}), 0)::text` })
    .from(marketReservations)
    .where(eq(marketReservations.orderId, orderId));
  return row?.kg;
}

async function dispatchOf(lotId: string, kg: string, to: { customer_id: string; order_id?: string }) {
  return s.operator.post('/api/dispatch-records?post=true', {
    ...to,
    facility_id: s.ids.mnl1,
    dispatched_at: new Date(Date.now() - 60_000).toISOString(),
    lines: [{ lot_id: lotId, kg, unit_price: '40.00' }],
  });
}

beforeAll(async () => {
  s = await marketOrganization(ctx, 'dealseller');
  b = await marketOrganization(ctx, 'dealbuyer');
});

describe('a material deal from offer to rating', () => {
  let lots: MarketLot[];
  let listingId: string;
  let sellerDeal: { id: string; my_order: { id: string; number: string; kind: string } };
  let so: { id: string; customer: { id: string; code: string; name: string } };

  it('offers lower, counters and accepts: a deal, the listing sold out', async () => {
    lots = await s.receiveFlake(['3000', '2000']);
    listingId = await listing(lots);
    const res = await offer(b.manager, listingId, {
      quantity: '5000',
      price: '38.00',
      delivery_terms: 'FOB Valenzuela',
      message: 'Can you do 38?',
    });
    expect(res.statusCode, res.body).toBe(201);
    const first = res.json();
    expect(first).toMatchObject({
      listing_id: listingId,
      listing_title: 'Clear PET flakes, hot-washed',
      thread_id: first.id,
      parent_id: null,
      side: 'buyer',
      from_me: true,
      counterparty: { organization_id: s.organizationId, name: s.name },
      quantity: '5000.000',
      unit: 'kg',
      price: '38.00',
      amount: '190000.00',
      delivery_terms: 'FOB Valenzuela',
      status: 'open',
      deal_id: null,
    });
    const received = (await s.auditor.get('/api/market/offers?role=received')).json().items;
    expect(received).toEqual([
      expect.objectContaining({
        id: first.id,
        side: 'seller',
        from_me: false,
        counterparty: { organization_id: b.organizationId, name: b.name },
      }),
    ]);
    expect((await s.auditor.get('/api/market/offers?role=sent')).json().items).toEqual([]);

    // The maker cannot answer its own offer.
    const own = await b.manager.post(`/api/market/offers/${first.id}/accept`, {}, key());
    expect(own.statusCode).toBe(422);

    const countered = await s.manager.post(
      `/api/market/offers/${first.id}/counter`,
      { quantity: '5000', price: '40.00' },
      key(),
    );
    expect(countered.statusCode, countered.body).toBe(201);
    const c = countered.json();
    expect(c).toMatchObject({
      thread_id: first.id,
      parent_id: first.id,
      side: 'seller',
      from_me: true,
      price: '40.00',
      status: 'open',
    });
    expect((await b.manager.get(`/api/market/offers/${first.id}`)).json().status).toBe('countered');
    // A countered offer can no longer be accepted.
    expect((await s.manager.post(`/api/market/offers/${first.id}/accept`, {}, key())).statusCode).toBe(422);

    const thread = (await b.auditor.get(`/api/market/offers/${c.id}/thread`)).json();
    expect(thread.offers.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [first.id, 'countered'],
      [c.id, 'open'],
    ]);
    expect(thread.listing).toMatchObject({
      id: listingId,
      remaining: '5000.000',
      organization: { name: s.name },
    });

    const accepted = await b.manager.post(`/api/market/offers/${c.id}/accept`, {}, key());
    expect(accepted.statusCode, accepted.body).toBe(201);
    const buyerDeal = accepted.json();
    expect(buyerDeal).toMatchObject({
      listing_id: listingId,
      offer_id: c.id,
      thread_id: first.id,
      kind: 'material',
      unit: 'kg',
      role: 'buyer',
      counterparty: { organization_id: s.organizationId, name: s.name },
      quantity: '5000.000',
      price: '40.00',
      amount: '200000.00',
      status: 'open',
      my_order: { kind: 'purchase', status: 'confirmed' },
      my_rating: null,
      their_rating: null,
    });
    expect((await b.manager.get(`/api/market/offers/${c.id}`)).json()).toMatchObject({
      status: 'accepted',
      deal_id: buyerDeal.id,
    });
    sellerDeal = (await s.auditor.get(`/api/market/deals/${buyerDeal.id}`)).json();
    expect(sellerDeal).toMatchObject({ role: 'seller', my_order: { kind: 'sales', status: 'confirmed' } });
    const l = (await s.manager.get(`/api/market/listings/${listingId}`)).json();
    expect(l).toMatchObject({ status: 'closed', closed_reason: 'sold_out', remaining: '0.000' });
  });

  it('places the seller’s sales order to the buyer and the buyer’s purchase order from the seller', async () => {
    so = (await s.admin.get(`/api/orders/${sellerDeal.my_order.id}`)).json();
    expect(so).toMatchObject({
      kind: 'sales',
      status: 'confirmed',
      customer: { name: b.name },
      delivery_terms: null,
    });
    expect(so.customer.code).toMatch(/^MKT-/);
    expect((so as unknown as { lines: unknown[] }).lines).toEqual([
      expect.objectContaining({
        material: expect.objectContaining({ id: s.ids.flake }),
        kg: '5000.000',
        unit_price: '40.00',
      }),
    ]);
    const buyerDeal = (await b.manager.get(`/api/market/deals/${sellerDeal.id}`)).json();
    const po = (await b.admin.get(`/api/orders/${buyerDeal.my_order.id}`)).json();
    expect(po).toMatchObject({ kind: 'purchase', status: 'confirmed', supplier: { name: s.name } });
    expect(po.supplier.code).toMatch(/^MKT-/);
    expect(po.lines[0]).toMatchObject({ material: { id: b.ids.flake }, kg: '5000.000', unit_price: '40.00' });
    expect((so as unknown as { customer_reference: string }).customer_reference).toBe(po.number);
  });

  it('holds the lots’ kg for the sales order: a dispatch elsewhere is refused, one against the order takes them', async () => {
    expect(
      (
        await lotsOf(
          ctx,
          lots.map((l) => l.id),
        )
      ).map((l) => l.reserved_kg),
    ).toEqual(['3000.000', '2000.000']);
    expect(await heldForOrder(so.id)).toBe('5000.000');
    const other = (
      await s.admin.post('/api/customers', {
        code: 'CUS-OTHER',
        name: 'Another Buyer Inc.',
        type: 'recycler',
      })
    ).json();
    const elsewhere = await dispatchOf(lots[0]?.id ?? '', '1000', { customer_id: other.id });
    expect(elsewhere.statusCode, elsewhere.body).toBe(422);
    expect(elsewhere.json().message).toMatch(/reserved on the marketplace/);

    // The buyer cannot confirm receipt of what was not dispatched.
    const early = await b.manager.post(`/api/market/deals/${sellerDeal.id}/complete`, {});
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/not dispatched/);

    const against = await dispatchOf(lots[0]?.id ?? '', '3000', {
      customer_id: so.customer.id,
      order_id: so.id,
    });
    expect(against.statusCode, against.body).toBe(201);
    expect(await heldForOrder(so.id)).toBe('2000.000');
    expect(
      (
        await lotsOf(
          ctx,
          lots.map((l) => l.id),
        )
      ).map((l) => [l.qty_kg, l.reserved_kg]),
    ).toEqual([
      ['0.000', '0.000'],
      ['2000.000', '2000.000'],
    ]);
    // Dispatched goods cannot be cancelled.
    const cancel = await b.manager.post(`/api/market/deals/${sellerDeal.id}/cancel`, {
      reason: 'Changed our minds entirely',
    });
    expect(cancel.statusCode).toBe(422);
  });

  it('completes on the buyer’s receipt; each party rates once; both were told and logged every step', async () => {
    expect((await s.manager.post(`/api/market/deals/${sellerDeal.id}/complete`, {})).statusCode).toBe(422);
    const done = await b.manager.post(`/api/market/deals/${sellerDeal.id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'completed', completed_at: expect.any(String) });

    const rated = await b.manager.post(
      `/api/market/deals/${sellerDeal.id}/rating`,
      { stars: 5, comment: 'Clean flakes' },
      key(),
    );
    expect(rated.statusCode, rated.body).toBe(201);
    expect(rated.json().my_rating).toMatchObject({ stars: 5, comment: 'Clean flakes' });
    const again = await b.admin.post(`/api/market/deals/${sellerDeal.id}/rating`, { stars: 1 }, key());
    expect(again.statusCode).toBe(409);
    expect(
      (await s.manager.post(`/api/market/deals/${sellerDeal.id}/rating`, { stars: 4 }, key())).statusCode,
    ).toBe(201);
    expect((await b.auditor.get(`/api/market/deals/${sellerDeal.id}`)).json()).toMatchObject({
      my_rating: { stars: 5 },
      their_rating: { stars: 4, comment: null },
    });

    const told = await ctx.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.organizationId, s.organizationId), eq(notifications.kind, 'market')));
    expect(new Set(told.map((n) => n.title))).toEqual(
      new Set(['Offer received', 'Offer accepted', 'Deal completed', 'Deal rated']),
    );
    expect(await activity(s.admin, 'confirmed receipt')).toEqual([
      expect.stringContaining(`${b.name} confirmed receipt of 5,000 kg`),
    ]);
    expect(await activity(b.admin, 'Confirmed receipt')).toHaveLength(1);
    expect(await activity(b.admin, 'countered')).toEqual([
      expect.stringContaining(`${s.name} countered with 5,000 kg at ₱40.00/kg`),
    ]);
  });
});

describe('cancelling a deal', () => {
  it('cancels both orders, gives the kg back to the listing and reopens a listing it sold out', async () => {
    const lots = await s.receiveFlake(['1000']);
    const listingId = await listing(lots);
    const waiting = (await offer(b.admin, listingId, { quantity: '500', price: '35' })).json();
    const d = await deal(listingId, '1000');
    expect((await s.manager.get(`/api/market/listings/${listingId}`)).json().status).toBe('closed');
    // The listing sold out: its other open offer expired with it, and its maker was told.
    expect((await b.admin.get(`/api/market/offers/${waiting.id}`)).json().status).toBe('expired');
    const told = await ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(eq(notifications.organizationId, b.organizationId), eq(notifications.title, 'Offer expired')),
      );
    expect(told[0]?.body).toBe('“Clear PET flakes, hot-washed” sold out: your open offer on it expired');
    const short = await b.manager.post(`/api/market/deals/${d.id}/cancel`, { reason: 'No' });
    expect(short.statusCode).toBe(400);
    const res = await b.manager.post(`/api/market/deals/${d.id}/cancel`, {
      reason: 'Our plant is down this month',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Our plant is down this month',
      my_order: { status: 'cancelled' },
    });
    const sellerView = (await s.manager.get(`/api/market/deals/${d.id}`)).json();
    expect(sellerView.my_order.status).toBe('cancelled');
    expect(await heldForOrder(sellerView.my_order.id)).toBe('0.000');
    const l = (await s.manager.get(`/api/market/listings/${listingId}`)).json();
    expect(l).toMatchObject({ status: 'active', remaining: '1000.000' });
    expect((await lotsOf(ctx, [lots[0]?.id ?? '']))[0]?.reserved_kg).toBe('1000.000');
    expect(
      (await b.manager.post(`/api/market/deals/${d.id}/cancel`, { reason: 'Once more with feeling' }))
        .statusCode,
    ).toBe(422);
    // What is back on the listing can be sold again.
    await deal(listingId, '600');
  });
});

describe('expired offers', () => {
  it('answer expired and are refused with the day they expired', async () => {
    const listingId = await listing(await s.receiveFlake(['500']));
    const past = await offer(b.manager, listingId, {
      quantity: '100',
      price: '1',
      expires_at: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const far = new Date(Date.now() + 91 * 86_400_000).toISOString();
    expect(
      (await offer(b.manager, listingId, { quantity: '100', price: '1', expires_at: far })).statusCode,
    ).toBe(400);
    const o = (await offer(b.manager, listingId, { quantity: '100', price: '41.00' })).json();
    expect(Date.parse(o.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await ctx.database.db
      .update(marketOffers)
      .set({ expiresAt: new Date('2026-01-02T03:04:00Z') })
      .where(eq(marketOffers.id, o.id));
    expect((await s.manager.get(`/api/market/offers/${o.id}`)).json().status).toBe('expired');
    for (const action of ['accept', 'counter', 'decline']) {
      const res = await s.manager.post(
        `/api/market/offers/${o.id}/${action}`,
        { quantity: '100', price: '40' },
        key(),
      );
      expect(res.statusCode, action).toBe(422);
      expect(res.json().message).toBe('This offer expired on 2026-01-02 03:04 UTC');
    }
    const open = (await b.manager.get(`/api/market/offers?status=open&listing_id=${listingId}`)).json().items;
    const expired = (await b.manager.get(`/api/market/offers?status=expired&listing_id=${listingId}`)).json()
      .items;
    expect([open.length, expired.map((x: { id: string }) => x.id)]).toEqual([0, [o.id]]);
  });
});

describe('two accepts racing for what is left', () => {
  it('lets exactly one win when together they exceed the listing', async () => {
    const lots = await s.receiveFlake(['1000']);
    const listingId = await listing(lots);
    const o1 = (await offer(b.manager, listingId, { quantity: '700', price: '40' })).json();
    const o2 = (await offer(b.admin, listingId, { quantity: '700', price: '41' })).json();
    const results = await Promise.all(
      [o1, o2].map((o) => s.manager.post(`/api/market/offers/${o.id}/accept`, {}, key())),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const lost = results.find((r) => r.statusCode === 422);
    expect(lost?.json().message).toMatch(/Only 300 kg of this listing are left/);
    const l = (await s.manager.get(`/api/market/listings/${listingId}`)).json();
    expect(l).toMatchObject({ status: 'active', remaining: '300.000' });
    expect((await lotsOf(ctx, [lots[0]?.id ?? '']))[0]?.reserved_kg).toBe('1000.000');
  });

  it('lets exactly one answer to one offer win', async () => {
    const listingId = await listing(await s.receiveFlake(['800']));
    const o = (await offer(b.manager, listingId, { quantity: '800', price: '40' })).json();
    const results = await Promise.all([
      s.manager.post(`/api/market/offers/${o.id}/accept`, {}, key()),
      s.admin.post(`/api/market/offers/${o.id}/counter`, { quantity: '800', price: '45' }, key()),
      s.manager.post(`/api/market/offers/${o.id}/decline`, { reason: 'Too low' }),
    ]);
    expect(results.filter((r) => r.statusCode < 300)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422)).toHaveLength(2);
  });
});
