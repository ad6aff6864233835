import { sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';

// Price history: completed deals per month or quarter, across organizations, never naming one; a period
// with fewer than three deals shows its count only, and its lowest and highest price need five. The deals are written as rows here: how a deal comes
// to be completed is the deals' tests' business.

const ctx = useTestApp();
type Org = { admin: TestClient; organizationId: string; userId: string; name: string };
let seller: Org;
let buyer: Org;

async function org(name: string): Promise<Org> {
  const o = await newOrganization(ctx.app, name);
  const me = (await o.admin.get('/api/dashboard/users/me')).json();
  return { admin: o.admin, organizationId: o.organizationId, userId: me.id, name };
}

async function deal(v: { polymer: string; quantity: string; price: string; at: string; status?: string }) {
  const listingId = uuidv7();
  const offerId = uuidv7();
  const db = ctx.database.db;
  await db.execute(sql`INSERT INTO market_listings (id, organization_id, side, kind, title, polymer, form, grade,
      unit, quantity, price, created_by)
    VALUES (${listingId}, ${seller.organizationId}, 'sell', 'material', 'Flakes', ${v.polymer}, 'flake', 'A', 'kg',
      ${v.quantity}::numeric, ${v.price}::numeric, ${seller.userId})`);
  await db.execute(sql`INSERT INTO market_offers (id, listing_id, thread_id, seller_organization_id,
      buyer_organization_id, from_organization_id, quantity, price, expires_at, status, created_by)
    VALUES (${offerId}, ${listingId}, ${offerId}, ${seller.organizationId}, ${buyer.organizationId},
      ${buyer.organizationId}, ${v.quantity}::numeric, ${v.price}::numeric, now() + interval '1 day', 'accepted',
      ${buyer.userId})`);
  const status = v.status ?? 'completed';
  await db.execute(sql`INSERT INTO market_deals (id, listing_id, offer_id, seller_organization_id,
      buyer_organization_id, unit, quantity, price, amount, status, completed_at)
    VALUES (${uuidv7()}, ${listingId}, ${offerId}, ${seller.organizationId}, ${buyer.organizationId}, 'kg',
      ${v.quantity}::numeric, ${v.price}::numeric, ${v.quantity}::numeric * ${v.price}::numeric, ${status},
      ${status === 'completed' ? v.at : null}::timestamptz)`);
}

beforeAll(async () => {
  [seller, buyer] = await Promise.all([org('Seller Recyclers'), org('Buyer Manufacturing')]);
  // September (Manila): three PET deals; October: two; a cancelled one and an HDPE one never count.
  await deal({ polymer: 'PET', quantity: '1000', price: '40.00', at: '2026-09-02T10:00:00+08:00' });
  await deal({ polymer: 'PET', quantity: '1000', price: '42.00', at: '2026-09-15T10:00:00+08:00' });
  await deal({ polymer: 'PET', quantity: '2000', price: '45.00', at: '2026-09-30T23:30:00+08:00' });
  await deal({ polymer: 'PET', quantity: '500', price: '39.00', at: '2026-10-01T09:00:00+08:00' });
  await deal({ polymer: 'PET', quantity: '700', price: '41.00', at: '2026-10-20T09:00:00+08:00' });
  await deal({
    polymer: 'PET',
    quantity: '900',
    price: '10.00',
    at: '2026-10-21T09:00:00+08:00',
    status: 'cancelled',
  });
  await deal({ polymer: 'HDPE', quantity: '800', price: '30.00', at: '2026-10-22T09:00:00+08:00' });
  // July: five PP deals, enough for the lowest and highest price.
  for (const [day, quantity, price] of [
    ['03', '100', '20.00'],
    ['08', '100', '21.00'],
    ['12', '200', '22.00'],
    ['20', '100', '23.00'],
    ['28', '100', '24.00'],
  ] as const)
    await deal({ polymer: 'PP', quantity, price, at: `2026-07-${day}T10:00:00+08:00` });
}, 60_000);

describe('price history', () => {
  it('answers each month’s deals, and quantity and weighted average only from 3 deals', async () => {
    const res = await buyer.admin.get(
      '/api/market/price-history?polymer=PET&form=flake&interval=month&from=2026-08-01&to=2026-11-30',
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'material', unit: 'kg', interval: 'month', from: '2026-08-01' });
    const none = { quantity: null, enough: false, average_price: null, min_price: null, max_price: null };
    expect(body.periods).toEqual([
      { period: '2026-08', from: '2026-08-01', to: '2026-08-31', deals: 0, ...none },
      {
        period: '2026-09',
        from: '2026-09-01',
        to: '2026-09-30',
        deals: 3,
        quantity: '4000.000',
        enough: true,
        average_price: '43.00',
        // Three deals: each extreme would be one of them.
        min_price: null,
        max_price: null,
      },
      { period: '2026-10', from: '2026-10-01', to: '2026-10-31', deals: 2, ...none },
      { period: '2026-11', from: '2026-11-01', to: '2026-11-30', deals: 0, ...none },
    ]);
    // Nobody is named: neither organization's id nor name is in the answer.
    for (const o of [seller, buyer]) {
      expect(res.body).not.toContain(o.organizationId);
      expect(res.body).not.toContain(o.name);
    }
  });

  it('shows the lowest and highest price of a period of 5 deals or more', async () => {
    const res = await buyer.admin.get('/api/market/price-history?polymer=PP&from=2026-07-01&to=2026-07-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().periods).toEqual([
      {
        period: '2026-07',
        from: '2026-07-01',
        to: '2026-07-31',
        deals: 5,
        quantity: '600.000',
        enough: true,
        average_price: '22.00',
        min_price: '20.00',
        max_price: '24.00',
      },
    ]);
  });

  it('widens from and to to whole periods, so a range cannot single out a deal', async () => {
    // Only the 30 September deal falls in these days; the answer is still the whole month's.
    const month = await buyer.admin.get(
      '/api/market/price-history?polymer=PET&interval=month&from=2026-09-16&to=2026-09-30',
    );
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json()).toMatchObject({ from: '2026-09-01', to: '2026-09-30' });
    expect(month.json().periods).toEqual([
      expect.objectContaining({ period: '2026-09', deals: 3, quantity: '4000.000', average_price: '43.00' }),
    ]);
    const quarter = await buyer.admin.get(
      '/api/market/price-history?polymer=PET&interval=quarter&from=2026-09-30&to=2026-10-01',
    );
    expect(quarter.statusCode, quarter.body).toBe(200);
    expect(quarter.json()).toMatchObject({ from: '2026-07-01', to: '2026-12-31' });
    expect(quarter.json().periods.map((p: { deals: number }) => p.deals)).toEqual([3, 2]);
  });

  it('groups by quarter, and any member organization reads it', async () => {
    const stranger = await org('Third Party Inc.');
    const res = await stranger.admin.get(
      '/api/market/price-history?polymer=PET&interval=quarter&from=2026-07-01&to=2026-12-31',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .periods.map((p: { period: string; deals: number; average_price: string | null }) => [
          p.period,
          p.deals,
          p.average_price,
        ]),
    ).toEqual([
      ['2026-Q3', 3, '43.00'],
      ['2026-Q4', 2, null],
    ]);
    const all = (
      await stranger.admin.get('/api/market/price-history?interval=quarter&from=2026-07-01&to=2026-12-31')
    ).json();
    expect(all.periods[0]).toMatchObject({ deals: 8, enough: true, min_price: '20.00', max_price: '45.00' });
    expect(all.periods[1]).toMatchObject({
      deals: 3,
      quantity: '2000.000',
      enough: true,
      min_price: null,
      max_price: null,
    });
  });

  it('refuses a range the wrong way round under its field', async () => {
    const res = await buyer.admin.get('/api/market/price-history?from=2026-12-01&to=2026-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toHaveProperty('querystring.from');
  });
});
