import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

// Components and bills of materials: master data for the RA 11898 plastic footprint of a product.

const ctx = useTestApp();
let admin: TestClient;
let operator: TestClient;
let supplier: TestClient;
const ids = { bottle: '', cap: '', label: '', pet: '' };

const component = (code: string, extra: Record<string, unknown>) => ({
  code,
  name: code,
  polymer: 'PET',
  packaging_category: 'rigid',
  mass_g: '1',
  ...extra,
});

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'boms');
  ({ admin, operator, supplier } = o);
  const materials = (await admin.get('/api/materials?limit=200')).json().items;
  ids.pet = materials.find((m: { code: string }) => m.code === 'PET_PELLET').id;
  const make = async (body: Record<string, unknown>) => {
    const res = await admin.post('/api/components', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  ids.bottle = await make(
    component('BTL-500', {
      name: '500 ml bottle',
      mass_g: '24.5',
      recycled_content_pct: '30',
      material_id: ids.pet,
    }),
  );
  ids.cap = await make(
    component('CAP-28', { name: '28 mm cap', polymer: 'PP', mass_g: '2.1', colour: 'blue' }),
  );
  ids.label = await make(
    component('LBL-500', {
      name: 'Wrap label',
      polymer: 'PP',
      packaging_category: 'flexible_laminate',
      mass_g: '0.65',
    }),
  );
});

const water = (extra: Record<string, unknown> = {}) => ({
  code: 'sku-h2o-500',
  name: 'Malinis Water 500 ml',
  gtin: '4800888000361',
  unit: 'bottle',
  packaging_format: 'PET bottle with cap and wrap label',
  first_version: {
    effective_from: '2026-01-01',
    lines: [
      { component_id: ids.bottle, quantity: '1' },
      { component_id: ids.cap, quantity: '1' },
      { component_id: ids.label, quantity: '1' },
    ],
  },
  ...extra,
});

