import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { marketReservations } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { type MarketOrg, marketOrganization, THIS_YEAR } from '../../test/market.ts';

// Credit deals: the credits stay listed until the seller confirms payment, then move to the buyer through
// the credits module, which meanwhile refuses to move listed credits; the reservation stays on the block
// that still holds the listed serials after a partial transfer; the buyer retires what it bought.

const ctx = useTestApp();
let s: MarketOrg;
let b: MarketOrg;
let blockId: string;
let listingId: string;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function reservedOn(block: string) {
  const [row] = await ctx.database.db
    .select({ n: sql<string>`coalesce(sum(${marketReservations.qty}), 0)::int::text` })
    .from(marketReservations)
    .where(eq(marketReservations.creditBlockId, block));
  return row?.n;
}

const holdings = async (who: TestClient) =>
  (await who.get('/api/credits/holdings?status=held')).json().items as {
    id: string;
    quantity: number;
    first_no: number;
    last_no: number;
  }[];

beforeAll(async () => {
  s = await marketOrganization(ctx, 'creditseller');
  b = await marketOrganization(ctx, 'creditbuyer');
  ({ blockId } = await s.issueCredits(30));
  const res = await s.manager.post(
    '/api/market/listings',
    {
      side: 'sell',
      kind: 'credits',
      title: 'EPR credits 2026, recycling',
      credit_block_id: blockId,
      quantity: '25',
      price: '1500.00',
    },
    key(),
  );
  expect(res.statusCode, res.body).toBe(201);
  listingId = res.json().id;
});

