import { FRANCHISE_FEE_KINDS } from '@plastrace/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { franchiseFeeKind } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
/** The demo's suppliers by code (SUP-0001 … SUP-0013). */
const supplier: Record<string, string> = {};
type Item = { id: string; code: string; name: string };

const franchisee = (extra: Record<string, unknown> = {}) => ({
  code: 'fr-tondo',
  name: 'Collection Point Tondo',
  supplier_id: supplier['SUP-0003'],
  owner_name: 'Jose Maria Santos',
  phone: '0917 555 0143',
  city: 'Manila',
  latitude: '14.61987',
  longitude: 120.96821,
  agreement_start: '2026-01-01',
  fee_kind: 'royalty_pct',
  fee_value: '3.5',
  monthly_target_kg: 1500,
  ...extra,
});

const fields = async (res: Promise<{ statusCode: number; json: () => { details: { fields: object } } }>) => {
  const r = await res;
  expect(r.statusCode).toBe(400);
  return r.json().details.fields;
};

beforeAll(async () => {
  org = await seededOrganization(ctx, 'frn');
  admin = org.admin;
  for (const s of (await admin.get('/api/suppliers?limit=100')).json().items) supplier[s.code] = s.id;
  const more = [
    ['FR-CALOOCAN', 'Collection Point Caloocan', 'SUP-0004', 'per_kg', 'Caloocan'],
    ['FR-MALABON', 'Collection Point Malabon', 'SUP-0005', 'fixed_monthly', 'Malabon'],
    ['FR-PASIG', 'Collection Point Pasig', 'SUP-0007', 'per_kg', 'Pasig'],
  ];
  for (const [code, name, sup, fee_kind, city] of more) {
    const res = await admin.post(
      '/api/franchisees',
      franchisee({ code, name, supplier_id: supplier[sup as string], fee_kind, city, fee_value: '0.25' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  }
});

describe('franchisees', () => {
  it('uses the database’s fee kinds', () => {
    expect([...FRANCHISE_FEE_KINDS]).toEqual(franchiseFeeKind.enumValues);
  });

  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/franchisees', franchisee());
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json();
    expect(f).toMatchObject({
      code: 'FR-TONDO',
      supplier: { id: supplier['SUP-0003'], code: 'SUP-0003', name: 'JM Santos Junkshop' },
      latitude: '14.619870',
      longitude: '120.968210',
      agreement_start: '2026-01-01',
      agreement_end: null,
      fee_kind: 'royalty_pct',
      fee_value: '3.50',
      monthly_target_kg: '1500.000',
      version: 1,
    });
    expect((await admin.get(`/api/franchisees/${f.id}`)).json().owner_name).toBe('Jose Maria Santos');
    const changed = await admin.patch(`/api/franchisees/${f.id}`, {
      agreement_end: '2027-12-31',
      monthly_target_kg: '1750.5',
      version: 1,
    });
    expect(changed.json()).toMatchObject({
      agreement_end: '2027-12-31',
      monthly_target_kg: '1750.500',
      version: 2,
    });
    const stale = await admin.patch(`/api/franchisees/${f.id}`, { name: 'x', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this franchisee. Reload and try again.');
    await admin.post(`/api/franchisees/${f.id}/archive`);
    expect((await admin.get('/api/franchisees?q=FR-TONDO')).json().items).toEqual([]);
    expect((await admin.get('/api/franchisees?q=FR-TONDO&include_archived=true')).json().items).toHaveLength(
      1,
    );
    await admin.post(`/api/franchisees/${f.id}/restore`);
    expect(await activity(admin, 'FR-TONDO')).toEqual([
      'Restored franchisee FR-TONDO (Collection Point Tondo)',
      'Archived franchisee FR-TONDO (Collection Point Tondo)',
      'Updated franchisee FR-TONDO (Collection Point Tondo): agreement_end, monthly_target_kg',
      'Created franchisee FR-TONDO (Collection Point Tondo)',
    ]);
    expect(await auditActions(ctx, f.id)).toEqual([
      'franchisee.created',
      'franchisee.updated',
      'franchisee.updated',
      'franchisee.updated',
    ]);
  });

  it('gives each supplier to one franchisee, an active supplier of the organization', async () => {
    const message = 'This supplier is already franchisee FR-CALOOCAN (Collection Point Caloocan)';
    const taken = await admin.post(
      '/api/franchisees',
      franchisee({ code: 'FR-X', supplier_id: supplier['SUP-0004'] }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'conflict', message });
    expect(taken.json().details.fields).toEqual({ 'body.supplier_id': message });

    const pasig = (await admin.get('/api/franchisees?q=FR-PASIG')).json().items[0];
    const moved = await admin.patch(`/api/franchisees/${pasig.id}`, {
      supplier_id: supplier['SUP-0004'],
      version: pasig.version,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(message);

    // An archived franchisee still holds its supplier: restoring it must not find it taken.
    await admin.post(`/api/franchisees/${pasig.id}/archive`);
    const held = await admin.post(
      '/api/franchisees',
      franchisee({ code: 'FR-X', supplier_id: supplier['SUP-0007'] }),
    );
    expect(held.json().message).toBe(
      'This supplier is already franchisee FR-PASIG (Collection Point Pasig), archived: restore it instead',
    );
    await admin.post(`/api/franchisees/${pasig.id}/restore`);

    await admin.post(`/api/suppliers/${supplier['SUP-0008']}/archive`);
    expect(
      await fields(
        admin.post('/api/franchisees', franchisee({ code: 'FR-X', supplier_id: supplier['SUP-0008'] })),
      ),
    ).toEqual({ 'body.supplier_id': 'Supplier not found or archived' });
    await admin.post(`/api/suppliers/${supplier['SUP-0008']}/restore`);

    const theirs = (
      await (
        await newOrganization(ctx.app)
      ).admin.post('/api/suppliers', {
        code: 'THEIRS',
        name: 'Their junkshop',
        type: 'junkshop',
      })
    ).json();
    expect(
      await fields(admin.post('/api/franchisees', franchisee({ code: 'FR-X', supplier_id: theirs.id }))),
    ).toEqual({
      'body.supplier_id': 'Supplier not found or archived',
    });
  });

  it('gives a supplier to one of two franchisees created at the same moment', async () => {
    // Whichever checks second either sees the first or meets the unique constraint: 409 either way.
    const both = await Promise.all(
      ['FR-R1', 'FR-R2'].map((code) =>
        admin.post('/api/franchisees', franchisee({ code, supplier_id: supplier['SUP-0011'] })),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)?.json();
    expect(refused.code).toBe('conflict');
    expect(Object.keys(refused.details.fields)).toEqual(['body.supplier_id']);
  });

  it('checks the coordinates, the agreement, the fee and the target', async () => {
    const bad = (extra: Record<string, unknown>) =>
      fields(
        admin.post(
          '/api/franchisees',
          franchisee({ code: 'FR-BAD', supplier_id: supplier['SUP-0009'], ...extra }),
        ),
      );
    expect(await bad({ latitude: 91, longitude: -181, monthly_target_kg: -1, fee_value: '1.234' })).toEqual({
      'body.latitude': 'Latitude must be at most 90',
      'body.longitude': 'Longitude must be at least -180',
      'body.monthly_target_kg': 'Monthly target must be at least 0',
      'body.fee_value': 'Fee can have at most 2 decimals',
    });
    expect(await bad({ longitude: null })).toEqual({
      'body.longitude': 'Enter both latitude and longitude, or neither',
    });
    expect(
      await bad({ agreement_start: '2026-06-01', agreement_end: '2026-05-31', fee_value: '100.01' }),
    ).toEqual({
      'body.agreement_end': 'The agreement cannot end before it starts',
      'body.fee_value': 'A royalty is at most 100 %',
    });
    const ok = await admin.post(
      '/api/franchisees',
      franchisee({
        code: 'FR-EDGE',
        supplier_id: supplier['SUP-0009'],
        fee_value: 100,
        latitude: null,
        longitude: null,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ latitude: null, longitude: null, fee_value: '100.00' });

    // A change is checked against the record as it will be, not only the fields sent.
    const edge = ok.json();
    const patch = (body: Record<string, unknown>) =>
      fields(admin.patch(`/api/franchisees/${edge.id}`, { ...body, version: edge.version }));
    expect(await patch({ latitude: '14.6' })).toEqual({
      'body.longitude': 'Enter both latitude and longitude, or neither',
    });
    expect(await patch({ fee_value: '100.5' })).toEqual({ 'body.fee_value': 'A royalty is at most 100 %' });
    expect(await patch({ agreement_end: '2025-12-31' })).toEqual({
      'body.agreement_end': 'The agreement cannot end before it starts',
    });
    const perKg = await admin.patch(`/api/franchisees/${edge.id}`, {
      fee_kind: 'per_kg',
      fee_value: '150',
      version: edge.version,
    });
    expect(perKg.json()).toMatchObject({ fee_kind: 'per_kg', fee_value: '150.00' });
  });

  it('searches, filters, sorts and pages without repeats', async () => {
    const codes = (res: { json: () => { items: Item[] } }) => res.json().items.map((f) => f.code);
    expect(codes(await admin.get('/api/franchisees?fee_kind=fixed_monthly'))).toEqual(['FR-MALABON']);
    expect(codes(await admin.get('/api/franchisees?city=caloocan'))).toEqual(['FR-CALOOCAN']);
    // The supplier's name finds its franchisee.
    expect(codes(await admin.get('/api/franchisees?q=tatay%20ben'))).toEqual(['FR-CALOOCAN']);
    const all = (await allPages<Item>(admin, '/api/franchisees?limit=100&sort=code'))
      .flat()
      .map((f) => f.code);
    expect(all).toEqual([...all].sort());
    for (const sort of ['name', '-name', 'code', '-code', 'created_at', '-created_at']) {
      const pages = await allPages<Item>(admin, `/api/franchisees?limit=2&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(all.length / 2));
      expect(new Set(pages.flat().map((f) => f.code))).toEqual(new Set(all));
    }
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get('/api/franchisees/export.csv?fee_kind=fixed_monthly');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,supplier_code,supplier_name,owner_name,phone,address_line,city,province,latitude,longitude,agreement_start,agreement_end,fee_kind,fee_value,monthly_target_kg,archived_at,created_at',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 4).join(','))).toEqual([
      'FR-MALABON,Collection Point Malabon,SUP-0005,Malabon Scrap Trading',
    ]);
    expect(await activity(admin, 'Exported')).toContain('Exported 1 franchisees');
  });

  it('hides another organization’s franchisees', async () => {
    const mine = (await admin.get('/api/franchisees?q=FR-MALABON')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/franchisees')).json().items).toEqual([]);
    expect((await other.get(`/api/franchisees/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/franchisees/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(
      404,
    );
    expect((await other.post(`/api/franchisees/${mine.id}/archive`)).statusCode).toBe(404);
  });

  it('lets operators and auditors read, only admins and managers write, and suppliers nothing', async () => {
    const mine = (await admin.get('/api/franchisees?q=FR-MALABON')).json().items[0];
    for (const reader of [org.operator, org.auditor]) {
      expect((await reader.get(`/api/franchisees/${mine.id}`)).statusCode).toBe(200);
      expect((await reader.get('/api/franchisees/performance')).statusCode).toBe(200);
      for (const denied of [
        await reader.post(
          '/api/franchisees',
          franchisee({ code: 'FR-OP', supplier_id: supplier['SUP-0010'] }),
        ),
        await reader.patch(`/api/franchisees/${mine.id}`, { name: 'x', version: mine.version }),
        await reader.post(`/api/franchisees/${mine.id}/archive`),
      ]) {
        expect(denied.statusCode).toBe(403);
        expect(denied.json().message).toBe('Your role may not change master data');
      }
    }
    const byManager = await org.manager.post(
      '/api/franchisees',
      franchisee({ code: 'FR-MGR', supplier_id: supplier['SUP-0010'] }),
    );
    expect(byManager.statusCode).toBe(201);
    for (const url of ['/api/franchisees', `/api/franchisees/${mine.id}`, '/api/franchisees/performance']) {
      const res = await org.supplier.get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Your role may not view master data');
    }
  });
});
