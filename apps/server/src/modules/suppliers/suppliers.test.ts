import { PAYMENT_METHODS, SUPPLIER_TYPES } from '@plastrace/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentMethod, supplierType } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, allPages, auditActions, seededOrganization } from '../../test/masterdata.ts';
import { getActiveSupplier } from './suppliers.repo.ts';

const ctx = useTestApp();
let org: Awaited<ReturnType<typeof seededOrganization>>;
let admin: TestClient;
type Item = { id: string; code: string; name: string; payment_details: unknown };
const byCode = async (code: string): Promise<Item> =>
  (await admin.get(`/api/suppliers?q=${code}&include_archived=true`)).json().items[0];

beforeAll(async () => {
  org = await seededOrganization(ctx, 'sup');
  admin = org.admin;
  // A GCash supplier of the reading tests' own (the CRUD test changes SUP-0100 as it goes).
  const res = await admin.post(
    '/api/suppliers',
    supplier({ code: 'sup-0200', name: 'Mang Pedro Junkshop', contact_name: 'Pedro Cruz' }),
  );
  expect(res.statusCode, res.body).toBe(201);
});

const supplier = (extra: Record<string, unknown> = {}) => ({
  code: 'sup-0100',
  name: 'Aling Nena Junkshop',
  type: 'junkshop',
  contact_name: 'Nena Ramos',
  phone: '0917 555 0100',
  email: 'NENA@example.ph',
  city: 'Caloocan',
  province: 'Metro Manila',
  payment_method: 'gcash',
  payment_details: { gcash_number: '+63 917 555 0100' },
  ...extra,
});