describe('a credit deal', () => {
  let dealId: string;

  it('trades whole credits only, and waits for the seller to confirm payment', async () => {
    const half = await b.manager.post(
      `/api/market/listings/${listingId}/offers`,
      { quantity: '20.5', price: '1400' },
      key(),
    );
    expect(half.statusCode).toBe(422);
    expect(half.json().details.fields).toEqual({
      'body.quantity': 'Credits are traded whole: enter a whole number',
    });
    const o = await b.manager.post(
      `/api/market/listings/${listingId}/offers`,
      { quantity: '20', price: '1400' },
      key(),
    );
    expect(o.statusCode, o.body).toBe(201);
    expect(o.json()).toMatchObject({ unit: 'credit', amount: '28000.00' });
    const res = await s.manager.post(`/api/market/offers/${o.json().id}/accept`, {}, key());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kind: 'credits',
      unit: 'credit',
      status: 'open',
      my_order: null,
      payment_confirmed_at: null,
    });
    dealId = res.json().id;
    expect(await reservedOn(blockId)).toBe('25');
  });

  it('refuses to move listed credits through the credits API, but moves the rest', async () => {
    const tooMany = await s.manager.post(
      '/api/credits/transfers',
      { block_id: blockId, quantity: 10, to_organization: 'creditbuyer' },
      key(),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(
      '25 of these credits are listed on the marketplace: withdraw the listing first',
    );
    const retire = await s.manager.post(
      '/api/credits/retirements',
      {
        block_id: blockId,
        quantity: 6,
        beneficiary: 'Seller Corp',
        compliance_year: THIS_YEAR,
        purpose: 'RA 11898 compliance',
      },
      key(),
    );
    expect(retire.statusCode).toBe(422);
    // The free 5 move: the block gives up its first serials and keeps its id, and the listing's hold, for the rest.
    const free = await s.manager.post(
      '/api/credits/transfers',
      { block_id: blockId, quantity: 5, to_organization: 'creditbuyer' },
      key(),
    );
    expect(free.statusCode, free.body).toBe(201);
    const mine = (await holdings(s.manager)).find((h) => h.id === blockId);
    expect(mine).toMatchObject({ quantity: 25, first_no: 6, last_no: 30 });
    expect(await reservedOn(blockId)).toBe('25');
  });

  it('keeps the listing from being withdrawn while the deal awaits payment', async () => {
    const version = (await s.manager.get(`/api/market/listings/${listingId}`)).json().version;
    const res = await s.manager.post(`/api/market/listings/${listingId}/close`, { version });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'A deal on this listing awaits your confirmation of payment: confirm or cancel it before withdrawing the listing',
    );
    expect(await reservedOn(blockId)).toBe('25');
  });

  it('is confirmed by the seller only; then the buyer holds the credits and retires them', async () => {
    expect((await b.manager.post(`/api/market/deals/${dealId}/confirm-payment`, {}, key())).statusCode).toBe(
      422,
    );
    expect((await b.manager.post(`/api/market/deals/${dealId}/complete`, {})).statusCode).toBe(422);
    const res = await s.manager.post(`/api/market/deals/${dealId}/confirm-payment`, {}, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'completed',
      payment_confirmed_at: expect.any(String),
      completed_at: expect.any(String),
    });
    // The seller keeps serials 26–30 on the same block, still listed (5 of the 25 are left).
    expect((await holdings(s.manager)).find((h) => h.id === blockId)).toMatchObject({
      quantity: 5,
      first_no: 26,
      last_no: 30,
    });
    expect(await reservedOn(blockId)).toBe('5');
    expect((await s.manager.get(`/api/market/listings/${listingId}`)).json().remaining).toBe('5.000');
    const bought = (await holdings(b.manager)).find((h) => h.first_no === 6);
    expect(bought).toMatchObject({ quantity: 20, last_no: 25 });
    const retired = await b.manager.post(
      '/api/credits/retirements',
      {
        block_id: bought?.id,
        quantity: 20,
        beneficiary: 'Buyer Corp',
        compliance_year: THIS_YEAR,
        purpose: 'RA 11898 compliance 2026',
      },
      key(),
    );
    expect(retired.statusCode, retired.body).toBe(201);
    expect(retired.json()).toMatchObject({ status: 'retired', quantity: 20 });
    // Paid deals are not cancelled.
    const cancel = await s.manager.post(`/api/market/deals/${dealId}/cancel`, {
      reason: 'Payment bounced after all',
    });
    expect(cancel.statusCode).toBe(422);
    expect((await b.manager.post(`/api/market/deals/${dealId}/rating`, { stars: 5 }, key())).statusCode).toBe(
      201,
    );
  });

  it('is cancelled before payment: the sold-out listing reopens and still holds its credits', async () => {
    const o = await b.manager.post(
      `/api/market/listings/${listingId}/offers`,
      { quantity: '5', price: '1450' },
      key(),
    );
    const accepted = await s.manager.post(`/api/market/offers/${o.json().id}/accept`, {}, key());
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await s.manager.get(`/api/market/listings/${listingId}`)).json()).toMatchObject({
      status: 'closed',
      closed_reason: 'sold_out',
    });
    const res = await b.manager.post(`/api/market/deals/${accepted.json().id}/cancel`, {
      reason: 'Budget was not approved',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.manager.get(`/api/market/listings/${listingId}`)).json()).toMatchObject({
      status: 'active',
      remaining: '5.000',
    });
    expect(await reservedOn(blockId)).toBe('5');
    const late = await s.manager.post(`/api/market/deals/${accepted.json().id}/confirm-payment`, {}, key());
    expect(late.statusCode).toBe(422);
  });

  it('on a buy request, moves the block the seller names, of the vintage and fate asked for', async () => {
    const req = await b.manager.post(
      '/api/market/listings',
      {
        side: 'buy',
        kind: 'credits',
        title: `Wanted: ${THIS_YEAR} recycling credits`,
        quantity: '4',
        credit_vintage: THIS_YEAR,
        credit_fate: 'recycling',
      },
      key(),
    );
    expect(req.statusCode, req.body).toBe(201);
    const o = await s.manager.post(
      `/api/market/listings/${req.json().id}/offers`,
      { quantity: '2', price: '1600' },
      key(),
    );
    expect(o.statusCode, o.body).toBe(201);
    const accepted = await b.manager.post(`/api/market/offers/${o.json().id}/accept`, {}, key());
    expect(accepted.statusCode, accepted.body).toBe(201);
    const dealId = accepted.json().id;
    const none = await s.manager.post(`/api/market/deals/${dealId}/confirm-payment`, {}, key());
    expect(none.statusCode).toBe(422);
    expect(none.json().details.fields).toEqual({ 'body.credit_block_id': 'Choose the credits you deliver' });
    // Every credit of the first block is listed: none of them may go.
    const listed = await s.manager.post(
      `/api/market/deals/${dealId}/confirm-payment`,
      { credit_block_id: blockId },
      key(),
    );
    expect(listed.statusCode).toBe(422);
    const fresh = await s.issueCredits(2);
    const res = await s.manager.post(
      `/api/market/deals/${dealId}/confirm-payment`,
      { credit_block_id: fresh.blockId },
      key(),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', role: 'seller' });
    expect((await holdings(b.manager)).some((h) => h.id === fresh.blockId && h.quantity === 2)).toBe(true);
  });
});
