import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { type Recovery, recoveryFixture } from '../../test/recovery.ts';

// RA 11898 compliance: the profile's versions, footprint entries (the latest in force), the footprint
// computed from a manufacturing run's BOM, and the year's statement from credits retired for it — the
// credits inserted directly, as the credits module would leave them.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let org = '';
let other = '';
let user = '';
let fx: Recovery;
const names = new Map<string, string>();

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'compliance');
  ({ admin, manager, operator, auditor } = o);
  org = o.organizationId;
  user = (await admin.get('/api/dashboard/users/me')).json().id;
  other = (await seededOrganization(ctx, 'compliance-recycler')).organizationId;
  fx = await recoveryFixture(ctx, o);
  const orgs = await ctx.database.db.execute<{ id: string; name: string }>(
    sql`SELECT id, name FROM organizations WHERE id IN (${org}, ${other})`,
  );
  for (const r of orgs.rows) names.set(r.id, r.name);
});

let batches = 0;
/** A batch of `quantity` credits issued by `issuer`, `retired` of them retired by `org` for `year`. */
async function retired(issuer: string, quantity: number, retiredCount: number, year: number | null) {
  const db = ctx.database.db;
  const [facility] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, issuer), eq(facilities.code, 'MNL1')));
  const batch = uuidv7();
  batches += 1;
  await db.execute(
    sql`INSERT INTO credit_batches (id, organization_id, batch_no, serial_prefix, country, programme, facility_id,
          vintage, fate, material_type, quantity, kg, coc_model, collector_pay_php, collector_pay_per_kg, evidence,
          issued_by)
        VALUES (${batch}, ${issuer}, ${batches}, ${`PH-PTEPR-CMPL-MNL1-2026-${String(batches).padStart(4, '0')}`},
          'PH', 'PTEPR', ${facility?.id}, 2026, 'recycling', 'PET', ${quantity}, ${quantity * 1000},
          'identity_preserved', 0, 0, '[]'::jsonb, ${user})`,
  );
  await db.execute(
    sql`INSERT INTO credit_blocks (id, organization_id, batch_id, first_no, last_no, status, beneficiary,
          compliance_year, purpose, retired_by, retired_at)
        VALUES (${uuidv7()}, ${org}, ${batch}, 1, ${retiredCount}, ${year === null ? 'held' : 'retired'},
          ${year === null ? null : 'Compliance Brands Inc.'}, ${year}, ${year === null ? null : `RA 11898 compliance ${year}`},
          ${year === null ? null : user}, ${year === null ? null : sql`now()`})`,
  );
}

const put = (c: TestClient, body: unknown) => c.request('PUT', '/api/compliance/profile', body);

describe('compliance profile', () => {
  it('starts unset, is created at version 0, and refuses a stale version', async () => {
    const blank = await auditor.get('/api/compliance/profile');
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json()).toMatchObject({
      configured: false,
      obliged: false,
      version: 0,
      obliged_by_assets: null,
    });

    const body = {
      obliged: true,
      enterprise_kind: 'brand_owner',
      total_assets_php: '250000000.00',
      registration_no: 'NSWMC-2026-0042',
      recovery_cost_php_per_kg: '12.50',
      version: 0,
    };
    const created = await put(manager, body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      configured: true,
      obliged: true,
      total_assets_php: '250000000.00',
      recovery_cost_php_per_kg: '12.50',
      obliged_by_assets: true,
      version: 1,
    });
    expect(created.json().hint).toMatch(/above PHP 100,000,000: obliged, as declared.*Source: RA 11898/);
    expect((await put(admin, body)).statusCode).toBe(409);
    const changed = await put(admin, { ...body, total_assets_php: '80000000', version: 1 });
    expect(changed.json()).toMatchObject({ version: 2, obliged_by_assets: false });
    expect((await put(manager, { ...body, version: 1 })).statusCode).toBe(409);
    await put(manager, { ...body, version: 2 });
  });

  it('refuses an obliged "voluntary" enterprise under its field, and non-office roles', async () => {
    const res = await put(manager, { obliged: true, enterprise_kind: 'voluntary', version: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields['body.enterprise_kind']).toMatch(
      /brand owner, a manufacturer or an importer/,
    );
    expect(
      (await put(operator, { obliged: false, enterprise_kind: 'voluntary', version: 3 })).statusCode,
    ).toBe(403);
    expect(
      (await put(auditor, { obliged: false, enterprise_kind: 'voluntary', version: 3 })).statusCode,
    ).toBe(403);
  });
});

