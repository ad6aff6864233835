import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, lotLineage, materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

// Production runs (migration 0013): mass balance, stock never below zero, exact lineage, capacity
// check, void, isolation, roles, idempotency — each answer equal to reading the record back.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let supplier: TestClient;
let org: string;
const ids = { facility: '', other: '', supplier: '', pet: '', flake: '', line: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'production');
  ({ admin, manager, operator, auditor, supplier } = o);
  org = o.organizationId;
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.facility = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  ids.other = fac.find((f) => f.code === 'CEB1')?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.flake = mats.find((m) => m.code === 'PET_FLAKE')?.id ?? '';
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  const line = await admin.post('/api/production-lines', {
    code: 'WASH1',
    name: 'Wash line 1',
    facility_id: ids.facility,
    process_codes: ['washing'],
    capacity_kg_per_h: '500',
    rated_kw: '75',
    cost_per_kg_php: '1.50',
  });
  expect(line.statusCode, line.body).toBe(201);
  ids.line = line.json().id;
  const settings = (await admin.get('/api/organization')).json();
  expect(settings).toMatchObject({ mass_balance_tolerance_pct: '0.50', electricity_tariff_php: null });
  const tariff = await admin.patch('/api/organization', {
    name: settings.name,
    default_currency: settings.default_currency,
    time_zone: settings.time_zone,
    epr_license: settings.epr_license,
    electricity_tariff_php: '11.5',
    version: settings.version,
  });
  expect(tariff.json()).toMatchObject({
    electricity_tariff_php: '11.5000',
    mass_balance_tolerance_pct: '0.50',
  });
});

/** Receives and posts a delivery of `kg` net of PET bottles at MNL1; answers its lot. */
async function lotOf(kg: string, price = '20.00') {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: price }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot as { id: string; code: string };
}

const run = (
  inputs: { lot_id: string; kg: string }[],
  outputs: string[],
  losses: string[] = [],
  extra = {},
) => ({
  facility_id: ids.facility,
  production_line_id: ids.line,
  process_code: 'washing',
  started_at: '2026-11-21T06:00:00+08:00',
  ended_at: '2026-11-21T14:00:00+08:00',
  shift: 'Day',
  crew: 'Ana, Ben',
  inputs,
  outputs: outputs.map((kg) => ({ material_id: ids.flake, kg })),
  losses: losses.map((kg) => ({ kind: 'moisture', fate: 'landfill', kg })),
  ...extra,
});

const balance = async (c: TestClient, lotId: string) => (await c.get(`/api/lots/${lotId}`)).json();