describe('components', () => {
  it('keeps the parts of packaging with polymer, mass, recycled content and RA 11898 category', async () => {
    const bottle = (await operator.get(`/api/components/${ids.bottle}`)).json();
    expect(bottle).toMatchObject({
      code: 'BTL-500',
      polymer: 'PET',
      packaging_category: 'rigid',
      mass_g: '24.500',
      recycled_content_pct: '30.00',
      material: { id: ids.pet, code: 'PET_PELLET' },
      supplier: null,
    });
    const pp = (await operator.get('/api/components?polymer=PP')).json().items;
    expect(pp.map((c: { code: string }) => c.code)).toEqual(['CAP-28', 'LBL-500']);
    const bad = await admin.post(
      '/api/components',
      component('X', { mass_g: '0', recycled_content_pct: '120' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toMatchObject({
      'body.mass_g': 'Mass must be greater than 0',
      'body.recycled_content_pct': 'Recycled content must be at most 100',
    });
    expect((await operator.post('/api/components', component('Y', {}))).statusCode).toBe(403);
    expect((await supplier.get('/api/components')).statusCode).toBe(403);
  });
});

describe('bills of materials', () => {
  it('creates a product with its first version and computes its plastic per unit and footprint', async () => {
    const res = await admin.post('/api/boms', water());
    expect(res.statusCode, res.body).toBe(201);
    const bom = res.json();
    expect(bom).toMatchObject({
      code: 'SKU-H2O-500',
      gtin: '04800888000361',
      current_version: 1,
      versions: [{ version_no: 1, effective_from: '2026-01-01' }],
    });
    expect(bom.versions[0].figures).toEqual({
      grams_per_unit: '27.250',
      by_polymer: [
        { polymer: 'PET', grams_per_unit: '24.500' },
        { polymer: 'PP', grams_per_unit: '2.750' },
      ],
      by_category: [
        { category: 'rigid', grams_per_unit: '26.600' },
        { category: 'flexible_laminate', grams_per_unit: '0.650' },
      ],
      recycled_content_pct: '26.97',
      units: '1',
      footprint_kg: '0.027',
    });
    expect(bom).toEqual((await operator.get(`/api/boms/${bom.id}`)).json());
    const fp = await operator.get(`/api/boms/${bom.id}/footprint?units=1000000`);
    expect(fp.json()).toMatchObject({ version_no: 1, footprint_kg: '27250.000' });
    expect(await auditActions(ctx, bom.id)).toEqual(['bom.created']);
  });

  it('changes a BOM only by a new version from a day on; versions never change', async () => {
    const bom = (await admin.get('/api/boms?q=H2O')).json().items[0];
    // A lighter bottle from 2026-03-01, and a future version not yet in effect.
    const lighter = await admin.post(`/api/boms/${bom.id}/versions`, {
      effective_from: '2026-03-01',
      notes: 'Lightweighted bottle',
      lines: [
        { component_id: ids.cap, quantity: '1' },
        { component_id: ids.label, quantity: '1' },
      ],
    });
    expect(lighter.statusCode, lighter.body).toBe(201);
    const future = await admin.post(`/api/boms/${bom.id}/versions`, {
      effective_from: '2099-01-01',
      lines: [{ component_id: ids.bottle, quantity: '2' }],
    });
    const b = future.json();
    expect(b.versions.map((v: { version_no: number }) => v.version_no)).toEqual([3, 2, 1]);
    expect(b.current_version).toBe(2);
    expect((await operator.get(`/api/boms/${bom.id}/footprint?version=3&units=10`)).json().footprint_kg).toBe(
      '0.490',
    );
    expect((await activity(admin, 'SKU-H2O-500'))[0]).toBe(
      'Added version 3 of the BOM of SKU-H2O-500 (Malinis Water 500 ml), in effect from 2099-01-01',
    );
    const twice = await admin.post(`/api/boms/${bom.id}/versions`, {
      effective_from: '2026-05-01',
      lines: [
        { component_id: ids.cap, quantity: '1' },
        { component_id: ids.cap, quantity: '2' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.fields['body.lines.1.component_id']).toMatch(/listed twice/);
    const edit = await ctx.database.db
      .execute(sql`UPDATE bom_lines SET quantity = 5 WHERE component_id = ${ids.cap}`)
      .then(
        () => 'changed',
        (e: { cause?: { message?: string } }) => e.cause?.message,
      );
    // The app's role has no UPDATE on it at all; the table's owner would meet the trigger.
    expect(edit).toMatch(/permission denied for table bom_lines|bom_lines is append-only/);
  });

  it('refuses a wrong GTIN, a taken SKU, a stranger’s component and roles without master data rights', async () => {
    const wrong = await admin.post('/api/boms', water({ code: 'SKU-2', gtin: '4800888000362' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.fields['body.gtin']).toBe('The check digit is wrong: it should be 1');
    const taken = await admin.post('/api/boms', water({ gtin: null }));
    expect(taken.statusCode).toBe(409);
    const stranger = await seededOrganization(ctx, 'boms-other');
    const theirs = await stranger.admin.post('/api/boms', water({ gtin: null }));
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().details.fields['body.first_version.lines.0.component_id']).toBe(
      'Component not found or archived',
    );
    const mine = (await admin.get('/api/boms?q=H2O')).json().items[0];
    expect((await stranger.admin.get(`/api/boms/${mine.id}`)).statusCode).toBe(404);
    expect((await operator.post('/api/boms', water({ code: 'SKU-3', gtin: null }))).statusCode).toBe(403);
    expect((await supplier.get('/api/boms')).statusCode).toBe(403);
    const csv = await admin.get('/api/boms/export.csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'sku,name,gtin,unit,packaging_format,current_version,effective_from,plastic_g_per_unit,recycled_content_pct,archived_at',
    );
    expect(csv.body).toContain('SKU-H2O-500,Malinis Water 500 ml,04800888000361,bottle');
  });
});
