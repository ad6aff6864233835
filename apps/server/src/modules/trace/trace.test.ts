import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext, Caller } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { facilities, materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { traceLot } from './trace.service.ts';

// Traceability: shares carried exactly through a split, a merge and two production runs; a delivery's
// recall down to the customer; lookups by code and record; roles; and nothing of another organization.

const ctx = useTestApp();
let admin: TestClient;
let operator: TestClient;
let supplierMember: TestClient;
let other: TestClient;
const ids = { facility: '', pet: '', flake: '', pellet: '', s1: '', s2: '', customer: '', org: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'trace');
  ({ admin, operator } = o);
  supplierMember = o.supplier;
  other = (await seededOrganization(ctx, 'trace-other')).operator;
  const db = ctx.database.db;
  const org = o.organizationId;
  ids.org = org;
  ids.facility =
    (await db.select().from(facilities).where(eq(facilities.organizationId, org))).find(
      (f) => f.code === 'MNL1',
    )?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  const material = (code: string) => mats.find((m) => m.code === code)?.id ?? '';
  ids.pet = material('PET_BOTTLES_CLEAR');
  ids.flake = material('PET_FLAKE');
  ids.pellet = material('PET_PELLET');
  const suppliers = (await admin.get('/api/suppliers?limit=2')).json().items;
  ids.s1 = suppliers[0].id;
  ids.s2 = suppliers[1].id;
  ids.customer = (
    await admin.post('/api/customers', { code: 'TRACE-C', name: 'Pellet Buyer', type: 'manufacturer' })
  ).json().id;
});

async function receive(supplierId: string, kg: string) {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: supplierId,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const record = res.json();
  return { record, lot: record.lines[0].lot as { id: string; code: string } };
}

