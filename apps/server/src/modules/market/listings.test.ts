import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import {
  listLots,
  lotsOf,
  type MarketLot,
  type MarketOrg,
  marketOrganization,
  THIS_YEAR,
} from '../../test/market.ts';
import { activity } from '../../test/masterdata.ts';

// Listings: creating them reserves the lots' kg or the block's credits (twenty at once never reserve more
// than a lot holds, and stock movements cannot take reserved kg), changing and closing them, their quality
// level, and what another organization may read or do to them.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;

const key = () => ({ 'idempotency-key': crypto.randomUUID() });

beforeAll(async () => {
  a = await marketOrganization(ctx, 'listera');
  b = await marketOrganization(ctx, 'listerb');
});

describe('a sell listing of lots', () => {
  let lots: MarketLot[];
  let id: string;

  it('reserves each lot’s kg, sums the quantity and takes the location from the facility', async () => {
    lots = await a.receiveFlake(['3000', '2000']);
    const res = await listLots(a.manager, a, [lots[0] as MarketLot, { id: lots[1]?.id ?? '', kg: '1500' }]);
    expect(res.statusCode, res.body).toBe(201);
    const l = res.json();
    id = l.id;
    expect(l).toMatchObject({
      side: 'sell',
      kind: 'material',
      status: 'active',
      unit: 'kg',
      quantity: '4500.000',
      remaining: '4500.000',
      price: '42.00',
      polymer: 'PET',
      form: 'flake',
      material: { id: a.ids.flake, code: 'PET_FLAKE' },
      location: {
        city: 'Valenzuela',
        province: 'Metro Manila',
        latitude: '14.683300',
        longitude: '120.983300',
      },
      seller: { organization_id: a.organizationId, name: a.name, ratings_count: 0, completed_deals: 0 },
      mine: true,
      quality_level: 2,
      version: 1,
    });
    expect(l.lots).toEqual(
      expect.arrayContaining([
        {
          lot_id: lots[0]?.id,
          code: lots[0]?.code,
          kg: '3000.000',
          reserved_kg: '3000.000',
          passport_url: null,
        },
        {
          lot_id: lots[1]?.id,
          code: lots[1]?.code,
          kg: '1500.000',
          reserved_kg: '1500.000',
          passport_url: null,
        },
      ]),
    );
    expect(l.quality.checks.map((c: { level: number; met: boolean }) => [c.level, c.met])).toEqual([
      [1, true],
      [2, true],
      [3, false],
      [4, true],
    ]);
    expect(await lotsOf(ctx, [lots[0]?.id ?? '', lots[1]?.id ?? ''])).toEqual([
      { lot_id: lots[0]?.id, qty_kg: '3000.000', reserved_kg: '3000.000' },
      { lot_id: lots[1]?.id, qty_kg: '2000.000', reserved_kg: '1500.000' },
    ]);
    expect(await activity(a.admin, 'Listed to sell')).toEqual([
      'Listed to sell 4,500 kg: Clear PET flakes, hot-washed',
    ]);
  });

  it('refuses more than a lot has free, under that lot’s kg', async () => {
    const res = await listLots(a.manager, a, [{ id: lots[1]?.id ?? '', kg: '600' }]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toContain(
      `Lot ${lots[1]?.code} holds 2,000 kg, of which 1,500 kg is already reserved`,
    );
    expect(Object.keys(res.json().details.fields)).toEqual(['body.lots.0.kg']);
  });

  it('refuses another organization’s lot, a lot of another material and a quantity that does not add up', async () => {
    const theirs = await b.receiveFlake(['100']);
    const r1 = await listLots(a.manager, a, [theirs[0] as MarketLot]);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().details.fields).toEqual({ 'body.lots.0.lot_id': 'Choose one of your lots' });
    const r2 = await listLots(a.manager, a, [{ id: lots[1]?.id ?? '', kg: '10' }], {
      material_id: a.ids.pellet,
    });
    expect(r2.json().details.fields['body.lots.0.lot_id']).toContain('is not of the material listed');
    const r4 = await listLots(a.manager, a, [{ id: lots[1]?.id ?? '', kg: '10' }], { min_order: '11' });
    expect(r4.json().details.fields).toEqual({
      'body.min_order': 'The minimum order cannot be more than the quantity listed',
    });
    const r3 = await listLots(a.manager, a, [{ id: lots[1]?.id ?? '', kg: '10' }], { quantity: '20' });
    expect(r3.json().details.fields['body.quantity']).toContain('The lots add up to 10 kg');
  });

  it('keeps reserved kg from production runs', async () => {
    const res = await a.operator.post('/api/production-records?post=true', {
      facility_id: a.ids.mnl1,
      process_code: 'extrusion',
      started_at: '2026-11-24T06:00:00+08:00',
      ended_at: '2026-11-24T14:00:00+08:00',
      energy_kwh: '50',
      inputs: [{ lot_id: lots[1]?.id, kg: '1000' }],
      outputs: [{ material_id: a.ids.pellet, kg: '1000' }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      `Lot ${lots[1]?.code} has 1,500 kg reserved on the marketplace: only 500 kg of it can be used. Withdraw or reduce the listing first.`,
    );
  });

  it('changes price and pauses with the version read; a stale version is 409', async () => {
    const res = await a.manager.patch(`/api/market/listings/${id}`, {
      version: 1,
      price: '40.50',
      status: 'paused',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ price: '40.50', status: 'paused', version: 2 });
    const stale = await a.manager.patch(`/api/market/listings/${id}`, { version: 1, price: '39' });
    expect(stale.statusCode).toBe(409);
    expect(await activity(a.admin, 'Paused listing')).toHaveLength(1);
  });

  it('hides a paused listing from other organizations, and refuses them changes and closing', async () => {
    expect((await b.admin.get(`/api/market/listings/${id}`)).statusCode).toBe(404);
    expect((await b.admin.patch(`/api/market/listings/${id}`, { version: 2, price: '1' })).statusCode).toBe(
      404,
    );
    expect((await b.admin.post(`/api/market/listings/${id}/close`, { version: 2 })).statusCode).toBe(404);
    expect((await b.admin.get('/api/market/listings')).json().items).toEqual([]);
  });

  it('closes: releases every reserved kg and expires open offers, telling their makers', async () => {
    const offer = crypto.randomUUID();
    await ctx.database.db.execute(sql`
      INSERT INTO market_offers (id, listing_id, thread_id, seller_organization_id, buyer_organization_id,
        from_organization_id, quantity, price, expires_at, created_by)
      SELECT ${offer}::uuid, ${id}::uuid, ${offer}::uuid, ${a.organizationId}::uuid, ${b.organizationId}::uuid,
        ${b.organizationId}::uuid, 1000, 38, now() + interval '2 days', created_by
      FROM market_listings WHERE id = ${id}::uuid`);
    const res = await a.manager.post(`/api/market/listings/${id}/close`, { version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', closed_reason: 'withdrawn', version: 3 });
    expect(res.json().lots.map((l: { reserved_kg: string }) => l.reserved_kg)).toEqual(['0.000', '0.000']);
    expect((await lotsOf(ctx, [lots[0]?.id ?? '', lots[1]?.id ?? ''])).map((l) => l.reserved_kg)).toEqual([
      '0.000',
      '0.000',
    ]);
    const offers = await ctx.database.db.execute(
      sql`SELECT status FROM market_offers WHERE id = ${offer}::uuid`,
    );
    expect(offers.rows).toEqual([{ status: 'expired' }]);
    expect(await activity(a.admin, 'Withdrew listing')).toEqual([
      'Withdrew listing Clear PET flakes, hot-washed; its 1 open offer expired',
    ]);
    expect(await activity(b.admin, 'was withdrawn')).toEqual([
      '“Clear PET flakes, hot-washed” was withdrawn: the open offer on it expired',
    ]);
    const again = await a.manager.post(`/api/market/listings/${id}/close`, { version: 3 });
    expect(again.statusCode).toBe(422);
    expect((await a.manager.patch(`/api/market/listings/${id}`, { version: 3, price: '1' })).statusCode).toBe(
      422,
    );
  });

  it('shows its own closed listing to its organization only', async () => {
    expect((await a.auditor.get(`/api/market/listings/${id}`)).json().status).toBe('closed');
    expect((await b.admin.get(`/api/market/listings/${id}`)).statusCode).toBe(404);
    const mine = (await a.operator.get('/api/market/listings?status=closed')).json();
    expect(mine.items.map((l: { id: string }) => l.id)).toEqual([id]);
  });

  it('lets only the office list', async () => {
    const res = await listLots(a.operator, a, [{ id: lots[1]?.id ?? '', kg: '1' }]);
    expect(res.statusCode).toBe(403);
  });
});

describe('twenty listings of one lot at once', () => {
  it('reserve exactly what the lot holds; a dispatch cannot take the reserved kg', async () => {
    const [lot] = await a.receiveFlake(['1000']);
    const tries = await Promise.all(
      Array.from({ length: 20 }, () => listLots(a.manager, a, [{ id: lot?.id ?? '', kg: '150' }])),
    );
    const codes = tries.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 422)).toHaveLength(14);
    const [balance] = await lotsOf(ctx, [lot?.id ?? '']);
    expect(balance).toEqual({ lot_id: lot?.id, qty_kg: '1000.000', reserved_kg: '900.000' });
    const sum = await ctx.database.db.execute<{ kg: string }>(
      sql`SELECT sum(qty)::text AS kg FROM market_reservations WHERE lot_id = ${lot?.id}::uuid`,
    );
    expect(sum.rows[0]?.kg).toBe('900.000');
    const customer = await a.admin.post('/api/customers', {
      code: 'CUS-LISTING',
      name: 'Listing Test Buyer Inc.',
      type: 'recycler',
    });
    expect(customer.statusCode, customer.body).toBe(201);
    // 100 kg are free: 200 kg would take reserved kg.
    const dispatch = await a.operator.post('/api/dispatch-records?post=true', {
      customer_id: customer.json().id,
      facility_id: a.ids.mnl1,
      dispatched_at: new Date(Date.now() - 60_000).toISOString(),
      lines: [{ lot_id: lot?.id, kg: '200', unit_price: '40.00' }],
    });
    expect(dispatch.statusCode, dispatch.body).toBe(422);
    expect(dispatch.json().message).toMatch(/reserved on the marketplace/);
    expect((await lotsOf(ctx, [lot?.id ?? '']))[0]).toEqual(balance);
  }, 60_000);
});

describe('a sell listing of credits', () => {
  let blockId: string;
  const listCredits = (quantity: number) =>
    a.manager.post(
      '/api/market/listings',
      {
        side: 'sell',
        kind: 'credits',
        title: 'PET recycling credits 2026',
        credit_block_id: blockId,
        quantity,
        price: '3500',
        city: 'Valenzuela',
      },
      key(),
    );

  it('reserves credits of the block up to what it holds, with the batch’s vintage and fate', async () => {
    ({ blockId } = await a.issueCredits(25));
    const first = await listCredits(20);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      unit: 'credit',
      quantity: '20.000',
      credit_vintage: THIS_YEAR,
      credit_fate: 'recycling',
      quality_level: 4,
    });
    const over = await listCredits(6);
    expect(over.statusCode).toBe(422);
    expect(over.json().details.fields).toEqual({ 'body.quantity': 'At most 5 can be listed' });
    expect((await listCredits(5)).statusCode).toBe(201);
  });

  it('refuses another organization’s block and fractions of credits', async () => {
    const theirs = await b.manager.post(
      '/api/market/listings',
      { side: 'sell', kind: 'credits', title: 'Not ours', credit_block_id: blockId, quantity: 1 },
      key(),
    );
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().details.fields).toEqual({
      'body.credit_block_id': 'Choose credits your organization holds',
    });
    const half = await listCredits(0.5);
    expect(half.statusCode).toBe(400);
  });
});

describe('a buy listing', () => {
  it('names a polymer and form, reserves nothing and proves level 1 only', async () => {
    const res = await b.admin.post(
      '/api/market/listings',
      {
        side: 'buy',
        kind: 'material',
        title: 'Wanted: food-grade rPET pellets',
        polymer: 'PET',
        form: 'pellet',
        grade: 'A',
        quantity: '10000',
        facility_id: b.ids.ceb1,
      },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      side: 'buy',
      polymer: 'PET',
      form: 'pellet',
      material: null,
      lots: [],
      quality_level: 1,
      location: { city: 'Mandaue' },
    });
    const other = (await a.auditor.get(`/api/market/listings/${res.json().id}`)).json();
    expect(other).toMatchObject({ mine: false, seller: { name: b.name }, material: null });
  });

  it('answers a retry with the same Idempotency-Key with the first listing', async () => {
    const body = {
      side: 'buy',
      kind: 'credits',
      title: 'Credits wanted',
      quantity: 10,
      credit_fate: 'recycling',
    };
    const h = key();
    const first = await b.admin.post('/api/market/listings', body, h);
    const second = await b.admin.post('/api/market/listings', body, h);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.json().id).toBe(first.json().id);
  });
});