describe('footprint', () => {
  it('keeps every entry; the latest of each category is in force', async () => {
    const enter = (category: string, kg: string) =>
      manager.post('/api/compliance/footprints', {
        year: 2025,
        category,
        kg,
        note: `${category} from sales`,
      });
    expect((await enter('rigid', '100000')).statusCode).toBe(201);
    expect((await enter('sachet', '50000.5')).statusCode).toBe(201);
    const last = await enter('rigid', '150000');
    expect(last.statusCode, last.body).toBe(201);
    const year = (await auditor.get('/api/compliance/footprints?year=2025')).json();
    expect(year.in_force.map((e: { category: string; kg: string }) => [e.category, e.kg])).toEqual([
      ['sachet', '50000.500'],
      ['rigid', '150000.000'],
    ]);
    expect(year.total_kg).toBe('200000.500');
    expect(year.history.map((e: { kg: string }) => e.kg)).toEqual(['150000.000', '50000.500', '100000.000']);
    expect(year).toEqual(last.json());
    const refused = await operator.post('/api/compliance/footprints', {
      year: 2025,
      category: 'rigid',
      kg: '1',
    });
    expect(refused.statusCode).toBe(403);
    const bad = await manager.post('/api/compliance/footprints', { year: 2019, category: 'tray', kg: '-1' });
    expect(Object.keys(bad.json().details.fields).sort()).toEqual(['body.category', 'body.kg', 'body.year']);
  });

  it('is computed from a posted manufacturing run: units × the BOM’s grams per category, and adopted', async () => {
    const component = async (code: string, polymer: string, category: string, mass: string) => {
      const res = await admin.post('/api/components', {
        code,
        name: code,
        polymer,
        packaging_category: category,
        mass_g: mass,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const lines = [
      { component_id: await component('CMP-BTL', 'PET', 'rigid', '25'), quantity: '1' },
      { component_id: await component('CMP-CAP', 'PP', 'rigid', '2.1'), quantity: '1' },
      { component_id: await component('CMP-LBL', 'PP', 'flexible_laminate', '0.65'), quantity: '1' },
    ];
    const bom = await admin.post('/api/boms', {
      code: 'CMP-WATER-500',
      name: 'Water 500 ml',
      first_version: { effective_from: '2024-01-01', lines },
    });
    expect(bom.statusCode, bom.body).toBe(201);
    const lot = await fx.receive(await fx.supplier('CMP-RESIN'), '110', '2024-03-01T08:00:00+08:00');
    const run = await operator.post('/api/production-records?post=true', {
      facility_id: fx.ids.facility,
      process_code: 'moulding',
      started_at: '2024-03-02T06:00:00+08:00',
      ended_at: '2024-03-02T14:00:00+08:00',
      inputs: [{ lot_id: lot.id, kg: '110' }],
      outputs: [{ material_id: fx.ids.pellet, kg: '108' }],
      losses: [{ kind: 'contamination', fate: 'landfill', kg: '2' }],
      product_id: bom.json().id,
      bom_version_id: bom.json().versions[0].id,
      units: '3900',
    });
    expect(run.statusCode, run.body).toBe(201);

    // 3,900 × (25 + 2.1) g rigid = 105.69 kg; 3,900 × 0.65 g flexible = 2.535 kg.
    const computed = (await auditor.get('/api/compliance/footprints/computed?year=2024')).json();
    expect(computed).toMatchObject({
      year: 2024,
      runs: 1,
      total_kg: '108.225',
      by_category: [
        { category: 'flexible_laminate', kg: '2.535' },
        { category: 'rigid', kg: '105.690' },
      ],
      products: [
        { product: { code: 'CMP-WATER-500' }, bom_version: { version_no: 1 }, runs: 1, units: '3900' },
      ],
    });
    expect(computed.products[0].kg).toBe('108.225');
    expect((await auditor.get('/api/compliance/footprints/computed?year=2023')).json()).toMatchObject({
      runs: 0,
      total_kg: '0.000',
      by_category: [],
    });

    // An entry the runs do not have is set to zero, so the computed footprint is the one in force.
    await manager.post('/api/compliance/footprints', { year: 2024, category: 'bag', kg: '40' });
    const adopted = await manager.post('/api/compliance/footprints/adopt', { year: 2024 });
    expect(adopted.statusCode, adopted.body).toBe(201);
    expect(adopted.json().total_kg).toBe('108.225');
    expect(
      adopted
        .json()
        .in_force.map((e: { category: string; kg: string; source: string }) => [e.category, e.kg, e.source]),
    ).toEqual([
      ['flexible_laminate', '2.535', 'boms'],
      ['rigid', '105.690', 'boms'],
      ['bag', '0.000', 'boms'],
    ]);
    const none = await manager.post('/api/compliance/footprints/adopt', { year: 2023 });
    expect(none.statusCode).toBe(422);
  });
});

describe('the year', () => {
  it('compares the footprint’s target with the credits retired for the year, and the fine exposure', async () => {
    // 200,000 + 50,000 kg in 2026 at 60 %: 150,000 kg required; PHP 12.50/kg from the profile.
    await manager.post('/api/compliance/footprints', { year: 2026, category: 'rigid', kg: '200000' });
    await manager.post('/api/compliance/footprints', { year: 2026, category: 'sachet', kg: '50000' });
    await retired(org, 60, 50, 2026); // its own recovery, issued and retired for 2026
    await retired(other, 10, 10, 2025); // another year
    await retired(org, 5, 5, null); // held, not retired
    const y = (await auditor.get('/api/compliance/years/2026')).json();
    expect(y).toMatchObject({
      year: 2026,
      obliged: true,
      footprint: { total_kg: '250000.000' },
      target: { recovery_target_pct: '60.00', year: 2026 },
      required_kg: '150000.000',
      recovered_kg: '50000.000',
      retired_credits: 50,
      surplus_kg: '0.000',
      shortfall_kg: '100000.000',
      recovery_cost_php_per_kg: '12.50',
      fine: {
        status: 'exposed',
        low_php: '5000000.00',
        high_php: '20000000.00',
        twice_cost_php: '2500000.00',
      },
      ecar: { due_on: '2027-06-30', latest: null },
    });
    expect(y.retirements).toHaveLength(1);
    expect(y.retirements[0]).toMatchObject({
      first_serial: 'PH-PTEPR-CMPL-MNL1-2026-0001-000001',
      last_serial: 'PH-PTEPR-CMPL-MNL1-2026-0001-000050',
      credits: 50,
      kg: '50000.000',
      beneficiary: 'Compliance Brands Inc.',
      issuer: names.get(org),
    });
    expect(y.basis.find((b: { figure: string }) => b.figure === 'Recovery target').source).toMatch(/DENR/);
    expect(y.basis.find((b: { figure: string }) => b.figure === 'Recovered').rule).toMatch(
      /no kilogram counts twice/,
    );
    expect(y.checklist.map((c: { key: string; done: boolean }) => [c.key, c.done])).toEqual([
      ['profile', true],
      ['footprint', true],
      ['retirements', true],
      ['ecar_drafted', false],
      ['ecar_signed', false],
    ]);

    // The brand retires 100 credits bought from a recycler: its shortfall is gone.
    await retired(other, 100, 100, 2026);
    const met = (await manager.get('/api/compliance/years/2026')).json();
    expect(met).toMatchObject({
      recovered_kg: '150000.000',
      shortfall_kg: '0.000',
      fine: { status: 'none' },
    });
    expect(met.retirements.map((r: { issuer: string }) => r.issuer)).toEqual([
      names.get(org),
      names.get(other),
    ]);
  });

  it('shows a year without a footprint or a target as unknown, and refuses a year out of range', async () => {
    const y = (await auditor.get('/api/compliance/years/2022')).json();
    expect(y).toMatchObject({ required_kg: null, shortfall_kg: null, fine: { status: 'unknown' } });
    expect(y.target.recovery_target_pct).toBeNull();
    expect((await auditor.get('/api/compliance/years/1999')).statusCode).toBe(400);
  });
});
