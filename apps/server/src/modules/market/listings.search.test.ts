import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import {
  listLots,
  type MarketLot,
  type MarketOrg,
  marketOrganization,
  THIS_YEAR,
} from '../../test/market.ts';
import { allPages } from '../../test/masterdata.ts';

// The search: members see every organization's active listings with the seller, anyone sees them without
// who lists; filters, distance from a point, sorts and keyset pages.

const ctx = useTestApp();
let a: MarketOrg;
let b: MarketOrg;
let anon: TestClient;
let lots: MarketLot[];
const ids: Record<string, string> = {};

const key = () => ({ 'idempotency-key': crypto.randomUUID() });
// Quezon City: about 9 km from Valenzuela (MNL1), about 570 km from Mandaue (CEB1).
const QC = 'near_lat=14.676&near_lng=121.0437';
type Item = { id: string; title: string; distance_km: string | null; price: string | null };
const titles = (items: Item[]) => items.map((i) => i.title);

/** Great-circle km between two points, as the search measures them. */
function haversine(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2;
  return 12742 * Math.asin(Math.sqrt(h));
}

async function created(res: { statusCode: number; body: string; json: () => { id: string } }) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

beforeAll(async () => {
  a = await marketOrganization(ctx, 'searcha');
  b = await marketOrganization(ctx, 'searchb');
  anon = await client(ctx.app);
  lots = [
    ...(await a.receiveFlake(['5000', '2000', '800'])),
    ...(await a.receiveFlake(['1200'], a.ids.ceb1)),
  ];
  // A published passport with a lab certificate lifts the first lot's listing to level 4.
  const passport = (await a.admin.post('/api/passports', { lot_id: lots[0]?.id })).json();
  const patched = await a.admin.patch(`/api/passports/${passport.id}`, {
    version: passport.version ?? 1,
    details: { certificates: [{ name: 'IV and contaminant analysis', issuer: 'SGS Philippines' }] },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  expect((await a.admin.post(`/api/passports/${passport.id}/publish`)).statusCode).toBe(201);
  ids.flakes = await created(
    await listLots(a.manager, a, [lots[0] as MarketLot], {
      title: 'Certified hot-washed flakes',
      price: '48.00',
    }),
  );
  ids.cheap = await created(
    await listLots(a.manager, a, [{ id: lots[1]?.id ?? '', kg: '1999' }], {
      title: 'Cold-washed flakes',
      price: '35.00',
    }),
  );
  ids.offer = await created(
    await listLots(a.manager, a, [lots[2] as MarketLot], { title: 'Mixed-colour flakes', price: null }),
  );
  ids.cebu = await created(
    await listLots(a.manager, a, [lots[3] as MarketLot], {
      title: 'Cebu flakes',
      price: '40.00',
      facility_id: a.ids.ceb1,
    }),
  );
  const { blockId } = await a.issueCredits(12);
  ids.credits = await created(
    await a.manager.post(
      '/api/market/listings',
      { side: 'sell', kind: 'credits', title: 'Recycling credits', credit_block_id: blockId, quantity: 10 },
      key(),
    ),
  );
  ids.wanted = await created(
    await b.admin.post(
      '/api/market/listings',
      {
        side: 'buy',
        kind: 'material',
        title: 'Wanted: rPET pellets',
        polymer: 'PET',
        form: 'pellet',
        quantity: '20000',
        price: '60.00',
        facility_id: b.ids.mnl1,
      },
      key(),
    ),
  );
  // Paused and closed listings stay off the market.
  const paused = await created(
    await listLots(a.manager, a, [{ id: lots[1]?.id ?? '', kg: '1' }], { title: 'Paused' }),
  );
  expect(
    (await a.manager.patch(`/api/market/listings/${paused}`, { version: 1, status: 'paused' })).statusCode,
  ).toBe(200);
  ids.paused = paused;
}, 120_000);

describe('the members’ search', () => {
  it('shows active listings of every organization with their sellers, newest first', async () => {
    const res = await b.auditor.get('/api/market/search');
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(titles(items)).toEqual([
      'Wanted: rPET pellets',
      'Recycling credits',
      'Cebu flakes',
      'Mixed-colour flakes',
      'Cold-washed flakes',
      'Certified hot-washed flakes',
    ]);
    const flakes = items.find((i: Item) => i.id === ids.flakes);
    expect(flakes).toMatchObject({
      mine: false,
      material: null,
      seller: { organization_id: a.organizationId, name: a.name, city: 'Valenzuela', rating: null },
      quality_level: 4,
    });
    expect(flakes.lots[0].passport_url).toMatch(/\/o\/searcha\/lot\//);
    expect(items[0]).toMatchObject({ mine: true, seller: { name: b.name } });
  });

  it('shows the lots’ ids, codes and reserved kg to the organization that listed only', async () => {
    const theirs = (await b.auditor.get(`/api/market/listings/${ids.cheap}`)).json();
    expect(theirs.lots).toEqual([
      { lot_id: null, code: null, kg: '1999.000', reserved_kg: null, passport_url: null },
    ]);
    const body = (await b.auditor.get('/api/market/search?kind=material&side=sell')).body;
    for (const l of lots) {
      expect(body).not.toContain(l.id);
      // Only a published passport's Digital Link names its lot, as the passport itself does.
      if (l.id !== lots[0]?.id) expect(body).not.toContain(l.code);
    }
    const mine = (await a.auditor.get(`/api/market/listings/${ids.cheap}`)).json();
    expect(mine.lots).toEqual([
      {
        lot_id: lots[1]?.id,
        code: lots[1]?.code,
        kg: '1999.000',
        reserved_kg: '1999.000',
        passport_url: null,
      },
    ]);
  });

  it('names who listed, with their e-mail, as the seller’s contact', async () => {
    const me = (await a.manager.get('/api/dashboard/users/me')).json();
    const theirs = (await b.auditor.get(`/api/market/listings/${ids.cheap}`)).json();
    expect(theirs.seller.contact).toEqual({ name: `${me.first_name} ${me.last_name}`, email: me.email });
    expect(me.email).toBe('manager.searcha@demo.plastrace.ph');
  });

  it('filters by material, price, quantity, level, credits’ fate and text', async () => {
    const get = async (q: string) => titles((await b.auditor.get(`/api/market/search?${q}`)).json().items);
    expect(await get('side=sell&kind=material&polymer=PET&form=flake&min_price=36&max_price=45')).toEqual([
      'Cebu flakes',
    ]);
    expect(await get('kind=material&side=sell&min_quantity=1500')).toEqual([
      'Cold-washed flakes',
      'Certified hot-washed flakes',
    ]);
    expect(await get('kind=material&min_level=3')).toEqual(['Certified hot-washed flakes']);
    expect(await get(`kind=credits&fate=recycling&vintage=${THIS_YEAR}`)).toEqual(['Recycling credits']);
    expect(await get('kind=credits&fate=co_processing')).toEqual([]);
    expect(await get('q=cold-washed')).toEqual(['Cold-washed flakes']);
  });

  it('measures distance from a point, keeps what is within reach and sorts by it', async () => {
    const res = await b.auditor.get(`/api/market/search?side=sell&${QC}&within_km=50&sort=distance`);
    expect(res.statusCode, res.body).toBe(200);
    const items: Item[] = res.json().items;
    expect(items.map((i) => i.id)).not.toContain(ids.cebu);
    // The credit listing has no point: out of any radius.
    expect(items.map((i) => i.id)).not.toContain(ids.credits);
    expect(items).toHaveLength(3);
    for (const i of items) expect(Number(i.distance_km)).toBeCloseTo(6.9, 0);
    const far = (
      await b.auditor.get(`/api/market/search?side=sell&kind=material&${QC}&sort=distance`)
    ).json();
    expect(far.items.at(-1).id).toBe(ids.cebu);
    expect(Number(far.items.at(-1).distance_km)).toBeGreaterThan(500);
    expect((await b.auditor.get('/api/market/search?within_km=50')).statusCode).toBe(400);
  });

  it('sorts by price with "make an offer" last, a page at a time', async () => {
    const pages = await allPages<Item>(
      b.auditor,
      '/api/market/search?kind=material&side=sell&sort=price_asc&limit=2',
    );
    expect(pages.map((p) => p.length)).toEqual([2, 2]);
    expect(pages.flat().map((i) => i.price)).toEqual(['35.00', '40.00', '48.00', null]);
    const desc = await allPages<Item>(
      b.auditor,
      '/api/market/search?kind=material&side=sell&sort=price_desc&limit=3',
    );
    expect(desc.flat().map((i) => i.price)).toEqual(['48.00', '40.00', '35.00', null]);
    const newest = await allPages<Item>(b.auditor, '/api/market/search?limit=1');
    expect(newest.flat()).toHaveLength(6);
  });

  it('answers malformed filters with 400', async () => {
    for (const q of [
      'near_lat=91&near_lng=0',
      'near_lat=14',
      'sort=distance',
      'within_km=-1&near_lat=1&near_lng=1',
      'min_price=abc',
      'min_level=7',
      'vintage=1900',
      'limit=101',
      'cursor=bm90LWEtY3Vyc29y',
      'side=rent',
    ])
      expect((await b.auditor.get(`/api/market/search?${q}`)).statusCode, q).toBe(400);
  });

  it('refuses a cursor of another sort', async () => {
    const first = (await b.auditor.get('/api/market/search?sort=price_asc&limit=1')).json();
    const res = await b.auditor.get(`/api/market/search?sort=newest&cursor=${first.next_cursor}`);
    expect(res.statusCode).toBe(400);
  });

  it('lists only the caller’s own listings under /market/listings', async () => {
    const theirs = (await b.auditor.get('/api/market/listings')).json().items;
    expect(titles(theirs)).toEqual(['Wanted: rPET pellets']);
    const mine = await allPages<Item>(a.auditor, '/api/market/listings?side=sell&kind=material&limit=2');
    expect(mine.flat()).toHaveLength(5);
    expect((await a.auditor.get('/api/market/listings?status=paused')).json().items[0].id).toBe(ids.paused);
    expect((await b.auditor.get(`/api/market/listings/${ids.paused}`)).statusCode).toBe(404);
  });
});

describe('the public marketplace', () => {
  it('shows the same listings without who lists them or their rows’ ids and codes', async () => {
    const res = await anon.get(`/api/public/market/listings?${QC}&sort=distance`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items;
    expect(items).toHaveLength(6);
    const text = res.body;
    for (const secret of [
      a.name,
      b.name,
      a.organizationId,
      b.organizationId,
      a.ids.flake,
      'searcha',
      'searchb',
      ...lots.map((l) => l.code),
      ...lots.map((l) => l.id),
    ])
      expect(text).not.toContain(secret);
    const flakes = items.find((i: Item) => i.id === ids.flakes);
    expect(flakes).toMatchObject({ quality_level: 4, lots: [{ kg: '5000.000', has_passport: true }] });
    expect(Object.keys(flakes)).not.toContain('seller');
    expect(Object.keys(flakes)).not.toContain('organization_id');
    expect(text).not.toContain('@demo.plastrace.ph');
  });

  it('shows where a listing is only to a 0.05° grid, and measures distances from that point', async () => {
    // MNL1 is at 14.6833, 120.9833: shown as 14.70, 121.00, about 2 km away.
    const one = (await anon.get(`/api/public/market/listings/${ids.cheap}`)).json();
    expect(one.location).toEqual({
      city: 'Valenzuela',
      province: 'Metro Manila',
      latitude: '14.700000',
      longitude: '121.000000',
    });
    const res = await anon.get(`/api/public/market/listings?side=sell&kind=material&${QC}&sort=distance`);
    const items: (Item & { location: { latitude: string; longitude: string } })[] = res.json().items;
    expect(res.body).not.toContain('14.683300');
    expect(res.body).not.toContain('120.983300');
    const cebu = items.find((i) => i.id === ids.cebu);
    // CEB1 is at 10.3348, 123.9324.
    expect(cebu?.location).toMatchObject({ latitude: '10.350000', longitude: '123.950000' });
    const near = items.find((i) => i.id === ids.cheap);
    expect(Number(near?.distance_km)).toBeCloseTo(haversine(14.676, 121.0437, 14.7, 121), 2);
    // Members measure from the facility itself: about 6.9 km, outside 6 km; visitors from the grid point.
    const within = `side=sell&kind=material&${QC}&within_km=6`;
    expect((await b.auditor.get(`/api/market/search?${within}`)).json().items).toEqual([]);
    const coarse = (await anon.get(`/api/public/market/listings?${within}`)).json().items;
    expect(new Set(titles(coarse))).toEqual(
      new Set(['Certified hot-washed flakes', 'Cold-washed flakes', 'Mixed-colour flakes']),
    );
  });

  it('filters like the members’ search', async () => {
    const res = await anon.get(
      '/api/public/market/listings?kind=material&side=sell&sort=price_asc&max_price=40',
    );
    expect(titles(res.json().items)).toEqual(['Cold-washed flakes', 'Cebu flakes']);
  });

  it('opens an active listing and no other', async () => {
    const one = await anon.get(`/api/public/market/listings/${ids.cebu}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ title: 'Cebu flakes', location: { city: 'Mandaue' } });
    expect(one.body).not.toContain(a.name);
    expect((await anon.get(`/api/public/market/listings/${ids.paused}`)).statusCode).toBe(404);
    expect((await anon.get(`/api/public/market/listings/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('keeps the members’ routes closed to anonymous callers', async () => {
    expect((await anon.get('/api/market/search')).statusCode).toBe(401);
    expect((await anon.get(`/api/market/listings/${ids.cebu}`)).statusCode).toBe(401);
  });
});
