import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';

// POST /api/calculations/epr-credits: credits from a material type and kg, from posted records and from
// lots; landfill earns none, co-processing is labelled; targets by year; and the refusals.

const ctx = useTestApp();
const URL = '/api/calculations/epr-credits';
let admin: TestClient;
let operator: TestClient;
let supplierMember: TestClient;
let other: TestClient;
const ids = { facility: '', pet: '', ldpe: '', flake: '', supplier: '' };
type Basis = { figure: string; value: string; rule: string; source: string };
const figure = (basis: Basis[], name: string) => basis.find((b) => b.figure === name);

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'epr');
  ({ admin, operator } = o);
  supplierMember = o.supplier;
  other = (await seededOrganization(ctx, 'epr-other')).admin;
  const db = ctx.database.db;
  const org = o.organizationId;
  ids.facility =
    (await db.select().from(facilities).where(eq(facilities.organizationId, org))).find(
      (f) => f.code === 'MNL1',
    )?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  const material = (code: string) => mats.find((m) => m.code === code)?.id ?? '';
  ids.pet = material('PET_BOTTLES_CLEAR');
  ids.ldpe = material('LDPE_FILM');
  ids.flake = material('PET_FLAKE');
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
});

const receipt = (post: boolean) =>
  operator.post(`/api/receive-records${post ? '?post=true' : ''}`, {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [
      { material_id: ids.pet, gross_kg: '1500', tare_kg: '20', unit_price: '20.00' },
      { material_id: ids.ldpe, gross_kg: '300', tare_kg: '0', unit_price: '5.00' },
    ],
  });