async function runOf(
  process: string,
  inputs: { lot_id: string; kg: string }[],
  output: string,
  kg: string,
  loss: string,
) {
  const res = await operator.post('/api/production-records?post=true', {
    facility_id: ids.facility,
    process_code: process,
    started_at: '2026-11-21T06:00:00+08:00',
    ended_at: '2026-11-21T14:00:00+08:00',
    inputs,
    outputs: [{ material_id: output, kg }],
    losses: [{ kind: 'moisture', fate: 'landfill', kg: loss }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const run = res.json();
  return { run, lot: run.outputs[0].lot as { id: string; code: string } };
}

// Delivery A (600 kg, supplier 1) and B (400 kg, supplier 2). 100 kg split off A and merged with B
// (500 kg: 20 % A, 80 % B). Washing A's 500 kg and the merged 500 kg gives 900 kg of flake (60 % A,
// 40 % B); extruding it gives 880 kg of pellets, 528 kg from A and 352 kg from B; 500 kg of them go to
// a customer, 200 kg of which came from B.
describe('traceability', () => {
  let built: Awaited<ReturnType<typeof build>>;
  async function build() {
    const a = await receive(ids.s1, '600');
    const b = await receive(ids.s2, '400');
    const split = await operator.post(`/api/lots/${a.lot.id}/split`, { parts_kg: ['100'] });
    expect(split.statusCode, split.body).toBe(200);
    const part = split.json().lots[0] as { id: string };
    const merged = await operator.post('/api/lots/merge', { lot_ids: [part.id, b.lot.id] });
    expect(merged.statusCode, merged.body).toBe(200);
    const washed = await runOf(
      'washing',
      [
        { lot_id: a.lot.id, kg: '500' },
        { lot_id: merged.json().id, kg: '500' },
      ],
      ids.flake,
      '900',
      '100',
    );
    const pellets = await runOf('extrusion', [{ lot_id: washed.lot.id, kg: '900' }], ids.pellet, '880', '20');
    const shipped = await operator.post('/api/dispatch-records?post=true', {
      customer_id: ids.customer,
      facility_id: ids.facility,
      dispatched_at: '2026-11-22T09:00:00+08:00',
      lines: [{ lot_id: pellets.lot.id, kg: '500', unit_price: '60.00' }],
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    return { a, b, part, merged: merged.json(), washed, pellets, dispatch: shipped.json() };
  }
  beforeAll(async () => {
    built = await build();
  });

  it('gives a pellet lot its two suppliers with exact kg shares through a split, a merge and two runs', async () => {
    const res = await operator.get(`/api/trace/lots/${built.pellets.lot.id}?direction=upstream`);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json();
    expect(t.start).toMatchObject({ lot_ids: [built.pellets.lot.id], record: null, kg: '880.000' });
    expect(t.truncated).toBe(false);
    expect(t.origins).toEqual([
      expect.objectContaining({
        lot_id: built.a.lot.id,
        origin_type: 'receive_line',
        receive_record: expect.objectContaining({ id: built.a.record.id, number: built.a.record.number }),
        supplier: expect.objectContaining({ id: ids.s1 }),
        kg: '528.000',
        share_pct: '60.00',
      }),
      expect.objectContaining({
        lot_id: built.b.lot.id,
        supplier: expect.objectContaining({ id: ids.s2 }),
        kg: '352.000',
        share_pct: '40.00',
      }),
    ]);
    expect(
      t.suppliers.map((s: { supplier: { id: string }; kg: string; records: number }) => [
        s.supplier.id,
        s.kg,
        s.records,
      ]),
    ).toEqual([
      [ids.s1, '528.000', 1],
      [ids.s2, '352.000', 1],
    ]);
    // Every lot on the way, by level, with the kg each gave the pellets.
    const lots = Object.fromEntries(
      t.lots.map((l: { id: string; level: number; share_kg: string }) => [l.id, [l.level, l.share_kg]]),
    );
    expect(lots).toEqual({
      [built.pellets.lot.id]: [0, '880.000'],
      [built.washed.lot.id]: [-1, '880.000'],
      [built.a.lot.id]: [-2, '528.000'],
      [built.merged.id]: [-2, '440.000'],
      [built.part.id]: [-3, '88.000'],
      [built.b.lot.id]: [-3, '352.000'],
    });
    // Each lot names its material and facility (read once per trace, not per lot).
    const named = t.lots.map((l: { id: string; material: { code: string }; facility: { code: string } }) => [
      l.id,
      l.material.code,
      l.facility.code,
    ]);
    expect(named).toEqual(
      expect.arrayContaining([
        [built.pellets.lot.id, 'PET_PELLET', 'MNL1'],
        [built.washed.lot.id, 'PET_FLAKE', 'MNL1'],
        [built.a.lot.id, 'PET_BOTTLES_CLEAR', 'MNL1'],
        [built.b.lot.id, 'PET_BOTTLES_CLEAR', 'MNL1'],
      ]),
    );
    const via = t.edges.map(
      (e: { from_lot_id: string; to_lot_id: string; kg: string; via: { type: string } }) => [
        e.from_lot_id,
        e.to_lot_id,
        e.kg,
        e.via.type,
      ],
    );
    expect(via).toEqual(
      expect.arrayContaining([
        [built.washed.lot.id, built.pellets.lot.id, '880.000', 'production_record'],
        [built.a.lot.id, built.washed.lot.id, '450.000', 'production_record'],
        [built.merged.id, built.washed.lot.id, '450.000', 'production_record'],
        [built.part.id, built.merged.id, '100.000', 'merge'],
        [built.b.lot.id, built.merged.id, '400.000', 'merge'],
        [built.a.lot.id, built.part.id, '100.000', 'split'],
      ]),
    );
    expect(via).toHaveLength(6);
  });

  it('answers the same inside a transaction (as the demo seed traces lots it has just made)', async () => {
    const id = built.pellets.lot.id;
    const overHttp = (await operator.get(`/api/trace/lots/${id}?direction=both`)).json();
    const caller = { organizationId: ids.org } as Caller;
    const inTx = await ctx.database.db.transaction((tx) =>
      traceLot({ db: tx as unknown as Db } as AppContext, caller, id, { direction: 'both', depth: 10 }),
    );
    expect(JSON.parse(JSON.stringify(inTx))).toEqual(overHttp);
  });

  it('recalls a delivery: every lot, dispatch and customer its material reached, with kg', async () => {
    const res = await operator.get(`/api/trace/records/${built.b.record.id}?direction=downstream`);
    expect(res.statusCode, res.body).toBe(200);
    const t = res.json();
    expect(t.start).toMatchObject({
      record: { type: 'receive_record', id: built.b.record.id, number: built.b.record.number },
      kg: '400.000',
    });
    const lots = Object.fromEntries(
      t.lots.map((l: { id: string; share_kg: string; on_hand_kg: string }) => [
        l.id,
        [l.share_kg, l.on_hand_kg],
      ]),
    );
    expect(lots).toEqual({
      [built.b.lot.id]: ['400.000', '0.000'],
      [built.merged.id]: ['400.000', '0.000'],
      [built.washed.lot.id]: ['360.000', '0.000'],
      [built.pellets.lot.id]: ['352.000', '380.000'],
    });
    expect(t.destinations).toEqual([
      expect.objectContaining({
        lot_id: built.pellets.lot.id,
        dispatch_record: expect.objectContaining({ id: built.dispatch.id, delivered: false }),
        customer: expect.objectContaining({ id: ids.customer, name: 'Pellet Buyer' }),
        dispatched_kg: '500.000',
        kg: '200.000',
        share_pct: '50.00',
      }),
    ]);
    expect(t.customers).toEqual([
      expect.objectContaining({
        customer: expect.objectContaining({ id: ids.customer }),
        kg: '200.000',
        records: 1,
      }),
    ]);
    expect(t.origins).toEqual([]);
  });

  it('finds a lot by its label code and a shipment by its dispatch, both ways by default', async () => {
    const byCode = await operator.get(`/api/trace/codes/${built.washed.lot.code.toLowerCase()}`);
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({
      direction: 'both',
      depth: 10,
      start: { lot_ids: [built.washed.lot.id] },
    });
    expect(byCode.json().origins.map((o: { kg: string }) => o.kg)).toEqual(['540.000', '360.000']);
    expect(byCode.json().destinations).toHaveLength(1);
    const shipment = (
      await operator.get(`/api/trace/records/${built.dispatch.id}?direction=upstream`)
    ).json();
    expect(shipment.start.record).toMatchObject({ type: 'dispatch_record', id: built.dispatch.id });
    expect(shipment.suppliers.map((s: { share_pct: string }) => s.share_pct)).toEqual(['60.00', '40.00']);
    // A shallow trace stops and says so; what it reached becomes the origin.
    const shallow = (
      await operator.get(`/api/trace/lots/${built.pellets.lot.id}?direction=upstream&depth=1`)
    ).json();
    expect(shallow.truncated).toBe(true);
    expect(shallow.origins).toEqual([
      expect.objectContaining({
        lot_id: built.washed.lot.id,
        origin_type: 'production_output',
        supplier: null,
        kg: '880.000',
        share_pct: '100.00',
      }),
    ]);
  });

  it('refuses what it cannot trace, and shows nothing of another organization', async () => {
    expect((await operator.get('/api/trace/codes/NOPE-0001')).json()).toMatchObject({
      message: 'Lot NOPE-0001 not found',
    });
    expect((await operator.get(`/api/trace/lots/${built.a.lot.id}?depth=0`)).statusCode).toBe(400);
    expect((await operator.get(`/api/trace/lots/${built.a.lot.id}?direction=sideways`)).statusCode).toBe(400);
    // Another organization's operator: neither the lot, its code, nor the record exist for them.
    expect((await other.get(`/api/trace/lots/${built.pellets.lot.id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/trace/codes/${built.pellets.lot.code}`)).statusCode).toBe(404);
    expect((await other.get(`/api/trace/records/${built.b.record.id}`)).statusCode).toBe(404);
    // A supplier member sees their own deliveries, not where everything went.
    expect((await supplierMember.get(`/api/trace/lots/${built.pellets.lot.id}`)).statusCode).toBe(403);
  });
});
