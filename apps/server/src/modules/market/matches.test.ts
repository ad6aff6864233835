import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { listLots, type MarketOrg, marketOrganization } from '../../test/market.ts';

// Matching: a buy listing's sell listings (its polymer, form and grade, enough left, not dearer than it
// offers, nearest first), and a sell listing's buy requests; only for the caller's own listing.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let c: MarketOrg;
let stranger: TestClient;
const ids: Record<string, string> = {};
const key = () => ({ 'idempotency-key': crypto.randomUUID() });

async function sell(o: MarketOrg, name: string, kg: string, extra: Record<string, unknown>) {
  const [lot] = await o.receiveFlake([kg]);
  const res = await listLots(o.manager, o, [lot as { id: string; kg: string }], { title: name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = res.json().id;
}

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    marketOrganization(ctx, 'alpha'),
    marketOrganization(ctx, 'beta'),
    marketOrganization(ctx, 'gamma'),
  ]);
  stranger = (await newOrganization(ctx.app, 'Stranger Trading')).admin;
  const buy = await a.manager.post(
    '/api/market/listings',
    {
      side: 'buy',
      kind: 'material',
      title: 'Wanted PET flakes',
      polymer: 'PET',
      form: 'flake',
      quantity: '4000',
      min_order: '1000',
      price: '43.00',
      facility_id: a.ids.mnl1,
    },
    key(),
  );
  expect(buy.statusCode, buy.body).toBe(201);
  ids.wanted = buy.json().id;
  // Beta sells from Cebu, gamma from Valenzuela next door: gamma's is nearer.
  await sell(b, 'Cebu flakes', '2000', { price: '42.00', facility_id: b.ids.ceb1 });
  await sell(c, 'Valenzuela flakes', '5000', { price: '42.50' });
  await sell(c, 'Dear flakes', '5000', { price: '50.00' });
  await sell(b, 'Small lot flakes', '500', { price: '40.00' });
  await sell(b, 'Offer flakes', '3000', { price: null });
  await sell(a, 'Own flakes', '3000', { price: '41.00' });
}, 180_000);

describe('matches', () => {
  it('of a buy listing: other organizations’ sell listings that could fill it, nearest first', async () => {
    const res = await a.operator.get(`/api/market/listings/${ids.wanted}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    const titles = res.json().items.map((l: { title: string }) => l.title);
    expect(titles.slice(0, 2)).toEqual(['Valenzuela flakes', 'Offer flakes']);
    expect(new Set(titles)).toEqual(new Set(['Valenzuela flakes', 'Offer flakes', 'Cebu flakes']));
    expect(titles.indexOf('Cebu flakes')).toBe(2);
    const first = res.json().items[0];
    expect(first.seller.name).toBe(c.name);
    expect(Number(first.distance_km)).toBeLessThan(5);
  });

  it('of a sell listing: the buy requests it could fill', async () => {
    const res = await c.manager.get(`/api/market/listings/${ids['Valenzuela flakes']}/matches`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((l: { id: string }) => l.id)).toEqual([ids.wanted]);
    // Dearer than the buyer offers: no match.
    expect((await c.manager.get(`/api/market/listings/${ids['Dear flakes']}/matches`)).json().items).toEqual(
      [],
    );
  });

  it('only for the caller’s own listing', async () => {
    for (const other of [stranger, b.manager]) {
      expect((await other.get(`/api/market/listings/${ids.wanted}/matches`)).statusCode).toBe(404);
    }
    expect((await a.manager.get(`/api/market/listings/${crypto.randomUUID()}/matches`)).statusCode).toBe(404);
    expect((await a.supplier.get(`/api/market/listings/${ids.wanted}/matches`)).statusCode).toBe(403);
  });
});
