import { formatUnits, multiply, sumDecimals, toUnits } from '@plastrace/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, seededOrganization } from '../../test/masterdata.ts';
import { currentPrice } from './prices.repo.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
let pet: string;
type Item = { id: string; effective_from: string; region: string; price_per_kg: string };

// The demo seed writes a price on the first of each month from 2026-06-01 to 2026-11-01,
// for every material in NCR and Central Visayas.
beforeAll(async () => {
  org = await seededOrganization(ctx, 'prc');
  admin = org.admin;
  pet = (await admin.get('/api/materials?q=PET_BOTTLES_CLEAR')).json().items[0].id;
  const res = await admin.post('/api/prices', {
    material_id: pet,
    region: 'NCR',
    price_per_kg: 16.5,
    effective_from: '2026-11-15',
  });
  expect(res.statusCode).toBe(201);
  // Grade B from December: the exports and lists below expect it, whichever test runs first.
  expect((await admin.post('/api/prices', price({ grade: 'B' }))).statusCode).toBe(201);
});

const price = (extra: Record<string, unknown> = {}) => ({
  material_id: pet,
  region: 'NCR',
  price_per_kg: '17.25',
  effective_from: '2026-12-01',
  ...extra,
});

describe('prices', () => {
  it('adds a price as a decimal string in PHP and logs it', async () => {
    // In a region no other test reads, so the lists and exports below stay as they expect.
    const res = await admin.post('/api/prices', price({ grade: 'C', region: 'CAR', price_per_kg: '17.75' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      material: { id: pet, code: 'PET_BOTTLES_CLEAR' },
      grade: 'C',
      region: 'CAR',
      price_per_kg: '17.75',
      currency: 'PHP',
      effective_from: '2026-12-01',
    });
    const added = await activity(admin, 'Added buying price');
    expect(added[0]).toBe(
      'Added buying price ₱17.75/kg for PET_BOTTLES_CLEAR grade C in CAR from 2026-12-01',
    );
    expect(added).toContain(
      'Added buying price ₱16.50/kg for PET_BOTTLES_CLEAR grade A in NCR from 2026-11-15',
    );
  });

  it('refuses a second price for the same material, grade, region and date', async () => {
    const res = await admin.post('/api/prices', price({ region: 'ncr', effective_from: '2026-11-15' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^A buying price for PET_BOTTLES_CLEAR grade A in ncr from 2026-11-15 already exists/,
    );
  });

  it('explains invalid prices and refuses archived or foreign materials', async () => {
    const bad = await admin.post(
      '/api/prices',
      price({ price_per_kg: 0, region: ' ', effective_from: '15/11/2026' }),
    );
    expect(bad.json().details.fields).toEqual({
      'body.region': 'Region is required',
      'body.price_per_kg': 'Price must be greater than 0',
      'body.effective_from': 'Enter a date as YYYY-MM-DD',
    });
    const cents = await admin.post('/api/prices', price({ price_per_kg: 12.345 }));
    expect(cents.json().details.fields).toEqual({ 'body.price_per_kg': 'Price can have at most 2 decimals' });
    const usd = await admin.post('/api/prices', price({ currency: 'USD' }));
    expect(usd.json().details.fields).toEqual({ 'body.currency': 'Prices are in PHP' });

    const mix = (
      await admin.post('/api/materials', { code: 'OLD', name: 'Old', polymer: 'OTHER', form: 'mixed' })
    ).json();
    await admin.post(`/api/materials/${mix.id}/archive`);
    const archived = await admin.post('/api/prices', price({ material_id: mix.id }));
    expect(archived.json().details.fields).toEqual({ 'body.material_id': 'Material not found or archived' });
    const other = (await newOrganization(ctx.app)).admin;
    const theirs = (
      await other.post('/api/materials', { code: 'T', name: 'T', polymer: 'PP', form: 'rigid' })
    ).json();
    expect((await admin.post('/api/prices', price({ material_id: theirs.id }))).statusCode).toBe(400);
  });

  it('finds the price in force on a date', async () => {
    const on = async (date: string, region = 'NCR') =>
      admin.get(`/api/prices/current?material_id=${pet}&region=${encodeURIComponent(region)}&date=${date}`);
    expect((await on('2026-11-20')).json()).toMatchObject({
      effective_from: '2026-11-15',
      price_per_kg: '16.50',
    });
    expect((await on('2026-11-15')).json().effective_from).toBe('2026-11-15');
    expect((await on('2026-11-14')).json().effective_from).toBe('2026-11-01');
    expect((await on('2026-07-10', 'central visayas')).json()).toMatchObject({
      effective_from: '2026-07-01',
      region: 'Central Visayas',
    });
    const none = await on('2026-05-31');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(
      'No buying price for PET_BOTTLES_CLEAR grade A in NCR on or before 2026-05-31',
    );
    expect((await on('2026-11-20', 'Davao')).statusCode).toBe(404);

    // An instant counts on its day in Manila: 23:00 UTC on the 14th is already the 15th there.
    const series = { kind: 'buying' as const, materialId: pet, grade: 'A', region: 'NCR' };
    const at = async (iso: string) =>
      (await currentPrice(ctx.database.db, org.organizationId, { ...series, on: new Date(iso) }))
        ?.effectiveFrom;
    expect(await at('2026-11-14T15:59:00Z')).toBe('2026-11-01');
    expect(await at('2026-11-14T16:00:00Z')).toBe('2026-11-15');
    expect(
      await currentPrice(ctx.database.db, org.organizationId, { ...series, on: '2026-11-15' }),
    ).toMatchObject({
      pricePerKg: '16.50',
    });
  });

  it('gives the history oldest first for the chart', async () => {
    const all = (await admin.get(`/api/prices/history?material_id=${pet}`)).json().items as Item[];
    const dates = all.map((p) => p.effective_from);
    expect(dates).toEqual([...dates].sort());
    // The demo's six months in two regions and this file's two; the region another test adds is not NCR.
    expect(all.filter((p) => p.region !== 'CAR')).toHaveLength(6 * 2 + 2);
    const ncr = (await admin.get(`/api/prices/history?material_id=${pet}&region=NCR&grade=A`)).json()
      .items as Item[];
    expect(ncr.map((p) => p.effective_from)).toEqual([
      '2026-06-01',
      '2026-07-01',
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-11-15',
    ]);
  });

  it('lists with filters and keyset pages in both orders', async () => {
    const url = `/api/prices?material_id=${pet}&region=NCR&from=2026-09-01&to=2026-11-30`;
    const newest = (await admin.get(url)).json().items as Item[];
    expect(newest.map((p) => p.effective_from)).toEqual([
      '2026-11-15',
      '2026-11-01',
      '2026-10-01',
      '2026-09-01',
    ]);
    const pages = await allPages<Item>(admin, `${url}&limit=3&sort=effective_from`);
    expect(pages.flat().map((p) => p.effective_from)).toEqual([
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
      '2026-11-15',
    ]);
    const everything = await allPages<Item>(admin, '/api/prices?limit=50&sort=-created_at');
    expect(everything.length).toBeGreaterThanOrEqual(3);
    // Every price once: the demo's (11 materials × 6 months × 2 regions), this file's two, and any other test's.
    const ids = everything.flat().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const [{ n }] = (
      await ctx.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM prices WHERE organization_id = ${org.organizationId}`,
      )
    ).rows as [{ n: number }];
    expect(ids.length).toBe(n);
    expect(n).toBeGreaterThanOrEqual(11 * 6 * 2 + 2);
    expect((await admin.get('/api/prices?sort=name')).statusCode).toBe(400);
  });

  it('never edits or deletes a price', async () => {
    const one = (await admin.get(`/api/prices?material_id=${pet}&limit=1`)).json().items[0];
    expect((await admin.delete(`/api/prices/${one.id}`)).statusCode).toBe(404);
    expect((await admin.patch(`/api/prices/${one.id}`, { price_per_kg: '1.00' })).statusCode).toBe(404);
    expect((await admin.get(`/api/prices/${one.id}`)).json()).toEqual(one);
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get(`/api/prices/export.csv?material_id=${pet}&region=NCR&from=2026-11-01`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'effective_from,kind,material_code,material_name,grade,region,price_per_kg,currency,created_at',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 7).join(','))).toEqual([
      '2026-12-01,buying,PET_BOTTLES_CLEAR,PET clear bottles,B,NCR,17.25',
      '2026-11-15,buying,PET_BOTTLES_CLEAR,PET clear bottles,A,NCR,16.50',
      expect.stringMatching(/^2026-11-01,buying,PET_BOTTLES_CLEAR,PET clear bottles,A,NCR,\d+\.\d\d$/),
    ]);
    expect(await activity(admin, 'Exported')).toContain('Exported 3 prices');
  });

  it('lets operators and auditors read, keeps suppliers out, and hides other organizations', async () => {
    for (const reader of [org.operator, org.auditor]) {
      expect(
        (await reader.get(`/api/prices/current?material_id=${pet}&region=NCR&date=2026-11-20`)).statusCode,
      ).toBe(200);
      const denied = await reader.post('/api/prices', price({ effective_from: '2027-01-01' }));
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('forbidden');
    }
    expect((await org.supplier.get('/api/prices')).statusCode).toBe(403);
    expect((await org.supplier.get(`/api/prices/history?material_id=${pet}`)).statusCode).toBe(403);
    const one = (await admin.get('/api/prices?limit=1')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/prices/${one.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/prices')).json().items).toEqual([]);
    expect((await other.get(`/api/prices/current?material_id=${pet}&region=NCR`)).statusCode).toBe(404);
    expect((await other.get(`/api/prices/history?material_id=${pet}`)).statusCode).toBe(404);
  });
});

describe('stock value', () => {
  type Row = {
    facility: { id: string; region: string | null };
    material: { id: string; grade: string };
    qty_kg: string;
    price: { id: string; price_per_kg: string } | null;
    value_php: string | null;
  };
  type Body = { items: Row[]; total_value_php: string; without_price: number; as_of: string };

  it("values today's stock at the price in force for its grade and region, exactly, on the server", async () => {
    // Its own organization: the stock below is all it holds.
    const own = await seededOrganization(ctx, 'prc-value');
    const facilities = (await own.admin.get('/api/facilities?limit=100')).json().items as {
      id: string;
      region: string | null;
    }[];
    const plant = facilities.find((f) => f.region);
    const materials = (await own.admin.get('/api/materials?limit=100')).json().items as { id: string }[];
    const supplier = (await own.admin.get('/api/suppliers?limit=1')).json().items[0].id as string;
    const [cheap, other] = materials;
    if (!plant?.region || !cheap || !other) throw new Error('the demo has no facility with a region');
    // ₱1.00/kg from a day after the demo's last prices; 1.005 kg of it is worth ₱1.01 (floats said ₱1.00).
    const priced = await own.admin.post('/api/prices', {
      material_id: cheap.id,
      region: plant.region,
      price_per_kg: '1',
      effective_from: '2026-11-02',
    });
    expect(priced.statusCode, priced.body).toBe(201);
    for (const [material, gross] of [
      [cheap.id, '1.005'],
      [other.id, '250.5'],
    ] as const) {
      const res = await own.admin.post('/api/receive-records?post=true', {
        supplier_id: supplier,
        facility_id: plant.id,
        received_at: '2026-11-20T08:00:00+08:00',
        lines: [{ material_id: material, gross_kg: gross, unit_price: '5' }],
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const body = (await own.manager.get('/api/prices/stock-value')).json() as Body;
    expect(body.items.map((r) => [r.material.id, r.qty_kg])).toEqual(
      expect.arrayContaining([
        [cheap.id, '1.005'],
        [other.id, '250.500'],
      ]),
    );
    expect(body.items).toHaveLength(2);
    const cheapRow = body.items.find((r) => r.material.id === cheap.id);
    expect(cheapRow).toMatchObject({
      price: { id: priced.json().id, price_per_kg: '1.00' },
      value_php: '1.01',
    });
    for (const row of body.items) {
      const current = await own.admin.get(
        `/api/prices/current?material_id=${row.material.id}&grade=${row.material.grade}&region=${encodeURIComponent(row.facility.region ?? '')}&date=${body.as_of}`,
      );
      expect(row.price?.id ?? null).toBe(current.statusCode === 200 ? current.json().id : null);
      const expected = row.price
        ? formatUnits(multiply(toUnits(row.qty_kg, 3), 3, toUnits(row.price.price_per_kg, 2), 2, 2), 2)
        : null;
      expect(row.value_php).toBe(expected);
    }
    expect(body.total_value_php).toBe(
      sumDecimals(
        body.items.flatMap((r) => r.value_php ?? []),
        2,
      ),
    );
    expect(body.without_price).toBe(body.items.filter((r) => !r.price).length);
  });

  it('is for members who may see stock', async () => {
    expect((await org.supplier.get('/api/prices/stock-value')).statusCode).toBe(403);
    const empty = await (await newOrganization(ctx.app)).admin.get('/api/prices/stock-value');
    expect(empty.json()).toMatchObject({ items: [], total_value_php: '0.00', without_price: 0 });
  });
});
