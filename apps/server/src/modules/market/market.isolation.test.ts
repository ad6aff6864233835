import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { listLots, type MarketLot, type MarketOrg, marketOrganization } from '../../test/market.ts';

// Listings, matches, requests for quotation, saved searches and price history belong to their organizations:
// a third organization gets 404 from every endpoint on another's rows and never finds them in a list, and
// sees another's active listing without the seller's lot ids, codes or reservations. Offers and deals are
// deals.isolation.test.ts's.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let c: MarketOrg;
let lots: MarketLot[];
const ids = { active: '', paused: '', rfq: '', search: '', cBuy: '' };

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const idsOf = (items: { id: string }[]) => items.map((i) => i.id);

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    marketOrganization(ctx, 'isolista'),
    marketOrganization(ctx, 'isolistb'),
    marketOrganization(ctx, 'isolistc'),
  ]);
  lots = await a.receiveFlake(['3000', '1000']);
  const active = await listLots(a.manager, a, [lots[0] as MarketLot]);
  expect(active.statusCode, active.body).toBe(201);
  ids.active = active.json().id;
  const paused = await listLots(a.manager, a, [lots[1] as MarketLot], { title: 'Paused flakes' });
  expect(paused.statusCode, paused.body).toBe(201);
  ids.paused = paused.json().id;
  const pause = await a.manager.patch(`/api/market/listings/${ids.paused}`, { version: 1, status: 'paused' });
  expect(pause.statusCode, pause.body).toBe(200);
  const rfq = await b.manager.post(
    '/api/market/rfqs',
    {
      title: 'Clear PET flakes',
      polymer: 'PET',
      form: 'flake',
      quantity_kg: '1000',
      closes_at: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      listing_ids: [ids.active],
    },
    key(),
  );
  expect(rfq.statusCode, rfq.body).toBe(201);
  ids.rfq = rfq.json().id;
  const search = await a.manager.post(
    '/api/market/saved-searches',
    { name: 'PET flakes', filters: { polymer: 'PET' }, alert: false },
    key(),
  );
  expect(search.statusCode, search.body).toBe(201);
  ids.search = search.json().id;
  const buy = await c.manager.post(
    '/api/market/listings',
    {
      side: 'buy',
      kind: 'material',
      title: 'Wanted PET flakes',
      polymer: 'PET',
      form: 'flake',
      quantity: '1000',
      price: '50.00',
      facility_id: c.ids.mnl1,
    },
    key(),
  );
  expect(buy.statusCode, buy.body).toBe(201);
  ids.cBuy = buy.json().id;
}, 180_000);

describe('a third organization', () => {
  it('gets 404 from every listing endpoint on another’s listing it may not see or change', async () => {
    for (const who of [c.admin, c.auditor])
      expect((await who.get(`/api/market/listings/${ids.paused}`)).statusCode).toBe(404);
    for (const id of [ids.active, ids.paused]) {
      expect(
        (await c.manager.patch(`/api/market/listings/${id}`, { version: 1, price: '1' })).statusCode,
      ).toBe(404);
      expect((await c.manager.post(`/api/market/listings/${id}/close`, { version: 1 })).statusCode).toBe(404);
      expect((await c.manager.get(`/api/market/listings/${id}/matches`)).statusCode).toBe(404);
    }
    const offer = await c.manager.post(
      `/api/market/listings/${ids.paused}/offers`,
      { quantity: '100', price: '40' },
      key(),
    );
    expect(offer.statusCode).toBe(404);
    const own = (await c.auditor.get('/api/market/listings?limit=100')).json().items;
    expect(idsOf(own)).toEqual([ids.cBuy]);
    const found = (await c.auditor.get('/api/market/search?limit=100')).json().items;
    expect(idsOf(found)).not.toContain(ids.paused);
    // Untouched.
    const mine = (await a.auditor.get(`/api/market/listings/${ids.paused}`)).json();
    expect(mine).toMatchObject({ status: 'paused', version: 2, price: '42.00' });
  });

  it('sees another’s active listing without its lot ids, codes or reservations, wherever it reads it', async () => {
    const one = await c.auditor.get(`/api/market/listings/${ids.active}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ mine: false, material: null, photo_file_ids: [] });
    expect(one.json().lots).toEqual([
      { lot_id: null, code: null, kg: '3000.000', reserved_kg: null, passport_url: null },
    ]);
    const search = await c.auditor.get('/api/market/search?limit=100');
    expect(idsOf(search.json().items)).toContain(ids.active);
    const matches = await c.manager.get(`/api/market/listings/${ids.cBuy}/matches`);
    expect(matches.statusCode, matches.body).toBe(200);
    expect(idsOf(matches.json().items)).toContain(ids.active);
    for (const res of [one, search, matches])
      for (const secret of [...lots.map((l) => l.id), ...lots.map((l) => l.code), a.ids.flake])
        expect(res.body).not.toContain(secret);
  });

  it('gets 404 from every endpoint of another’s request for quotation, and never lists it', async () => {
    for (const who of [c.admin, c.auditor])
      expect((await who.get(`/api/market/rfqs/${ids.rfq}`)).statusCode).toBe(404);
    const quote = await c.manager.post(`/api/market/rfqs/${ids.rfq}/quote`, { quantity: '100', price: '40' });
    expect(quote.statusCode).toBe(404);
    expect((await c.manager.post(`/api/market/rfqs/${ids.rfq}/decline`, {})).statusCode).toBe(404);
    expect((await c.manager.post(`/api/market/rfqs/${ids.rfq}/cancel`)).statusCode).toBe(404);
    for (const list of ['/api/market/rfqs', '/api/market/rfqs/received'])
      expect(idsOf((await c.auditor.get(list)).json().items)).not.toContain(ids.rfq);
    // Still open for its buyer and still unanswered by the seller asked.
    const rfq = (await b.auditor.get(`/api/market/rfqs/${ids.rfq}`)).json();
    expect(rfq.status).toBe('open');
    expect(rfq.recipients.map((r: { status: string }) => r.status)).toEqual(['sent']);
  });

  it('gets 404 from every endpoint of another’s saved search, and never lists it', async () => {
    const url = `/api/market/saved-searches/${ids.search}`;
    for (const who of [c.admin, c.manager]) {
      expect((await who.get(url)).statusCode).toBe(404);
      expect((await who.patch(url, { alert: true })).statusCode).toBe(404);
      expect((await who.delete(url)).statusCode).toBe(404);
      expect(idsOf((await who.get('/api/market/saved-searches')).json().items)).not.toContain(ids.search);
    }
    expect((await a.manager.get(url)).json()).toMatchObject({ name: 'PET flakes', alert: false });
  });

  it('reads price history without any organization’s name or rows', async () => {
    const res = await c.auditor.get('/api/market/price-history?polymer=PET&interval=quarter');
    expect(res.statusCode, res.body).toBe(200);
    for (const secret of [a.organizationId, b.organizationId, a.name, b.name, ids.active, ids.rfq])
      expect(res.body).not.toContain(secret);
  });
});
