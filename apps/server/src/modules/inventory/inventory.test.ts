import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers, userTransactions } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

const ctx = useTestApp();
let admin: TestClient;
let ids: { mnl: string; ceb: string; pet: string; hdpe: string; lot: string };

beforeAll(async () => {
  const { organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 9,
    slug: 'inv',
    asOf: new Date('2026-11-01'),
  });
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  const [sup] = await db.select().from(suppliers).where(eq(suppliers.organizationId, org));
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  const mnl = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  const ceb = fac.find((f) => f.code === 'CEB1')?.id ?? '';
  const pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  const hdpe = mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '';
  admin = await (await client(ctx.app)).login('admin.inv@demo.plastrace.ph', DEMO_PASSWORD);
  const receive = async (facility: string, day: string, lines: unknown[]) => {
    const d = (
      await admin.post('/api/receive-records', {
        supplier_id: sup?.id,
        facility_id: facility,
        received_at: `${day}T09:00:00+08:00`,
        lines,
      })
    ).json();
    return (await admin.post(`/api/receive-records/${d.id}/post`)).json();
  };
  const first = await receive(mnl, '2026-11-02', [
    { material_id: pet, gross_kg: 100, unit_price: 10 },
    { material_id: pet, gross_kg: 300, unit_price: 12 },
  ]);
  await receive(mnl, '2026-11-02', [{ material_id: hdpe, gross_kg: 50, unit_price: 20 }]);
  await receive(ceb, '2026-11-02', [{ material_id: pet, gross_kg: 20, unit_price: 9 }]);
  ids = { mnl, ceb, pet, hdpe, lot: first.lines[0].lot.id };
});

describe('inventory', () => {
  it('balances by facility × material × lot with weighted-average value', async () => {
    const res = (await admin.get(`/api/inventory?group=material&facility_id=${ids.mnl}`)).json();
    const pet = res.items.find((i: { material: { id: string } }) => i.material.id === ids.pet);
    // 100 kg at ₱10 + 300 kg at ₱12 = ₱4,600 for 400 kg → ₱11.50/kg
    expect(pet).toMatchObject({ qty_kg: '400.000', value_php: '4600.00', avg_cost_per_kg: '11.50' });
    const byLot = (await admin.get(`/api/inventory?material_id=${ids.pet}`)).json();
    expect(byLot.items).toHaveLength(3);
    expect(byLot.totals).toEqual({ qty_kg: '420.000', value_php: '4780.00', rows: 3 });
    const byFacility = (await admin.get('/api/inventory?group=facility')).json();
    expect(
      byFacility.items.map((i: { facility: { code: string }; qty_kg: string }) => [
        i.facility.code,
        i.qty_kg,
      ]),
    ).toEqual([
      ['CEB1', '20.000'],
      ['MNL1', '450.000'],
    ]);
  });

  it('pages by facility, material and lot code, with totals of the whole filter, and searches', async () => {
    const all = (await admin.get('/api/inventory?group=lot')).json();
    expect(all.items.length).toBe(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await admin.get(`/api/inventory?group=lot&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      const body = res.json();
      expect(body.items).toHaveLength(1);
      expect(body.totals).toEqual(all.totals);
      seen.push(body.items[0].lot.id);
      cursor = body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((i: { lot: { id: string } }) => i.lot.id));

    const hdpe = (await admin.get('/api/inventory?group=lot&q=hdpe')).json();
    expect(hdpe.items.map((i: { material: { id: string } }) => i.material.id)).toEqual([ids.hdpe]);
    expect(hdpe.totals).toMatchObject({ qty_kg: '50.000', rows: 1 });
    expect((await admin.get('/api/inventory?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('answers for a past day from the ledger', async () => {
    await admin.post(`/api/lots/${ids.lot}/adjust`, { qty_kg: -40, reason: 'Count difference' });
    const now = (await admin.get(`/api/inventory?group=facility&facility_id=${ids.mnl}`)).json();
    expect(now.items[0].qty_kg).toBe('410.000');
    const before = (
      await admin.get(`/api/inventory?group=facility&facility_id=${ids.mnl}&as_of=2026-11-01`)
    ).json();
    expect(before.items).toEqual([]);
    // Counted back: the other tests expect the stock as delivered, whichever order they run in.
    const back = await admin.post(`/api/lots/${ids.lot}/adjust`, { qty_kg: 40, reason: 'Recounted' });
    expect(back.statusCode, back.body).toBe(200);
    const again = (await admin.get(`/api/inventory?group=material&facility_id=${ids.mnl}`)).json();
    expect(again.items.find((i: { material: { id: string } }) => i.material.id === ids.pet)).toMatchObject({
      qty_kg: '400.000',
      value_php: '4600.00',
    });
  });

  it('exports the same balances as CSV, for any grouping and day, and logs the export', async () => {
    const res = await admin.get(`/api/inventory/export.csv?group=material&facility_id=${ids.mnl}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('inventory-material-today.csv');
    const report = (await admin.get(`/api/inventory?group=material&facility_id=${ids.mnl}`)).json();
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toHaveLength(report.items.length);
    expect(header).toBe(
      'facility_code,facility,material_code,material,lot_code,lot_status,qty_kg,value_php,avg_cost_php_per_kg',
    );
    expect(rows).toEqual(
      report.items.map(
        (i: {
          material: { code: string; name: string };
          qty_kg: string;
          value_php: string;
          avg_cost_per_kg: string;
        }) =>
          [
            'MNL1',
            'Valenzuela Recycling Plant',
            i.material.code,
            i.material.name,
            '',
            '',
            i.qty_kg,
            i.value_php,
            i.avg_cost_per_kg,
          ].join(','),
      ),
    );
    const past = await admin.get('/api/inventory/export.csv?group=lot&as_of=2026-11-01');
    expect(past.body.trim().split('\r\n')).toHaveLength(1);
    const [logged] = await ctx.database.db
      .select()
      .from(userTransactions)
      .where(eq(userTransactions.transactionType, 'EXPORT_DATA'))
      .orderBy(desc(userTransactions.createdAt));
    expect(logged?.metadata).toMatchObject({
      dataType: 'inventory',
      recordCount: 0,
      parameters: { as_of: '2026-11-01' },
    });
    const operator = await (await client(ctx.app)).login('operator.inv@demo.plastrace.ph', DEMO_PASSWORD);
    expect((await operator.get('/api/inventory/export.csv')).statusCode).toBe(403);
  });

  it('is not for supplier members', async () => {
    const supplier = await (await client(ctx.app)).login('supplier.inv@demo.plastrace.ph', DEMO_PASSWORD);
    expect((await supplier.get('/api/inventory')).statusCode).toBe(403);
  });
});