describe('production records', () => {
  it('washes two deliveries into flakes: inputs out, an output lot in, exact lineage and value', async () => {
    const a = await lotOf('600', '20.00');
    const b = await lotOf('400', '10.00');
    const draft = await operator.post(
      '/api/production-records',
      run(
        [
          { lot_id: a.id, kg: '600' },
          { lot_id: b.id, kg: '250' },
        ],
        ['700'],
        ['150'],
      ),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const d = draft.json();
    expect(d).toMatchObject({ status: 'draft', total_input_kg: '850.000', difference_kg: '0.000' });
    expect(d.number).toMatch(/^PR-2026-\d{6}$/);
    expect(d).toEqual((await operator.get(`/api/production-records/${d.id}`)).json());

    const posted = await operator.post(
      `/api/production-records/${d.id}/post`,
      {},
      { 'idempotency-key': 'p-1' },
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const p = posted.json();
    expect(p).toEqual((await operator.get(`/api/production-records/${d.id}`)).json());
    expect(p.status).toBe('posted');
    expect(p.yield_pct).toBe('82.35');
    // 8 h of washing has no reference kWh/t: the line's rated 75 kW × 8 h.
    expect(p).toMatchObject({
      energy_kwh: '600.00',
      energy_basis: 'rated_power',
      energy_cost_php: '6900.00',
    });
    // Inputs at cost: 600 × 20 + 250 × 10; plus energy 6,900 and the line's 850 × 1.50.
    expect(p.input_value_php).toBe('14500.00');
    expect(p.line_cost_php).toBe('1275.00');
    expect(p.output_value_php).toBe('22675.00');
    const out = p.outputs[0].lot;
    expect(out.code).toMatch(/^MNL1-261121-\d{4}$/);
    expect(await balance(operator, a.id)).toMatchObject({ status: 'consumed', qty_kg: '0.000' });
    expect(await balance(operator, b.id)).toMatchObject({ status: 'available', qty_kg: '150.000' });
    expect(await balance(operator, out.id)).toMatchObject({
      qty_kg: '700.000',
      value_php: '22675.00',
      recycled_content_pct: '100.00',
      origin: { production_record: { id: d.id, number: p.number }, source_lot: null, receive_record: null },
    });

    // 700 kg out of 850 in: 600 → 494.118 kg, 250 → 205.882 kg, to the gram.
    const edges = await ctx.database.db
      .select({ parent: lotLineage.parentLotId, kg: lotLineage.kg })
      .from(lotLineage)
      .where(eq(lotLineage.childLotId, out.id));
    expect(Object.fromEntries(edges.map((e) => [e.parent, e.kg]))).toEqual({
      [a.id]: '494.118',
      [b.id]: '205.882',
    });
    expect(p.lineage).toEqual(
      [
        { from: { id: a.id, code: a.code }, to: out, kg: '494.118' },
        { from: { id: b.id, code: b.code }, to: out, kg: '205.882' },
      ].sort((x, y) => x.from.code.localeCompare(y.from.code)),
    );

    // A retry with the same key answers the first time and posts nothing twice.
    const again = await operator.post(
      `/api/production-records/${d.id}/post`,
      {},
      { 'idempotency-key': 'p-1' },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(p);
    expect(await auditActions(ctx, d.id)).toEqual(['production_record.created', 'production_record.updated']);
    expect((await activity(admin, p.number))[0]).toBe(
      `Posted production record ${p.number}: 850 kg in, 700 kg out (82.35 % yield)`,
    );
  });

  it('splits every kilogram of the inputs exactly across outputs and a reject lot', async () => {
    const lots = await Promise.all(['100.001', '200.002', '300.003'].map((kg) => lotOf(kg)));
    const res = await admin.post(
      '/api/production-records?post=true',
      run(
        lots.map((l, i) => ({ lot_id: l.id, kg: ['100.001', '200.002', '300.003'][i] ?? '' })),
        ['333.333', '166.667'],
        [],
        { losses: [{ kind: 'contamination', fate: 'reject_lot', kg: '100.006', material_id: ids.pet }] },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    const children = [...r.outputs.map((o: { lot: { id: string } }) => o.lot.id), r.losses[0].lot.id];
    const rows = await ctx.database.db.execute<{ child: string; g: string }>(
      sql`SELECT child_lot_id AS child, sum(kg * 1000)::bigint::text AS g FROM lot_lineage
          WHERE source_id = ${r.id} GROUP BY child_lot_id`,
    );
    const grams = Object.fromEntries(rows.rows.map((x) => [x.child, x.g]));
    expect(children.map((c) => grams[c])).toEqual(['333333', '166667', '100006']);
    const parents = await ctx.database.db.execute<{ parent: string; g: string }>(
      sql`SELECT parent_lot_id AS parent, sum(kg * 1000)::bigint::text AS g FROM lot_lineage
          WHERE source_id = ${r.id} GROUP BY parent_lot_id`,
    );
    expect(parents.rows.map((x) => Number(x.g)).reduce((s, g) => s + g, 0)).toBe(600006);
    expect(r.losses[0].lot.code).toMatch(/^MNL1-261121-/);
  });

  it('refuses a run whose sums differ by more than the tolerance, naming both sums', async () => {
    const a = await lotOf('1000');
    const res = await operator.post(
      '/api/production-records?post=true',
      run([{ lot_id: a.id, kg: '1000' }], ['980']),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The mass balance is off: inputs 1,000 kg, outputs and losses 980 kg — a difference of 20 kg (2.00 %), beyond the tolerance of 0.50 %.',
    );
    expect(res.json().details).toMatchObject({ total_input_kg: '1000.000', difference_kg: '20.000' });
    // Nothing was written: the lot still holds its kilograms and no run was saved.
    expect(await balance(operator, a.id)).toMatchObject({ qty_kg: '1000.000', status: 'available' });
    // Within 0.5 % it posts.
    const ok = await operator.post(
      '/api/production-records?post=true',
      run([{ lot_id: a.id, kg: '1000' }], ['996']),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('never takes a lot below zero, even with intake splits and other runs at the same moment', async () => {
    const a = await lotOf('100');
    const tries = await Promise.all(
      Array.from({ length: 6 }, () =>
        operator.post('/api/production-records?post=true', run([{ lot_id: a.id, kg: '40' }], ['40'])),
      ).concat([operator.post(`/api/lots/${a.id}/split`, { parts_kg: ['30'] })]),
    );
    const taken = tries
      .map((t, i) => (t.statusCode < 300 ? (i < 6 ? 40 : 30) : 0))
      .reduce<number>((s, kg) => s + kg, 0);
    expect(taken).toBeLessThanOrEqual(100);
    // Refused for want of stock, never a deadlock (409) or an error.
    expect(tries.map((t) => t.statusCode).filter((s) => s >= 300 && s !== 422)).toEqual([]);
    expect(tries.filter((t) => t.statusCode === 422).length).toBeGreaterThan(0);
    const left = Number((await balance(operator, a.id)).qty_kg);
    expect(left).toBe(100 - taken);
    expect(left).toBeGreaterThanOrEqual(0);
  });

  it('refuses a run above the line’s capacity unless a manager confirms it with a reason', async () => {
    const a = await lotOf('5000');
    // 500 kg/h × 8 h × 1.1 = 4,400 kg at most.
    const body = run([{ lot_id: a.id, kg: '5000' }], ['5000']);
    const draft = (await operator.post('/api/production-records', body)).json();
    const refused = await operator.post(`/api/production-records/${draft.id}/post`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      '5,000 kg in 8.00 h is more than line WASH1 can process: its rated 500.0 kg/h + 10 % allows 4,400 kg. A manager must confirm the run with a reason.',
    );
    const notOperator = await operator.post(`/api/production-records/${draft.id}/post`, {
      over_capacity_reason: 'second shift ran through',
    });
    expect(notOperator.statusCode).toBe(403);
    const confirmed = await manager.post(`/api/production-records/${draft.id}/post`, {
      over_capacity_reason: 'second shift ran through',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().over_capacity_reason).toBe('second shift ran through');
  });

  it('voids a run whose outputs have not moved, and refuses once one has', async () => {
    const a = await lotOf('300', '10.00');
    const r = (
      await operator.post('/api/production-records?post=true', run([{ lot_id: a.id, kg: '300' }], ['300']))
    ).json();
    expect(
      (await operator.post(`/api/production-records/${r.id}/void`, { reason: 'wrong line' })).statusCode,
    ).toBe(403);
    const voided = await manager.post(`/api/production-records/${r.id}/void`, { reason: 'wrong line' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toEqual((await manager.get(`/api/production-records/${r.id}`)).json());
    expect(await balance(manager, a.id)).toMatchObject({
      status: 'available',
      qty_kg: '300.000',
      value_php: '3000.00',
    });
    expect(await balance(manager, r.outputs[0].lot.id)).toMatchObject({ status: 'voided', qty_kg: '0.000' });

    const b = await lotOf('200');
    const r2 = (
      await operator.post('/api/production-records?post=true', run([{ lot_id: b.id, kg: '200' }], ['200']))
    ).json();
    const moved = r2.outputs[0].lot;
    expect((await operator.post(`/api/lots/${moved.id}/split`, { parts_kg: ['50'] })).statusCode).toBe(200);
    const refused = await manager.post(`/api/production-records/${r2.id}/void`, { reason: 'wrong line' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `Lot ${moved.code}, made by this run, has already moved on, so the run cannot be voided. Correct it with an adjustment instead.`,
    );
  });

  it('edits a draft with its version, and refuses what is not the organization’s or not right', async () => {
    const a = await lotOf('100');
    const d = (
      await operator.post('/api/production-records', run([{ lot_id: a.id, kg: '100' }], ['90'], ['10']))
    ).json();
    const edited = await operator.request('PUT', `/api/production-records/${d.id}`, {
      ...run([{ lot_id: a.id, kg: '100' }], ['95'], ['5']),
      version: d.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toEqual((await operator.get(`/api/production-records/${d.id}`)).json());
    const stale = await operator.request('PUT', `/api/production-records/${d.id}`, {
      ...run([{ lot_id: a.id, kg: '100' }], ['95'], ['5']),
      version: d.version,
    });
    expect(stale.statusCode).toBe(409);
    const twice = await operator.post(
      '/api/production-records',
      run(
        [
          { lot_id: a.id, kg: '50' },
          { lot_id: a.id, kg: '50' },
        ],
        ['100'],
      ),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.fields['body.inputs.1.lot_id']).toMatch(/is taken twice/);
    const elsewhere = await operator.post('/api/production-records', {
      ...run([{ lot_id: a.id, kg: '100' }], ['100']),
      facility_id: ids.other,
      production_line_id: null,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().details.fields['body.inputs.0.lot_id']).toMatch(/at another facility/);
    const backwards = await operator.post('/api/production-records', {
      ...run([{ lot_id: a.id, kg: '100' }], ['100']),
      ended_at: '2026-11-21T05:00:00+08:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.fields['body.ended_at']).toBe('The run must end after it starts');

    const stranger = await seededOrganization(ctx, 'production-other');
    expect((await stranger.admin.get(`/api/production-records/${d.id}`)).statusCode).toBe(404);
    const theirs = await stranger.admin.post('/api/production-records', {
      ...run([{ lot_id: a.id, kg: '1' }], ['1']),
      facility_id: (await stranger.admin.get('/api/facilities?limit=1')).json().items[0].id,
      production_line_id: null,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await stranger.admin.get('/api/production-records')).json().items).toEqual([]);
  });

  it('lists, filters, pages and exports runs; a supplier member sees none', async () => {
    const all = (await auditor.get('/api/production-records?limit=200')).json().items;
    expect(all.length).toBeGreaterThan(5);
    const first = (await auditor.get('/api/production-records?limit=2')).json();
    expect(first.items).toEqual(all.slice(0, 2));
    const second = (await auditor.get(`/api/production-records?limit=2&cursor=${first.next_cursor}`)).json();
    expect(second.items).toEqual(all.slice(2, 4));
    const posted = (await auditor.get('/api/production-records?status=posted&limit=200')).json().items;
    expect(posted.every((r: { status: string }) => r.status === 'posted')).toBe(true);
    const lotCode = posted[0].outputs[0].lot.code;
    const found = (await auditor.get(`/api/production-records?q=${lotCode}`)).json().items;
    expect(found.map((r: { id: string }) => r.id)).toContain(posted[0].id);
    const csv = await auditor.get('/api/production-records/export.csv?status=posted');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toMatch(/^Record,Status,Facility,Production line,Process/);
    expect(csv.body.trim().split('\r\n')).toHaveLength(posted.length + 1);
    expect((await supplier.get('/api/production-records')).statusCode).toBe(403);
    expect((await auditor.post('/api/production-records', run([], ['1']))).statusCode).toBe(403);
  });

  it('makes a product to its BOM: polymers checked, units covered, recycled content from the inputs', async () => {
    const db = ctx.database.db;
    // Virgin PET resin (received: 0 % recycled) and rPET from a run (inherits its inputs' 100 %).
    const virgin = await admin.post('/api/materials', {
      code: 'PET-VIRGIN',
      name: 'PET resin, virgin',
      polymer: 'PET',
      form: 'pellet',
      is_virgin: true,
    });
    expect(virgin.statusCode, virgin.body).toBe(201);
    const resin = await operator.post('/api/receive-records?post=true', {
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '2026-11-20T08:00:00+08:00',
      lines: [{ material_id: virgin.json().id, gross_kg: '70', unit_price: '80' }],
    });
    const resinLot = resin.json().lines[0].lot;
    expect((await operator.get(`/api/lots/${resinLot.id}`)).json().recycled_content_pct).toBe('0.00');
    const bottles = await lotOf('30');
    const recycled = await operator.post(
      '/api/production-records?post=true',
      run([{ lot_id: bottles.id, kg: '30' }], ['30']),
    );
    const rpet = recycled.json().outputs[0].lot;
    expect((await operator.get(`/api/lots/${rpet.id}`)).json().recycled_content_pct).toBe('100.00');
    // A bottle of 25 g of PET: 1,000 bottles need 25 kg.
    const bottle = await admin.post('/api/components', {
      code: 'PRF-25',
      name: 'PET preform 25 g',
      polymer: 'PET',
      packaging_category: 'rigid',
      mass_g: '25',
    });
    const product = await admin.post('/api/boms', {
      code: 'BOTTLE-1L',
      name: 'Bottle 1 l',
      first_version: {
        effective_from: '2026-01-01',
        lines: [{ component_id: bottle.json().id, quantity: '1' }],
      },
    });
    const bom = product.json();
    const moulding = (units: string, extra: Record<string, unknown> = {}) => ({
      ...run(
        [
          { lot_id: resinLot.id, kg: '70' },
          { lot_id: rpet.id, kg: '30' },
        ],
        ['98'],
        ['2'],
      ),
      production_line_id: null,
      process_code: 'moulding',
      product_id: bom.id,
      bom_version_id: bom.versions[0].id,
      units,
      ...extra,
    });
    const notManufacturing = await operator.post('/api/production-records', {
      ...moulding('3000'),
      process_code: 'washing',
    });
    expect(notManufacturing.statusCode).toBe(422);
    expect(notManufacturing.json().details.fields['body.product_id']).toMatch(/Only a manufacturing run/);
    const noBom = await operator.post('/api/production-records', {
      ...moulding('3000'),
      bom_version_id: null,
    });
    expect(noBom.statusCode).toBe(400);
    expect(noBom.json().details.fields['body.bom_version_id']).toBe(
      'Choose the BOM version the run followed',
    );
    // 5,000 bottles need 125 kg of PET; the inputs hold 100 kg.
    const tooMany = await operator.post('/api/production-records?post=true', moulding('5000'));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe(
      '5000 units of BOTTLE-1L need 125 kg of PET by version 1 of its BOM; the inputs hold 100 kg.',
    );
    const made = await operator.post('/api/production-records?post=true', moulding('3900'));
    expect(made.statusCode, made.body).toBe(201);
    const m = made.json();
    expect(m).toMatchObject({
      product: { id: bom.id, code: 'BOTTLE-1L' },
      bom_version: { version_no: 1 },
      units: '3900',
      // 70 kg virgin and 30 kg recycled: 30 %.
      recycled_content_pct: '30.00',
    });
    expect((await operator.get(`/api/lots/${m.outputs[0].lot.id}`)).json().recycled_content_pct).toBe(
      '30.00',
    );
    expect(m).toEqual((await operator.get(`/api/production-records/${m.id}`)).json());
    // An HDPE lot is not in a PET bottle's BOM.
    const hdpe = (
      await db.execute<{ id: string }>(
        sql`SELECT id FROM materials WHERE code = 'HDPE_NATURAL' AND organization_id = (SELECT organization_id FROM materials WHERE id = ${ids.pet})`,
      )
    ).rows[0]?.id;
    const hdpeLot = (
      await operator.post('/api/receive-records?post=true', {
        supplier_id: ids.supplier,
        facility_id: ids.facility,
        received_at: '2026-11-20T08:00:00+08:00',
        lines: [{ material_id: hdpe, gross_kg: '10', unit_price: '20' }],
      })
    ).json().lines[0].lot;
    const foreign = await operator.post('/api/production-records?post=true', {
      ...moulding('10'),
      inputs: [{ lot_id: hdpeLot.id, kg: '10' }],
      outputs: [{ material_id: ids.flake, kg: '10' }],
      losses: [],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe(
      'The inputs hold 10 kg of HDPE, but version 1 of the BOM of BOTTLE-1L has no HDPE component.',
    );
  });

  it('sums each line’s posted runs by month: yield and energy per tonne', async () => {
    const posted = (
      await auditor.get(`/api/production-records?status=posted&production_line_id=${ids.line}&limit=200`)
    ).json().items as { total_input_kg: string; total_output_kg: string; energy_kwh: string | null }[];
    const res = await auditor.get('/api/production-records/by-line?months=36');
    expect(res.statusCode, res.body).toBe(200);
    const [wash] = res.json().items;
    const kg = (k: 'total_input_kg' | 'total_output_kg') =>
      posted.reduce((s, r) => s + Number(r[k]) * 1000, 0);
    expect(wash).toMatchObject({
      line: { id: ids.line, code: 'WASH1' },
      month: '2026-11',
      runs: posted.length,
    });
    expect(Math.round(Number(wash.input_kg) * 1000)).toBe(Math.round(kg('total_input_kg')));
    expect(Number(wash.yield_pct)).toBeCloseTo((kg('total_output_kg') / kg('total_input_kg')) * 100, 2);
    // Every run on the line was booked from its rated 75 kW × 8 h.
    expect(wash.energy_kwh).toBe((600 * posted.length).toFixed(2));
    expect((await supplier.get('/api/production-records/by-line')).statusCode).toBe(403);
  });

  it('calculates energy with its basis, publicly', async () => {
    const anon = await client(ctx.app);
    const res = await anon.post('/api/calculations/energy-consumption', {
      process_code: 'extrusion',
      mass_kg: '2000',
      tariff_php_per_kwh: '11.50',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kwh: '612.00',
      basis: 'process_factor',
      kwh_per_tonne: '306.0',
      cost_php: '7038.00',
      grid_kg_co2e_per_kwh: '0.7122',
      kg_co2e: '435.9',
      grid_verified: false,
    });
    const washing = (
      await anon.post('/api/calculations/energy-consumption', { process_code: 'washing', mass_kg: 1000 })
    ).json();
    expect(washing).toMatchObject({ kwh: null, basis: 'none' });
    expect(washing.source).toMatch(/No authoritative figure for washing/);
    const rated = (
      await anon.post('/api/calculations/energy-consumption', {
        process_code: 'washing',
        mass_kg: 1000,
        rated_kw: 75,
        hours: 8,
        load_factor: 0.8,
      })
    ).json();
    expect(rated).toMatchObject({ kwh: '480.00', basis: 'rated_power', kwh_per_tonne: '480.0' });
    const bad = await anon.post('/api/calculations/energy-consumption', { process_code: 'nope', mass_kg: 1 });
    expect(bad.statusCode).toBe(404);
  });
});

describe('production photos', () => {
  it('adds photos to a draft run, serves them to its readers, and refuses them once posted', async () => {
    const a = await lotOf('50');
    const d = (
      await operator.post('/api/production-records', run([{ lot_id: a.id, kg: '50' }], ['50']))
    ).json();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const form = () => {
      const f = new FormData();
      f.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'line.png');
      return f;
    };
    const added = await operator.post(`/api/production-records/${d.id}/photos`, form());
    expect(added.statusCode, added.body).toBe(201);
    const [photo] = added.json().photos;
    expect(photo).toMatchObject({
      original_name: 'line.png',
      position: 1,
      url: `/api/production-records/${d.id}/photos/${photo.id}`,
    });
    expect(added.json()).toEqual((await operator.get(`/api/production-records/${d.id}`)).json());
    // The same photo again adds nothing.
    expect((await operator.post(`/api/production-records/${d.id}/photos`, form())).statusCode).toBe(200);
    const thumb = await auditor.get(`/api/production-records/${d.id}/photos/${photo.id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await supplier.get(`/api/production-records/${d.id}/photos/${photo.id}`)).statusCode).toBe(403);
    expect((await activity(admin, d.number))[0]).toBe(`Added a photo to production record ${d.number}`);
    await operator.post(`/api/production-records/${d.id}/post`);
    const late = await operator.post(`/api/production-records/${d.id}/photos`, form());
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(
      'Photos can only be added while the record is a draft; this record is posted.',
    );
    expect((await operator.delete(`/api/production-records/${d.id}/photos/${photo.id}`)).statusCode).toBe(
      422,
    );
  });
});

describe('production evidence', () => {
  it('refuses to change a posted run or its lineage, even for the database owner', async () => {
    const [posted] = (await admin.get('/api/production-records?status=posted&limit=1')).json().items;
    const db = ctx.database.db;
    await expect(
      db.execute(sql`UPDATE production_records SET notes = 'x' WHERE id = ${posted.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE production_outputs SET kg = 1 WHERE record_id = ${posted.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM lot_lineage WHERE source_id = ${posted.id}`)).rejects.toThrow();
    const [{ n }] = (
      await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM lot_lineage WHERE source_id = ${posted.id}`,
      )
    ).rows as [{ n: number }];
    expect(n).toBeGreaterThan(0);
  });
});