describe('EPR credits of a material type and kg', () => {
  it('credits whole tonnes and carries the rest, with the year’s target and the CO2e avoided', async () => {
    const res = await admin.post(URL, {
      material_type: 'PET_BOTTLES_CLEAR',
      kg: '2750.5',
      end_fate: 'recycling',
      year: 2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      source: 'material_type',
      country: 'PH',
      kg: '2750.500',
      eligible: true,
      eligible_kg: '2750.500',
      credits: 2,
      remaining_kg: '750.500',
      target: { recovery_target_pct: '60.00', year: 2026 },
      // 2.7505 t × −1,146 kg CO2e/t = −3,152.073
      co2e: { kg_co2e: '-3152.1', effect: 'avoided' },
    });
    expect(r.target.source).toContain('DENR');
    expect(r.by_material_type).toEqual([
      expect.objectContaining({
        material_type: 'PET_BOTTLES_CLEAR',
        kg_co2e_per_t: '-1146.0',
        kg_co2e: '-3152.1',
        factor_verified: false,
      }),
    ]);
    expect(figure(r.basis, 'Credits')?.source).toContain('1 credit = 1 t');
    expect(figure(r.basis, 'Eligible kg')?.source).toContain('11898');
    expect(figure(r.basis, 'CO2e, PET clear bottles')?.source).toContain('WARM v16 (transcribed exhibits)');
    expect(figure(r.basis, 'CO2e, PET clear bottles')?.source).toContain('unverified');
  });

  it('gives landfill nothing and says why', async () => {
    const res = await operator.post(URL, {
      material_type: 'PET_BOTTLES_CLEAR',
      kg: 5000,
      end_fate: 'landfill',
      year: 2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ eligible: false, eligible_kg: '0.000', credits: 0, remaining_kg: '0.000' });
    expect(r.eligibility).toContain('Landfill is not recovery under RA 11898');
    expect(r.co2e.kg_co2e).toBeNull();
  });

  it('counts co-processing as recovery, labelled as such', async () => {
    const res = await admin.post(URL, {
      material_type: 'MIXED_RESIDUAL',
      kg: '1200',
      end_fate: 'co_processing',
      year: 2027,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({
      end_fate_label: 'Co-processing (cement kilns)',
      eligible: true,
      credits: 1,
      remaining_kg: '200.000',
      target: { recovery_target_pct: '70.00' },
      co2e: { kg_co2e: null, effect: null },
    });
    expect(r.eligibility).toMatch(/labelled.*not recycled/);
    expect(r.co2e.statement).toContain('No emission factor for co-processing');
  });

  it('says when a year or a country has no target, and applies the last year onward', async () => {
    const body = { material_type: 'HDPE_NATURAL', kg: '1000', end_fate: 'recycling' };
    const before = (await admin.post(URL, { ...body, year: 2022 })).json();
    expect(before.target).toMatchObject({ recovery_target_pct: null, year: null });
    expect(before.target.statement).toContain('no recovery target for 2022');
    expect(before.target.statement).toContain('2022 is the baseline year');
    expect(before.credits).toBe(1);
    const onward = (await admin.post(URL, { ...body, year: 2031 })).json();
    expect(onward.target).toMatchObject({ recovery_target_pct: '80.00', year: 2028 });
    expect(onward.target.statement).toContain('applies onward');
    const abroad = (await admin.post(URL, { ...body, year: 2026, country: 'sg' })).json();
    expect(abroad.country).toBe('SG');
    expect(abroad.target.statement).toBe(
      'No EPR regime for SG in the reference data: there is no recovery target to compare with.',
    );
  });

  it('refuses a request without one clear source, or an unknown type, with field messages', async () => {
    const none = await admin.post(URL, { end_fate: 'recycling', year: 2026 });
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fields['body.kg']).toContain('Give one source');
    const half = await admin.post(URL, { kg: '10', end_fate: 'recycling', year: 2026 });
    expect(half.json().details.fields['body.material_type']).toBe('Choose the material type of the kg');
    const two = await admin.post(URL, {
      material_type: 'PET_BALE',
      kg: '10',
      lot_ids: [ids.facility],
      end_fate: 'recycling',
      year: 2026,
    });
    expect(two.statusCode).toBe(400);
    const unknown = await admin.post(URL, {
      material_type: 'NYLON',
      kg: '10',
      end_fate: 'recycling',
      year: 2026,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields['body.material_type']).toBe('Unknown material type NYLON');
  });

  it('is for staff: a supplier member is refused and a stranger must sign in', async () => {
    const body = { material_type: 'PET_BALE', kg: '10', end_fate: 'recycling', year: 2026 };
    expect((await supplierMember.post(URL, body)).statusCode).toBe(403);
    expect((await (await client(ctx.app)).post(URL, body)).statusCode).toBe(401);
  });
});

describe('EPR credits of records and lots', () => {
  const built = { receipt: { id: '', number: '' }, run: { id: '', number: '' }, petLot: '', flakeLot: '' };
  beforeAll(async () => {
    const res = await receipt(true);
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    built.receipt = record;
    built.petLot = record.lines[0].lot.id;
    const run = await operator.post('/api/production-records?post=true', {
      facility_id: ids.facility,
      process_code: 'washing',
      started_at: '2026-11-21T06:00:00+08:00',
      ended_at: '2026-11-21T14:00:00+08:00',
      inputs: [{ lot_id: built.petLot, kg: '1000' }],
      outputs: [{ material_id: ids.flake, kg: '900' }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: '100' }],
    });
    expect(run.statusCode, run.body).toBe(201);
    built.run = run.json();
    built.flakeLot = run.json().outputs[0].lot.id;
  });

  it('sums receipts’ net kg and runs’ output kg by material type', async () => {
    const res = await operator.post(URL, {
      record_ids: [built.receipt.id, built.run.id],
      end_fate: 'recycling',
      year: 2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    // 1,480 kg PET (1,500 − 20 tare) + 300 kg LDPE film + 900 kg PET flake.
    expect(r).toMatchObject({ source: 'records', kg: '2680.000', credits: 2, remaining_kg: '680.000' });
    expect(r.items).toEqual(
      expect.arrayContaining([
        { type: 'receive_record', id: built.receipt.id, number: built.receipt.number, kg: '1780.000' },
        { type: 'production_record', id: built.run.id, number: built.run.number, kg: '900.000' },
      ]),
    );
    const byType = Object.fromEntries(
      r.by_material_type.map((t: { material_type: string; kg: string; kg_co2e: string | null }) => [
        t.material_type,
        [t.kg, t.kg_co2e],
      ]),
    );
    expect(byType).toEqual({
      PET_BOTTLES_CLEAR: ['1480.000', '-1696.1'],
      LDPE_FILM: ['300.000', null],
      PET_FLAKE: ['900.000', '-1031.4'],
    });
    expect(r.co2e).toMatchObject({ kg_co2e: '-2727.5', effect: 'avoided' });
    expect(r.co2e.statement).toContain('no recycling factor for LDPE film');
    expect(figure(r.basis, 'kg considered')?.source).toContain(built.receipt.number);
  });

  it('counts lots at the kg they were made with, not what is left', async () => {
    const res = await operator.post(URL, {
      lot_ids: [built.petLot, built.flakeLot],
      end_fate: 'recycling',
      year: 2026,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: 'lots', kg: '2380.000', credits: 2, remaining_kg: '380.000' });
  });

  it('answers 404 naming another organization’s or an unknown record', async () => {
    const stranger = await other.post(URL, {
      record_ids: [built.receipt.id],
      end_fate: 'recycling',
      year: 2026,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(`Record not found: ${built.receipt.id}`);
    const missing = '01900000-0000-7000-8000-000000000000';
    const mixed = await admin.post(URL, {
      lot_ids: [built.petLot, missing],
      end_fate: 'recycling',
      year: 2026,
    });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json()).toMatchObject({ message: `Lot not found: ${missing}`, details: { ids: [missing] } });
  });

  it('refuses a draft with 422 naming it', async () => {
    const draft = await receipt(false);
    expect(draft.statusCode, draft.body).toBe(201);
    const { id, number } = draft.json();
    const res = await admin.post(URL, { record_ids: [built.run.id, id], end_fate: 'recycling', year: 2026 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      `Only posted records and live lots count towards credits: ${number} (a draft)`,
    );
  });
});
