import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { listLots, type MarketOrg, marketOrganization } from '../../test/market.ts';

// Requests for quotation: a buyer asks several sellers at once through their sell listings; each seller
// quotes (an offer on its listing to the buyer) or declines before the request closes; the buyer may
// cancel. Only the buyer and the sellers asked ever find a request.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let c: MarketOrg;
let stranger: TestClient;
const listing: Record<string, string> = {};
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

const rfqBody = (ids: string[], extra: Record<string, unknown> = {}) => ({
  title: 'Clear PET flakes for strapping',
  polymer: 'PET',
  form: 'flake',
  quantity_kg: '3000',
  target_price: '40.00',
  needed_by: '2027-01-15',
  delivery_terms: 'Delivered Valenzuela',
  closes_at: inDays(5),
  listing_ids: ids,
  ...extra,
});

beforeAll(async () => {
  [a, b, c] = await Promise.all([
    marketOrganization(ctx, 'alpha'),
    marketOrganization(ctx, 'beta'),
    marketOrganization(ctx, 'gamma'),
  ]);
  stranger = (await newOrganization(ctx.app, 'Stranger Trading')).admin;
  for (const [name, o] of [
    ['a', a],
    ['b', b],
    ['c', c],
  ] as const) {
    const [lot] = await o.receiveFlake(['5000']);
    const res = await listLots(o.manager, o, [lot as { id: string; kg: string }], {
      title: `${o.name} flakes`,
    });
    expect(res.statusCode, res.body).toBe(201);
    listing[name] = res.json().id;
  }
  const buy = await b.manager.post(
    '/api/market/listings',
    {
      side: 'buy',
      kind: 'material',
      title: 'Wanted PET bottles',
      polymer: 'PET',
      form: 'bottles',
      quantity: '900',
    },
    key(),
  );
  expect(buy.statusCode, buy.body).toBe(201);
  listing.bBuy = buy.json().id;
}, 180_000);

