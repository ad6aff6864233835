import { CUSTOMER_TYPES } from '@plastrace/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { customerType } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
type Item = { id: string; code: string; name: string };

const customer = (extra: Record<string, unknown> = {}) => ({
  code: 'cus-001',
  name: 'Luzon Resin Traders',
  type: 'trader',
  contact_name: 'Mark Lim',
  phone: '(02) 8123 4567',
  email: 'buy@luzonresin.ph',
  city: 'Valenzuela',
  tin: '123-456-789-000',
  ...extra,
});

beforeAll(async () => {
  org = await seededOrganization(ctx, 'cus');
  admin = org.admin;
  const more = [
    ['CUS-002', 'Bulacan Bottle Makers', 'manufacturer'],
    ['CUS-003', 'Cebu Pellet Exporters', 'exporter'],
    ['CUS-004', 'Sari-Sari Drinks Corp.', 'brand_owner'],
    ['CUS-005', 'Republic Cement Co-processing', 'co_processor'],
    ['CUS-006', 'Ayala Packaging Recyclers', 'recycler'],
  ];
  for (const [code, name, type] of more) await admin.post('/api/customers', { code, name, type });
});

describe('customers', () => {
  it('uses the database’s customer types', () => {
    expect([...CUSTOMER_TYPES]).toEqual(customerType.enumValues);
  });

  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/customers', customer());
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({ code: 'CUS-001', country: 'PH', tin: '123-456-789-000', version: 1 });
    expect((await admin.get(`/api/customers/${c.id}`)).json().name).toBe('Luzon Resin Traders');
    const changed = await admin.patch(`/api/customers/${c.id}`, { type: 'recycler', version: 1 });
    expect(changed.json()).toMatchObject({ type: 'recycler', version: 2 });
    const stale = await admin.patch(`/api/customers/${c.id}`, { type: 'other', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this customer. Reload and try again.');
    await admin.post(`/api/customers/${c.id}/archive`);
    expect((await admin.get('/api/customers?q=CUS-001')).json().items).toEqual([]);
    expect((await admin.get('/api/customers?q=CUS-001&include_archived=true')).json().items).toHaveLength(1);
    await admin.post(`/api/customers/${c.id}/restore`);
    expect(await activity(admin, 'CUS-001')).toEqual([
      'Restored customer CUS-001 (Luzon Resin Traders)',
      'Archived customer CUS-001 (Luzon Resin Traders)',
      'Updated customer CUS-001 (Luzon Resin Traders): type',
      'Created customer CUS-001 (Luzon Resin Traders)',
    ]);
    expect(await auditActions(ctx, c.id)).toEqual([
      'customer.created',
      'customer.updated',
      'customer.updated',
      'customer.updated',
    ]);
  });

  it('refuses a duplicate code and explains invalid fields', async () => {
    const dup = await admin.post('/api/customers', customer({ code: 'CUS-002' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A customer with code CUS-002 already exists');
    const bad = await admin.post(
      '/api/customers',
      customer({ code: 'C9', type: 'friend', tin: '12345', email: 'no', country: 'Philippines' }),
    );
    expect(bad.json().details.fields).toEqual({
      'body.type': 'Choose a customer type',
      'body.email': 'Enter a valid email address',
      'body.country': 'Use a two-letter country code such as PH',
      'body.tin': 'Enter a TIN such as 123-456-789-000',
    });
  });

  it('searches, filters, sorts and pages without repeats', async () => {
    expect((await admin.get('/api/customers?type=exporter')).json().items.map((c: Item) => c.code)).toEqual([
      'CUS-003',
    ]);
    expect((await admin.get('/api/customers?q=bottle')).json().items.map((c: Item) => c.code)).toEqual([
      'CUS-002',
    ]);
    // Other tests add customers too: compare page by page with the whole list, whatever it holds.
    const created = await admin.post(
      '/api/customers',
      customer({ code: 'CUS-NEWEST', name: 'Newest Buyer' }),
    );
    expect(created.statusCode).toBe(201);
    const codes = (await allPages<Item>(admin, '/api/customers?limit=100&sort=code'))
      .flat()
      .map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['CUS-002', 'CUS-003', 'CUS-004', 'CUS-005', 'CUS-006']));
    expect(codes).toEqual([...codes].sort());
    const names = (await allPages<Item>(admin, '/api/customers?limit=2&sort=code')).flat().map((c) => c.code);
    expect(names).toEqual(codes);
    for (const sort of ['name', '-name', '-created_at', 'created_at']) {
      const pages = await allPages<Item>(admin, `/api/customers?limit=4&sort=${sort}`);
      expect(pages).toHaveLength(Math.ceil(codes.length / 4));
      const seen = pages.flat().map((c) => c.code);
      expect(seen).toHaveLength(codes.length);
      expect(new Set(seen)).toEqual(new Set(codes));
    }
    const newest = (await admin.get('/api/customers?sort=-created_at&limit=1')).json().items[0];
    expect(newest.code).toBe('CUS-NEWEST');
  });

  it('exports CSV and logs the export', async () => {
    const res = await admin.get('/api/customers/export.csv?type=manufacturer');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,name,type,contact_name,phone,email,address_line,city,province,country,tin,archived_at,created_at',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['CUS-002']);
    expect(await activity(admin, 'Exported')).toContain('Exported 1 customers');
  });

  it('hides another organization’s customers', async () => {
    const mine = (await admin.get('/api/customers?q=CUS-002')).json().items[0];
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/customers')).json().items).toEqual([]);
    expect((await other.get(`/api/customers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/customers/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await other.post(`/api/customers/${mine.id}/archive`)).statusCode).toBe(404);
  });

  it('lets operators and auditors read, only admins and managers write, and suppliers nothing', async () => {
    const mine = (await admin.get('/api/customers?q=CUS-002')).json().items[0];
    for (const reader of [org.operator, org.auditor]) {
      expect((await reader.get(`/api/customers/${mine.id}`)).statusCode).toBe(200);
      const denied = await reader.patch(`/api/customers/${mine.id}`, { name: 'x', version: 1 });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('forbidden');
    }
    expect((await org.manager.post('/api/customers', customer({ code: 'CUS-M' }))).statusCode).toBe(201);
    const supplier = await org.supplier.get('/api/customers');
    expect(supplier.statusCode).toBe(403);
    expect(supplier.json().message).toBe('Your role may not view master data');
    expect((await org.supplier.get(`/api/customers/${mine.id}`)).statusCode).toBe(403);
  });
});
