import { FACILITY_TYPES } from '@plastrace/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilityType } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;

beforeAll(async () => {
  org = await seededOrganization(ctx, 'fac');
  admin = org.admin;
});

const facility = (extra: Record<string, unknown> = {}) => ({
  code: 'qc1',
  name: 'Quezon City Sorting Hall',
  type: 'mrf',
  city: 'Quezon City',
  province: 'Metro Manila',
  region: 'NCR',
  latitude: 14.65,
  longitude: '121.0437',
  permits: [{ kind: 'DENR ECC', number: 'ECC-NCR-2026-0001', valid_until: '2027-12-31' }],
  ...extra,
});

describe('facilities', () => {
  it('uses the database’s facility types', () => {
    expect([...FACILITY_TYPES]).toEqual(facilityType.enumValues);
  });

  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/facilities', facility());
    expect(res.statusCode).toBe(201);
    const f = res.json();
    expect(f).toMatchObject({
      code: 'QC1',
      type: 'mrf',
      country: 'PH',
      latitude: '14.650000',
      longitude: '121.043700',
      archived_at: null,
      version: 1,
    });
    expect(f.permits[0]).toMatchObject({ kind: 'DENR ECC', number: 'ECC-NCR-2026-0001' });
    expect((await admin.get(`/api/facilities/${f.id}`)).json().name).toBe('Quezon City Sorting Hall');

    const changed = await admin.patch(`/api/facilities/${f.id}`, { name: 'QC Sorting Hall', version: 1 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'QC Sorting Hall', city: 'Quezon City', version: 2 });
    const stale = await admin.patch(`/api/facilities/${f.id}`, { name: 'Too late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this facility. Reload and try again.');

    const archived = (await admin.post(`/api/facilities/${f.id}/archive`)).json();
    expect(archived.archived_at).not.toBeNull();
    const listed = async (extra = '') =>
      (await admin.get(`/api/facilities?q=QC1${extra}`)).json().items.map((i: { id: string }) => i.id);
    expect(await listed()).toEqual([]);
    expect(await listed('&include_archived=true')).toEqual([f.id]);
    expect((await admin.post(`/api/facilities/${f.id}/restore`)).json().archived_at).toBeNull();
    expect(await listed()).toEqual([f.id]);

    expect(await activity(admin, 'QC1')).toEqual([
      'Restored facility QC1 (QC Sorting Hall)',
      'Archived facility QC1 (QC Sorting Hall)',
      'Updated facility QC1 (QC Sorting Hall): name',
      'Created facility QC1 (Quezon City Sorting Hall)',
    ]);
    expect(await auditActions(ctx, f.id)).toEqual([
      'facility.created',
      'facility.updated',
      'facility.updated',
      'facility.updated',
    ]);
  });

  it('refuses a duplicate code with 409', async () => {
    const res = await admin.post('/api/facilities', facility({ code: 'mnl1' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A facility with code MNL1 already exists');
    const other = (await admin.post('/api/facilities', facility({ code: 'DUP2' }))).json();
    const rename = await admin.patch(`/api/facilities/${other.id}`, { code: 'MNL2', version: 1 });
    expect(rename.statusCode).toBe(409);
  });

  it('explains invalid fields one by one', async () => {
    const res = await admin.post(
      '/api/facilities',
      facility({ code: 'BAD 1', name: ' ', type: 'dump', city: '', latitude: 91, longitude: -181 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual({
      'body.code': 'Use letters, digits and - _ . only',
      'body.name': 'Name is required',
      'body.type': 'Choose a facility type',
      'body.city': 'City is required',
      'body.latitude': 'Latitude must be at most 90',
      'body.longitude': 'Longitude must be at least -180',
    });
    const half = await admin.post('/api/facilities', facility({ code: 'HALF', longitude: null }));
    expect(half.statusCode).toBe(400);
    expect(half.json().details.fields).toEqual({
      'body.longitude': 'Enter both latitude and longitude, or neither',
    });
  });

  it('searches, filters, sorts and pages without repeats', async () => {
    const byType = (await admin.get('/api/facilities?type=recycling_plant')).json().items;
    expect(byType.map((f: { code: string }) => f.code).sort()).toEqual(['CEB1', 'MNL1']);
    const cebu = (await admin.get('/api/facilities?province=cebu&sort=code')).json().items;
    expect(cebu.map((f: { code: string }) => f.code)).toEqual(['CEB1', 'CEB2']);
    const city = (await admin.get('/api/facilities?city=MANDAUE')).json().items;
    expect(city.map((f: { code: string }) => f.code)).toEqual(['CEB1']);
    expect((await admin.get('/api/facilities?q=payatas')).json().items[0].code).toBe('MNL2');

    const everything = (await admin.get('/api/facilities?limit=200')).json().items;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<{ id: string; code: string }>(
        admin,
        `/api/facilities?limit=2&sort=${sort}`,
      );
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(pages.flat()).toHaveLength(everything.length);
      if (sort.endsWith('code')) {
        const codes = pages.flat().map((f) => f.code);
        const ascending = [...codes].sort();
        expect(codes).toEqual(sort === 'code' ? ascending : ascending.reverse());
      }
    }
    const first = (await admin.get('/api/facilities?limit=2&sort=name')).json();
    const wrong = await admin.get(`/api/facilities?limit=2&sort=-name&cursor=${first.next_cursor}`);
    expect(wrong.statusCode).toBe(400);
    expect((await admin.get('/api/facilities?sort=rating')).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV and logs the export', async () => {
    const res = await org.auditor.get('/api/facilities/export.csv?province=Cebu&sort=code');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,type,address_line,barangay,city,province,region,country,latitude,longitude,permits,archived_at,created_at',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['CEB1', 'CEB2']);
    const log = (await admin.get('/api/dashboard/user-transactions?type=EXPORT_DATA')).json().items[0];
    expect(log).toMatchObject({ description: 'Exported 2 facilities' });
    expect(log.metadata).toMatchObject({ dataType: 'facilities', recordCount: 2 });
    expect((await org.operator.get('/api/facilities/export.csv')).statusCode).toBe(403);
  });

  it('hides another organization’s facilities', async () => {
    const mine = (await admin.get('/api/facilities?q=MNL1')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/facilities')).json().items).toEqual([]);
    expect((await other.get(`/api/facilities/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/facilities/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await other.post(`/api/facilities/${mine.id}/archive`)).statusCode).toBe(404);
    expect((await other.post(`/api/facilities/${mine.id}/restore`)).statusCode).toBe(404);
  });

  it('lets operators and auditors read, only admins and managers write, and suppliers nothing', async () => {
    const mine = (await admin.get('/api/facilities?q=MNL3')).json().items[0];
    // Permit numbers and the organization's sites are not a supplier's business.
    expect((await org.supplier.get('/api/facilities')).statusCode).toBe(403);
    expect((await org.supplier.get(`/api/facilities/${mine.id}`)).statusCode).toBe(403);
    for (const reader of [org.operator, org.auditor]) {
      expect((await reader.get('/api/facilities')).json().items.length).toBeGreaterThan(0);
      expect((await reader.get(`/api/facilities/${mine.id}`)).statusCode).toBe(200);
      const denied = await reader.post('/api/facilities', facility({ code: 'NOPE' }));
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('forbidden');
      expect((await reader.patch(`/api/facilities/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(
        403,
      );
      expect((await reader.post(`/api/facilities/${mine.id}/archive`)).statusCode).toBe(403);
    }
    const byManager = await org.manager.post('/api/facilities', facility({ code: 'MGR1' }));
    expect(byManager.statusCode).toBe(201);
  });
});
