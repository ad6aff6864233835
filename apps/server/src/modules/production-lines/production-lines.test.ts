import { beforeAll, describe, expect, it } from 'vitest';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
const facility: Record<string, string> = {};
type Item = { id: string; code: string; name: string; facility: { code: string } };

beforeAll(async () => {
  org = await seededOrganization(ctx, 'pln');
  admin = org.admin;
  for (const f of (await admin.get('/api/facilities')).json().items) facility[f.code] = f.id;
  const lines = [
    ['MNL1-WASH', 'Wash line', 'MNL1', ['shredding', 'washing', 'drying']],
    ['MNL1-EXT', 'Extruder', 'MNL1', ['extrusion']],
    ['CEB1-WASH', 'Cebu wash line', 'CEB1', ['shredding', 'washing']],
    ['MNL2-BALE', 'Baler', 'MNL2', ['sorting', 'baling']],
  ] as const;
  for (const [code, name, fac, process_codes] of lines)
    await admin.post('/api/production-lines', { code, name, facility_id: facility[fac], process_codes });
});

describe('production lines', () => {
  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/production-lines', {
      code: 'mnl1-agg',
      name: 'Film agglomerator',
      facility_id: facility.MNL1,
      process_codes: ['agglomeration', 'extrusion'],
      capacity_kg_per_h: 450.5,
      rated_kw: '110',
    });
    expect(res.statusCode).toBe(201);
    const l = res.json();
    expect(l).toMatchObject({
      code: 'MNL1-AGG',
      facility: { id: facility.MNL1, code: 'MNL1', name: 'Valenzuela Recycling Plant' },
      process_codes: ['agglomeration', 'extrusion'],
      capacity_kg_per_h: '450.5',
      rated_kw: '110.0',
    });
    const moved = await admin.patch(`/api/production-lines/${l.id}`, {
      facility_id: facility.CEB1,
      version: 1,
    });
    expect(moved.json()).toMatchObject({ facility: { code: 'CEB1' }, version: 2 });
    expect(
      (await admin.patch(`/api/production-lines/${l.id}`, { name: 'x', version: 1 })).json().message,
    ).toBe('Someone else changed this production line. Reload and try again.');
    await admin.post(`/api/production-lines/${l.id}/archive`);
    expect((await admin.get('/api/production-lines?q=MNL1-AGG')).json().items).toEqual([]);
    await admin.post(`/api/production-lines/${l.id}/restore`);
    expect(await activity(admin, 'MNL1-AGG')).toEqual([
      'Restored production line MNL1-AGG (Film agglomerator)',
      'Archived production line MNL1-AGG (Film agglomerator)',
      'Updated production line MNL1-AGG (Film agglomerator): facility',
      'Created production line MNL1-AGG (Film agglomerator)',
    ]);
    expect(await auditActions(ctx, l.id)).toContain('production_line.created');
  });

  it('checks the facility, the process steps and the figures', async () => {
    const dup = await admin.post('/api/production-lines', {
      code: 'MNL1-EXT',
      name: 'x',
      facility_id: facility.MNL1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A production line with code MNL1-EXT already exists');
    const bad = await admin.post('/api/production-lines', {
      code: 'L9',
      name: 'x',
      facility_id: 'nope',
      capacity_kg_per_h: -5,
      rated_kw: 1.25,
    });
    expect(bad.json().details.fields).toEqual({
      'body.facility_id': 'Choose a facility',
      'body.capacity_kg_per_h': 'Capacity must be at least 0',
      'body.rated_kw': 'Rated power can have at most 1 decimal',
    });
    const unknown = await admin.post('/api/production-lines', {
      code: 'L9',
      name: 'x',
      facility_id: facility.MNL1,
      process_codes: ['washing', 'teleport', 'magic'],
    });
    expect(unknown.json().details.fields).toEqual({
      'body.process_codes': 'Unknown process types: teleport, magic',
    });

    const otherOrg = (await newOrganization(ctx.app)).admin;
    const theirs = (
      await otherOrg.post('/api/facilities', { code: 'X1', name: 'Theirs', type: 'mrf', city: 'Pasig' })
    ).json();
    const foreign = await admin.post('/api/production-lines', {
      code: 'L9',
      name: 'x',
      facility_id: theirs.id,
    });
    expect(foreign.json().details.fields).toEqual({ 'body.facility_id': 'Facility not found or archived' });

    await admin.post(`/api/facilities/${facility.CEB2}/archive`);
    const archived = await admin.post('/api/production-lines', {
      code: 'L9',
      name: 'x',
      facility_id: facility.CEB2,
    });
    expect(archived.json().details.fields).toEqual({ 'body.facility_id': 'Facility not found or archived' });
    await admin.post(`/api/facilities/${facility.CEB2}/restore`);
  });

  it('filters by facility and process step, and pages in every order', async () => {
    const mnl1 = (await admin.get(`/api/production-lines?facility_id=${facility.MNL1}&sort=code`)).json()
      .items;
    expect(mnl1.map((l: Item) => l.code)).toEqual(['MNL1-EXT', 'MNL1-WASH']);
    const washing = (await admin.get('/api/production-lines?process_code=washing&sort=code')).json().items;
    expect(washing.map((l: Item) => l.code)).toEqual(['CEB1-WASH', 'MNL1-WASH']);
    expect(
      (await admin.get('/api/production-lines?q=valenzuela')).json().items.length,
    ).toBeGreaterThanOrEqual(2);
    const total = (await admin.get('/api/production-lines')).json().items.length;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/production-lines?limit=2&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(total / 2));
      expect(pages.flat()).toHaveLength(total);
    }
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get(`/api/production-lines/export.csv?facility_id=${facility.MNL1}&sort=code`);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,facility_code,facility_name,process_codes,capacity_kg_per_h,rated_kw,cost_per_kg_php,archived_at,created_at',
    );
    expect(lines[2]).toContain(
      'MNL1-WASH,Wash line,MNL1,Valenzuela Recycling Plant,shredding > washing > drying',
    );
    expect(await activity(admin, 'Exported')).toContain('Exported 2 production lines');
  });

  it('hides another organization’s lines, lets operators read and keeps suppliers out', async () => {
    const mine = (await admin.get('/api/production-lines?q=MNL1-EXT')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get(`/api/production-lines/${mine.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/production-lines/${mine.id}/archive`)).statusCode).toBe(404);
    expect((await org.operator.get(`/api/production-lines/${mine.id}`)).statusCode).toBe(200);
    const denied = await org.operator.patch(`/api/production-lines/${mine.id}`, { name: 'x', version: 1 });
    expect(denied.statusCode).toBe(403);
    expect((await org.supplier.get('/api/production-lines')).statusCode).toBe(403);
  });
});