describe('requests for quotation', () => {
  let rfq: { id: string; number: string };

  it('go only to other organizations’ active sell listings, one per seller', async () => {
    const res = await a.manager.post(
      '/api/market/rfqs',
      rfqBody([listing.a as string, listing.bBuy as string, listing.c as string, crypto.randomUUID()]),
      key(),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.fields).toEqual({
      'body.listing_ids.0': 'This is your own listing',
      'body.listing_ids.1': 'Choose a sell listing of material',
      'body.listing_ids.3': 'This listing was not found or is no longer active',
    });
    const operator = await a.operator.post('/api/market/rfqs', rfqBody([listing.b as string]), key());
    expect(operator.statusCode).toBe(403);
    const past = await a.manager.post(
      '/api/market/rfqs',
      rfqBody([listing.b as string], { closes_at: inDays(-1) }),
      key(),
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().details.fields).toHaveProperty('body.closes_at');
  });

  it('are numbered RFQ-{year}-nnnn and tell each seller', async () => {
    const headers = key();
    const body = rfqBody([listing.b as string, listing.c as string]);
    const res = await a.manager.post('/api/market/rfqs', body, headers);
    expect(res.statusCode, res.body).toBe(201);
    rfq = res.json();
    expect(rfq.number).toMatch(/^RFQ-\d{4}-0001$/);
    expect(
      res
        .json()
        .recipients.map((r: { seller: { name: string }; status: string }) => [r.seller.name, r.status]),
    ).toEqual([
      [b.name, 'sent'],
      [c.name, 'sent'],
    ]);
    // A retry gets the first answer, not a second request.
    const again = await a.manager.post('/api/market/rfqs', body, headers);
    expect(again.json().id).toBe(rfq.id);
    const second = await a.manager.post('/api/market/rfqs', rfqBody([listing.b as string]), key());
    expect(second.json().number).toBe(rfq.number.replace(/0001$/, '0002'));

    const notes = await b.manager.get('/api/notifications?limit=50');
    expect(JSON.stringify(notes.json())).toContain(`${rfq.number}`);
    const { rows } = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM outbox WHERE to_address = 'manager.beta@demo.plastrace.ph'
          AND text LIKE ${`%${rfq.number}%`}`,
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('are seen by the buyer with every answer and by each seller asked, with the buyer’s name', async () => {
    const mine = (await a.auditor.get('/api/market/rfqs')).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toContain(rfq.id);
    const got = (await b.operator.get('/api/market/rfqs/received')).json();
    const seen = got.items.find((r: { id: string }) => r.id === rfq.id);
    expect(seen).toMatchObject({ buyer: { name: a.name }, my_status: 'sent', listing: { id: listing.b } });
    expect((await a.manager.get('/api/market/rfqs/received')).json().items).toHaveLength(0);
  });

  it('take one quote per seller, as an offer on its listing to the buyer, and declines', async () => {
    const quote = await b.manager.post(`/api/market/rfqs/${rfq.id}/quote`, {
      quantity: '3000',
      price: '41.50',
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ my_status: 'quoted' });
    const offerId = quote.json().offer_id;
    const { rows } = await ctx.database.db.execute<Record<string, string>>(
      sql`SELECT listing_id, seller_organization_id, buyer_organization_id, from_organization_id, price::text
          FROM market_offers WHERE id = ${offerId}`,
    );
    expect(rows[0]).toEqual({
      listing_id: listing.b,
      seller_organization_id: b.organizationId,
      buyer_organization_id: a.organizationId,
      from_organization_id: b.organizationId,
      price: '41.50',
    });
    expect(
      (await b.manager.post(`/api/market/rfqs/${rfq.id}/quote`, { quantity: '1', price: '1' })).statusCode,
    ).toBe(409);
    const tooMuch = await c.manager.post(`/api/market/rfqs/${rfq.id}/quote`, {
      quantity: '9000',
      price: '40',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().details.fields).toHaveProperty('body.quantity');
    const declined = await c.manager.post(`/api/market/rfqs/${rfq.id}/decline`, {
      reason: 'Sold out this month',
    });
    expect(declined.statusCode, declined.body).toBe(200);

    const detail = (await a.manager.get(`/api/market/rfqs/${rfq.id}`)).json();
    expect(
      detail.recipients.map((r: { status: string; offer_id: string | null }) => [r.status, r.offer_id]),
    ).toEqual([
      ['quoted', offerId],
      ['declined', null],
    ]);
  });

  it('take no answer once closed or cancelled', async () => {
    const res = await a.manager.post(
      '/api/market/rfqs',
      rfqBody([listing.b as string, listing.c as string]),
      key(),
    );
    const closing = res.json();
    await ctx.database.db.execute(
      sql`UPDATE market_rfqs SET closes_at = now() - interval '1 minute' WHERE id = ${closing.id}`,
    );
    const late = await b.manager.post(`/api/market/rfqs/${closing.id}/quote`, {
      quantity: '100',
      price: '40',
    });
    expect(late.statusCode).toBe(422);
    expect((await a.manager.get(`/api/market/rfqs/${closing.id}`)).json().status).toBe('closed');
    expect((await a.manager.post(`/api/market/rfqs/${closing.id}/cancel`)).statusCode).toBe(422);

    const open = (await a.manager.post('/api/market/rfqs', rfqBody([listing.c as string]), key())).json();
    const cancelled = await a.manager.post(`/api/market/rfqs/${open.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await c.manager.post(`/api/market/rfqs/${open.id}/decline`, {})).statusCode).toBe(422);
  });

  it('are not found by anyone else, on every endpoint', async () => {
    const id = rfq.id;
    for (const other of [stranger, c.manager]) {
      expect((await other.get(`/api/market/rfqs/${id}`)).statusCode).toBe(404);
      expect((await other.post(`/api/market/rfqs/${id}/cancel`)).statusCode).toBe(404);
    }
    // The buyer cannot answer its own request; a seller not asked cannot either.
    for (const other of [stranger, a.manager]) {
      expect(
        (await other.post(`/api/market/rfqs/${id}/quote`, { quantity: '1', price: '1' })).statusCode,
      ).toBe(404);
      expect((await other.post(`/api/market/rfqs/${id}/decline`, {})).statusCode).toBe(404);
    }
    expect((await stranger.get('/api/market/rfqs')).json().items).toHaveLength(0);
    expect((await stranger.get('/api/market/rfqs/received')).json().items).toHaveLength(0);
    // A stranger's RFQ cannot name a listing it does not see as a seller's active sell listing.
    const res = await stranger.post('/api/market/rfqs', rfqBody([listing.bBuy as string]), key());
    expect(res.statusCode).toBe(422);
  });
});
