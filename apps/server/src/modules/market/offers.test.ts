import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { materials, memberships, notifications, outbox } from '../../db/schema/index.ts';
import type { Caller } from '../../plugins/auth.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { listLots, type MarketOrg, marketOrganization } from '../../test/market.ts';
import { getListing } from './offers.repo.ts';
import { openOffer } from './offers.service.ts';

// Offers: what a listing accepts (active, another organization's, at least the minimum order, at most
// what is left), declining and withdrawing, a buy request answered by a seller (whose orders find or make
// the materials), the quote a seller makes through openOffer, and retries with one Idempotency-Key.

const ctx = useTestApp();
let s: MarketOrg;
let b: MarketOrg;
let listingId: string;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const offer = (who: TestClient, id: string, body: Record<string, unknown>, headers = key()) =>
  who.post(`/api/market/listings/${id}/offers`, body, headers);

beforeAll(async () => {
  s = await marketOrganization(ctx, 'offerseller');
  b = await marketOrganization(ctx, 'offerbuyer');
  const res = await listLots(s.manager, s, await s.receiveFlake(['2000']), { min_order: '500' });
  expect(res.statusCode, res.body).toBe(201);
  listingId = res.json().id;
});

describe('making an offer', () => {
  it('takes at least the minimum order and at most what is left', async () => {
    const small = await offer(b.manager, listingId, { quantity: '499.999', price: '40' });
    expect(small.statusCode).toBe(422);
    expect(small.json().details.fields).toEqual({ 'body.quantity': 'The minimum order is 500 kg' });
    const big = await offer(b.manager, listingId, { quantity: '2000.001', price: '40' });
    expect(big.statusCode).toBe(422);
    expect(big.json().details.fields).toEqual({ 'body.quantity': 'Only 2,000 kg of this listing are left' });
    const bad = await offer(b.manager, listingId, { quantity: '-1', price: 'abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a retry with the same Idempotency-Key with the first offer', async () => {
    const headers = key();
    const first = await offer(b.manager, listingId, { quantity: '500', price: '40' }, headers);
    const again = await offer(b.manager, listingId, { quantity: '500', price: '40' }, headers);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(first.json().id);
    const other = await offer(b.manager, listingId, { quantity: '600', price: '40' }, headers);
    expect(other.statusCode).toBe(422);
  });

  it('is refused on a paused listing (404 to others) and after it closes', async () => {
    const res = await listLots(s.manager, s, await s.receiveFlake(['700']));
    const id = res.json().id;
    const paused = await s.manager.patch(`/api/market/listings/${id}`, { status: 'paused', version: 1 });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await offer(b.manager, id, { quantity: '100', price: '40' })).statusCode).toBe(404);
  });
});

describe('declining and withdrawing', () => {
  it('lets the other party decline with a reason, and tells the maker in the app and by e-mail', async () => {
    const o = (await offer(b.manager, listingId, { quantity: '500', price: '30' })).json();
    expect((await b.manager.post(`/api/market/offers/${o.id}/decline`, {})).statusCode).toBe(422);
    const res = await s.manager.post(`/api/market/offers/${o.id}/decline`, { reason: 'Below our cost' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', responded_at: expect.any(String) });
    const told = await ctx.database.db
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(eq(notifications.organizationId, b.organizationId), eq(notifications.title, 'Offer declined')),
      );
    // One per member who may trade: the admin and the manager.
    expect(told).toHaveLength(2);
    expect(told[0]?.body).toBe(
      `${s.name} declined your offer of 500 kg at ₱30.00/kg on “Clear PET flakes, hot-washed”: Below our cost`,
    );
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, 'Offer declined on the PlasTrace marketplace'));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([
      'admin.offerbuyer@demo.plastrace.ph',
      'manager.offerbuyer@demo.plastrace.ph',
    ]);
    expect((await s.manager.post(`/api/market/offers/${o.id}/decline`, {})).json().message).toBe(
      'This offer was already declined',
    );
  });

  it('lets only the maker withdraw', async () => {
    const o = (await offer(b.manager, listingId, { quantity: '500', price: '31' })).json();
    expect((await s.manager.post(`/api/market/offers/${o.id}/withdraw`, {})).statusCode).toBe(422);
    const res = await b.admin.post(`/api/market/offers/${o.id}/withdraw`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('withdrawn');
  });
});

describe('a buy request', () => {
  it('is answered by a seller; accepting it places orders on materials found or made', async () => {
    const req = await b.manager.post(
      '/api/market/listings',
      {
        side: 'buy',
        kind: 'material',
        title: 'Wanted: PVC regrind',
        polymer: 'PVC',
        form: 'regrind',
        grade: 'B',
        quantity: '3000',
        facility_id: b.ids.mnl1,
      },
      key(),
    );
    expect(req.statusCode, req.body).toBe(201);
    const o = await offer(s.manager, req.json().id, { quantity: '1200', price: '18.50' });
    expect(o.statusCode, o.body).toBe(201);
    expect(o.json()).toMatchObject({ side: 'seller', from_me: true, counterparty: { name: b.name } });
    const deal = await b.manager.post(`/api/market/offers/${o.json().id}/accept`, {}, key());
    expect(deal.statusCode, deal.body).toBe(201);
    const po = (await b.admin.get(`/api/orders/${deal.json().my_order.id}`)).json();
    expect(po).toMatchObject({ supplier: { name: s.name }, facility: { id: b.ids.mnl1 } });
    const sellerDeal = (await s.manager.get(`/api/market/deals/${deal.json().id}`)).json();
    const so = (await s.admin.get(`/api/orders/${sellerDeal.my_order.id}`)).json();
    expect(so).toMatchObject({ customer: { name: b.name }, facility: null });
    for (const [org, line] of [
      [b, po.lines[0]],
      [s, so.lines[0]],
    ] as const) {
      const [m] = await ctx.database.db.select().from(materials).where(eq(materials.id, line.material.id));
      expect(m).toMatchObject({
        organizationId: org.organizationId,
        code: 'MKT-PVC-REGRIND-B',
        polymer: 'PVC',
        form: 'regrind',
        grade: 'B',
      });
    }
    expect((await b.manager.get(`/api/market/listings/${req.json().id}`)).json().remaining).toBe('1800.000');
  });
});

describe('a quote through openOffer', () => {
  it('offers on the seller’s own listing to a named buyer, who can accept it', async () => {
    const [m] = await ctx.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, s.organizationId), eq(memberships.role, 'manager')));
    if (!m) throw new Error('no manager');
    const caller: Caller = { ...m, membershipId: m.id, sessionId: 'test', supplierId: null };
    const quote = await ctx.database.db.transaction(async (tx) => {
      const listing = await getListing(tx, listingId, true);
      if (!listing) throw new Error('no listing');
      return openOffer(
        tx,
        caller,
        listing,
        { quantity: '500', price: '39.50' },
        {
          buyerOrganizationId: b.organizationId,
          publicUrl: 'http://localhost:3000',
        },
      );
    });
    expect(quote).toMatchObject({
      side: 'seller',
      from_me: true,
      counterparty: { organization_id: b.organizationId },
    });
    const seen = (await b.manager.get(`/api/market/offers/${quote.id}`)).json();
    expect(seen).toMatchObject({ side: 'buyer', from_me: false, status: 'open' });
    const deal = await b.manager.post(`/api/market/offers/${quote.id}/accept`, {}, key());
    expect(deal.statusCode, deal.body).toBe(201);
    expect(deal.json()).toMatchObject({ role: 'buyer', price: '39.50' });
  });
});