describe('suppliers', () => {
  it('uses the database’s supplier types and payment methods', () => {
    expect([...SUPPLIER_TYPES]).toEqual(supplierType.enumValues);
    expect([...PAYMENT_METHODS]).toEqual(paymentMethod.enumValues);
  });

  it('creates, reads, updates, archives and restores, logging every change', async () => {
    const res = await admin.post('/api/suppliers', supplier());
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      code: 'SUP-0100',
      email: 'nena@example.ph',
      payment_method: 'gcash',
      payment_details: { gcash_number: '+63 917 555 0100' },
      version: 1,
    });
    const changed = await admin.patch(`/api/suppliers/${s.id}`, {
      phone: '0918 555 0101',
      email: '',
      version: 1,
    });
    expect(changed.json()).toMatchObject({
      phone: '0918 555 0101',
      email: null,
      name: 'Aling Nena Junkshop',
      version: 2,
    });
    const stale = await admin.patch(`/api/suppliers/${s.id}`, { name: 'Late', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Someone else changed this supplier. Reload and try again.');

    await admin.post(`/api/suppliers/${s.id}/archive`);
    expect((await admin.get('/api/suppliers?q=SUP-0100')).json().items).toEqual([]);
    expect(await getActiveSupplier(ctx.database.db, org.organizationId, s.id)).toBeUndefined();
    const lookup = (await admin.get('/api/suppliers/lookup?q=Nena')).json().items;
    expect(lookup).toEqual([]);
    await admin.post(`/api/suppliers/${s.id}/restore`);
    expect((await getActiveSupplier(ctx.database.db, org.organizationId, s.id))?.code).toBe('SUP-0100');
    expect((await admin.get('/api/suppliers/lookup?q=Nena')).json().items[0].code).toBe('SUP-0100');

    expect(await activity(admin, 'SUP-0100')).toEqual([
      'Restored supplier SUP-0100 (Aling Nena Junkshop)',
      'Archived supplier SUP-0100 (Aling Nena Junkshop)',
      'Updated supplier SUP-0100 (Aling Nena Junkshop): phone, email',
      'Created supplier SUP-0100 (Aling Nena Junkshop)',
    ]);
    expect(await auditActions(ctx, s.id)).toHaveLength(4);
  });

  it('refuses a duplicate code and explains invalid fields', async () => {
    const dup = await admin.post('/api/suppliers', supplier({ code: 'SUP-0001' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A supplier with code SUP-0001 already exists');
    const bad = await admin.post(
      '/api/suppliers',
      supplier({
        code: 'X1',
        type: 'broker',
        phone: 'call me',
        email: 'nena@',
        payment_details: { account_number: 'abc' },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual({
      'body.type': 'Choose a supplier type',
      'body.phone': 'Enter a phone number such as 0917 123 4567 or +63 917 123 4567',
      'body.email': 'Enter a valid email address',
      'body.payment_details.account_number': 'Use digits only',
    });
    const noNumber = await admin.post('/api/suppliers', supplier({ code: 'X2', payment_details: {} }));
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().details.fields).toEqual({
      'body.payment_details.gcash_number': 'Enter the GCash number',
    });
    const s = await byCode('SUP-0002');
    const toBank = await admin.patch(`/api/suppliers/${s.id}`, {
      payment_method: 'bank',
      payment_details: {},
      version: (await admin.get(`/api/suppliers/${s.id}`)).json().version,
    });
    expect(toBank.json().details.fields).toEqual({ 'body.payment_details.bank': 'Enter the bank' });
  });

  it('searches, filters, sorts and pages without repeats', async () => {
    const types = (await admin.get('/api/suppliers?type=cooperative&sort=code')).json().items;
    expect(types.map((s: Item) => s.code)).toEqual(['SUP-0001', 'SUP-0002', 'SUP-0009']);
    const cebu = (await admin.get('/api/suppliers?city=cebu%20city')).json().items;
    expect(cebu.map((s: Item) => s.name)).toEqual(['Inayawan Waste Pickers Cooperative']);
    const pickers = (await admin.get('/api/suppliers?type=waste_picker&payment_method=cash')).json().items;
    expect(pickers).toHaveLength(2);
    expect((await admin.get('/api/suppliers?q=benigno')).json().items[0].name).toBe('Tatay Ben Junkshop');
    const total = (await admin.get('/api/suppliers?limit=200')).json().items.length;
    for (const sort of ['name', '-name', 'created_at', '-created_at', 'code', '-code']) {
      const pages = await allPages<Item>(admin, `/api/suppliers?limit=4&sort=${sort}`);
      expect(pages.length).toBeGreaterThanOrEqual(4);
      expect(pages.flat()).toHaveLength(total);
    }
    const desc = (await allPages<Item>(admin, '/api/suppliers?limit=5&sort=-code')).flat();
    expect(desc.map((s) => s.code)).toEqual(
      desc
        .map((s) => s.code)
        .sort()
        .reverse(),
    );
  });

  it('exports CSV with payment details only for those who settle payables', async () => {
    const res = await admin.get('/api/suppliers/export.csv?payment_method=gcash&q=SUP-0200');
    const [header, row] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'code,name,type,contact_name,phone,email,address_line,city,province,payment_method,gcash_number,bank,account_name,account_number,archived_at,created_at',
    );
    expect(row).toContain('SUP-0200,Mang Pedro Junkshop,junkshop,Pedro Cruz');
    // toCsv quotes a leading + with an apostrophe so a spreadsheet never runs it as a formula.
    expect(row).toContain("gcash,'+63 917 555 0100");
    const audited = (await org.auditor.get('/api/suppliers/export.csv?q=SUP-0200')).body
      .trim()
      .split('\r\n')[1];
    expect(audited).toContain('gcash,,,,');
    const log = (await admin.get('/api/dashboard/user-transactions?type=EXPORT_DATA')).json().items;
    expect(log.map((l: { description: string }) => l.description)).toContain('Exported 1 suppliers');
    expect((await org.operator.get('/api/suppliers/export.csv')).statusCode).toBe(403);
    expect((await org.supplier.get('/api/suppliers/export.csv')).statusCode).toBe(403);
  });

  it('hides another organization’s suppliers', async () => {
    const mine = await byCode('SUP-0003');
    const other = (await newOrganization(ctx.app)).admin;
    expect((await other.get('/api/suppliers')).json().items).toEqual([]);
    expect((await other.get(`/api/suppliers/${mine.id}`)).statusCode).toBe(404);
    expect((await other.patch(`/api/suppliers/${mine.id}`, { name: 'x', version: 1 })).statusCode).toBe(404);
    expect((await other.post(`/api/suppliers/${mine.id}/archive`)).statusCode).toBe(404);
    expect((await other.post(`/api/suppliers/${mine.id}/restore`)).statusCode).toBe(404);
  });

  it('lets operators and auditors read without payment details, and not write', async () => {
    const mine = await byCode('SUP-0200');
    for (const reader of [org.operator, org.auditor]) {
      const one = (await reader.get(`/api/suppliers/${mine.id}`)).json();
      expect(one).toMatchObject({ code: 'SUP-0200', payment_method: 'gcash', payment_details: null });
      expect((await reader.get('/api/suppliers')).json().items.length).toBeGreaterThan(10);
      const denied = await reader.patch(`/api/suppliers/${mine.id}`, { phone: '0917 000 0000', version: 1 });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe('forbidden');
      expect((await reader.post('/api/suppliers', supplier({ code: 'NOPE' }))).statusCode).toBe(403);
      expect((await reader.post(`/api/suppliers/${mine.id}/archive`)).statusCode).toBe(403);
    }
  });

  it('shows a supplier member only their own supplier, and lets them change only contact and payment', async () => {
    const own = await byCode('SUP-0001');
    const other = await byCode('SUP-0002');
    const list = (await org.supplier.get('/api/suppliers?limit=200')).json();
    expect(list.items.map((s: Item) => s.code)).toEqual(['SUP-0001']);
    expect(list.items[0].payment_details).not.toBeNull();
    expect((await org.supplier.get(`/api/suppliers/${own.id}`)).statusCode).toBe(200);
    expect((await org.supplier.get(`/api/suppliers/${other.id}`)).statusCode).toBe(404);

    const version = (await org.supplier.get(`/api/suppliers/${own.id}`)).json().version;
    const ok = await org.supplier.patch(`/api/suppliers/${own.id}`, {
      contact_name: 'Rosa Dizon',
      phone: '0917 123 4567',
      payment_method: 'bank',
      payment_details: { bank: 'Landbank', account_name: 'SMP Coop', account_number: '1234-5678-90' },
      version,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ contact_name: 'Rosa Dizon', payment_details: { bank: 'Landbank' } });
    const rename = await org.supplier.patch(`/api/suppliers/${own.id}`, {
      name: 'Mine now',
      version: version + 1,
    });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().message).toBe('You may change only your contact and payment details, not name');
    expect(
      (await org.supplier.patch(`/api/suppliers/${other.id}`, { phone: '0917 123 4567', version: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await org.supplier.post(`/api/suppliers/${own.id}/archive`)).statusCode).toBe(403);
    expect((await org.supplier.post('/api/suppliers', supplier({ code: 'MINE' }))).statusCode).toBe(403);
    expect((await org.supplier.get('/api/suppliers/lookup')).statusCode).toBe(403);
  });
});
