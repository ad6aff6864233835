import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
type Item = { id: string; code: string; name: string };

beforeAll(async () => {
  org = await seededOrganization(ctx, 'prt');
  admin = org.admin;
  const steps = [
    ['SORT', 'Hand sorting', 'sorting'],
    ['BALE', 'Baling', 'baling'],
    ['SHRED', 'Granulator 1', 'shredding'],
    ['WASH', 'Hot wash', 'washing'],
  ];
  for (const [code, name, reference_code] of steps)
    await admin.post('/api/process-types', { code, name, reference_code });
});

describe('process types', () => {
  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/process-types', {
      code: 'ext-1',
      name: 'Extrusion line 1',
      description: 'Single-screw extruder with melt filter',
      reference_code: 'extrusion',
      kwh_per_tonne: '280.5',
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      code: 'EXT-1',
      reference_code: 'extrusion',
      reference_name: 'Extrusion / pelletising',
      kwh_per_tonne: '280.5',
      reference_kwh_per_tonne: '306.0',
    });
    const changed = await admin.patch(`/api/process-types/${p.id}`, { kwh_per_tonne: null, version: 1 });
    expect(changed.json()).toMatchObject({ kwh_per_tonne: null, version: 2 });
    expect((await admin.patch(`/api/process-types/${p.id}`, { name: 'x', version: 1 })).statusCode).toBe(409);
    await admin.post(`/api/process-types/${p.id}/archive`);
    expect((await admin.get('/api/process-types?q=EXT-1')).json().items).toEqual([]);
    await admin.post(`/api/process-types/${p.id}/restore`);
    expect(await activity(admin, 'EXT-1')).toEqual([
      'Restored process type EXT-1 (Extrusion line 1)',
      'Archived process type EXT-1 (Extrusion line 1)',
      'Updated process type EXT-1 (Extrusion line 1): kwh_per_tonne',
      'Created process type EXT-1 (Extrusion line 1)',
    ]);
    expect(await auditActions(ctx, p.id)).toContain('process_type.created');
  });

  it('refuses a duplicate code, unknown reference types and negative energy', async () => {
    const dup = await admin.post('/api/process-types', {
      code: 'sort',
      name: 'x',
      reference_code: 'sorting',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A process type with code SORT already exists');
    const bad = await admin.post('/api/process-types', {
      code: 'P9',
      name: 'x',
      reference_code: 'sorting',
      kwh_per_tonne: -1,
    });
    expect(bad.json().details.fields).toEqual({ 'body.kwh_per_tonne': 'Energy must be at least 0' });
    const unknown = await admin.post('/api/process-types', {
      code: 'P9',
      name: 'x',
      reference_code: 'magic',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields).toEqual({
      'body.reference_code': 'Unknown reference process type: magic',
    });
  });

  it('filters by reference type and pages in every order', async () => {
    const washing = (await admin.get('/api/process-types?reference_code=washing')).json().items;
    expect(washing.map((p: Item) => p.code)).toEqual(['WASH']);
    // However many process types other tests have added: every one once, in pages of two.
    const codes = (await admin.get('/api/process-types?limit=100')).json().items.map((p: Item) => p.code);
    expect(codes.length).toBeGreaterThanOrEqual(4);
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/process-types?limit=2&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(codes.length / 2));
      expect(new Set(pages.flat().map((p) => p.code))).toEqual(new Set(codes));
      expect(pages.flat()).toHaveLength(codes.length);
    }
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get('/api/process-types/export.csv?sort=code');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,description,reference_code,kwh_per_tonne,reference_kwh_per_tonne,archived_at,created_at',
    );
    // Every process type the list shows (other tests add some), in the same order.
    const listed = (await admin.get('/api/process-types?limit=100&sort=code'))
      .json()
      .items.map((p: { code: string }) => p.code);
    expect(listed).toEqual(expect.arrayContaining(['BALE', 'SHRED', 'SORT', 'WASH']));
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(listed);
    expect(await activity(admin, 'Exported')).toContain(`Exported ${listed.length} process types`);
  });

  it('hides another organization’s process types and keeps roles apart', async () => {
    const mine = (await admin.get('/api/process-types?q=WASH')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/process-types/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/process-types/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(
      404,
    );
    expect((await other.get('/api/process-types')).json().items).toEqual([]);
    expect((await org.supplier.get(`/api/process-types/${mine.id}`)).statusCode).toBe(403);
    for (const reader of [org.operator, org.auditor]) {
      expect((await reader.get(`/api/process-types/${mine.id}`)).statusCode).toBe(200);
      expect(
        (await reader.patch(`/api/process-types/${mine.id}`, { name: 'x', version: 1 })).statusCode,
      ).toBe(403);
    }
  });
});
