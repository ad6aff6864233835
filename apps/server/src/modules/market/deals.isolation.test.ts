import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { listLots, type MarketOrg, marketOrganization } from '../../test/market.ts';

// Offers and deals belong to their two parties only: a third organization — even one negotiating on the
// same listing — gets 404 from every offers and deals endpoint on them, and never finds them in a list.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let c: MarketOrg;
const ids = { listing: '', offer: '', counter: '', deal: '', creditDeal: '', cOffer: '' };

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function accepted(who: TestClient, offerId: string) {
  const res = await who.post(`/api/market/offers/${offerId}/accept`, {}, key());
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

beforeAll(async () => {
  a = await marketOrganization(ctx, 'isoseller');
  b = await marketOrganization(ctx, 'isobuyer');
  c = await marketOrganization(ctx, 'isothird');
  const lots = await a.receiveFlake(['2000']);
  const listing = await listLots(a.manager, a, lots);
  expect(listing.statusCode, listing.body).toBe(201);
  ids.listing = listing.json().id;
  const offer = await b.manager.post(
    `/api/market/listings/${ids.listing}/offers`,
    { quantity: '500', price: '39' },
    key(),
  );
  ids.offer = offer.json().id;
  const counter = await a.manager.post(
    `/api/market/offers/${ids.offer}/counter`,
    { quantity: '500', price: '41' },
    key(),
  );
  ids.counter = counter.json().id;
  const second = await b.manager.post(
    `/api/market/listings/${ids.listing}/offers`,
    { quantity: '300', price: '40' },
    key(),
  );
  ids.deal = await accepted(a.manager, second.json().id);
  // The third organization negotiates on the same listing: its own offer, which the others but the seller never see.
  const own = await c.manager.post(
    `/api/market/listings/${ids.listing}/offers`,
    { quantity: '200', price: '40' },
    key(),
  );
  expect(own.statusCode, own.body).toBe(201);
  ids.cOffer = own.json().id;
  const { blockId } = await a.issueCredits(3);
  const credits = await a.manager.post(
    '/api/market/listings',
    {
      side: 'sell',
      kind: 'credits',
      title: 'Three credits',
      credit_block_id: blockId,
      quantity: '3',
      price: '1000',
    },
    key(),
  );
  const creditOffer = await b.manager.post(
    `/api/market/listings/${credits.json().id}/offers`,
    { quantity: '2', price: '1000' },
    key(),
  );
  ids.creditDeal = await accepted(a.manager, creditOffer.json().id);
});

describe('a third organization', () => {
  it('gets 404 from every offer endpoint on the others’ offers', async () => {
    for (const id of [ids.offer, ids.counter]) {
      for (const who of [c.admin, c.auditor]) {
        expect((await who.get(`/api/market/offers/${id}`)).statusCode).toBe(404);
        expect((await who.get(`/api/market/offers/${id}/thread`)).statusCode).toBe(404);
      }
      const body = { quantity: '500', price: '50' };
      expect((await c.manager.post(`/api/market/offers/${id}/counter`, body, key())).statusCode).toBe(404);
      expect((await c.manager.post(`/api/market/offers/${id}/accept`, {}, key())).statusCode).toBe(404);
      expect((await c.manager.post(`/api/market/offers/${id}/decline`, {})).statusCode).toBe(404);
      expect((await c.manager.post(`/api/market/offers/${id}/withdraw`, {})).statusCode).toBe(404);
    }
    // Still open and untouched.
    expect((await b.manager.get(`/api/market/offers/${ids.counter}`)).json().status).toBe('open');
  });

  it('gets 404 from every deal endpoint on the others’ deals', async () => {
    for (const id of [ids.deal, ids.creditDeal]) {
      expect((await c.auditor.get(`/api/market/deals/${id}`)).statusCode).toBe(404);
      expect((await c.manager.post(`/api/market/deals/${id}/confirm-payment`, {}, key())).statusCode).toBe(
        404,
      );
      expect((await c.manager.post(`/api/market/deals/${id}/complete`, {})).statusCode).toBe(404);
      const cancel = await c.manager.post(`/api/market/deals/${id}/cancel`, {
        reason: 'Not yours to cancel',
      });
      expect(cancel.statusCode).toBe(404);
      expect((await c.manager.post(`/api/market/deals/${id}/rating`, { stars: 1 }, key())).statusCode).toBe(
        404,
      );
      expect((await a.manager.get(`/api/market/deals/${id}`)).json().status).toBe('open');
    }
  });

  it('never finds them in a list, and the buyer never finds the third one’s offer', async () => {
    for (const role of ['all', 'sent', 'received']) {
      const offers = (await c.auditor.get(`/api/market/offers?role=${role}&limit=200`)).json().items;
      expect(offers.map((o: { id: string }) => o.id)).toEqual(role === 'received' ? [] : [ids.cOffer]);
      const bOffers = (await b.auditor.get(`/api/market/offers?role=${role}&limit=200`)).json().items;
      expect(bOffers.map((o: { id: string }) => o.id)).not.toContain(ids.cOffer);
    }
    for (const role of ['all', 'seller', 'buyer']) {
      expect((await c.auditor.get(`/api/market/deals?role=${role}`)).json().items).toEqual([]);
    }
    const listingOffers = (await c.auditor.get(`/api/market/offers?listing_id=${ids.listing}`)).json().items;
    expect(listingOffers.map((o: { id: string }) => o.id)).toEqual([ids.cOffer]);
    const thread = (await b.auditor.get(`/api/market/offers/${ids.offer}/thread`)).json();
    expect(thread.offers.map((o: { id: string }) => o.id)).toEqual([ids.offer, ids.counter]);
    const seller = (await a.auditor.get(`/api/market/offers?listing_id=${ids.listing}&limit=200`)).json()
      .items;
    expect(seller).toHaveLength(4);
  });

  it('cannot trade without market.trade, and cannot offer on its own listing', async () => {
    const operator = await b.operator.post(
      `/api/market/listings/${ids.listing}/offers`,
      { quantity: '100', price: '40' },
      key(),
    );
    expect(operator.statusCode).toBe(403);
    const own = await a.manager.post(
      `/api/market/listings/${ids.listing}/offers`,
      { quantity: '100', price: '40' },
      key(),
    );
    expect(own.statusCode).toBe(422);
    const unknown = await b.manager.post(
      `/api/market/listings/${crypto.randomUUID()}/offers`,
      { quantity: '100', price: '40' },
      key(),
    );
    expect(unknown.statusCode).toBe(404);
  });
});
