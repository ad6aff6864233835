import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';

const ctx = useTestApp();
let admin: TestClient;
let supplierId: string;
let otherId: string;

beforeAll(async () => {
  const { organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 5,
    slug: 'ledger',
    asOf: new Date('2026-11-01'),
  });
  const db = ctx.database.db;
  const [fac] = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  const sups = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.organizationId, org))
    .orderBy(suppliers.code);
  const [mat] = await db.select().from(materials).where(eq(materials.organizationId, org));
  supplierId = sups[0]?.id ?? '';
  otherId = sups[1]?.id ?? '';
  admin = await (await client(ctx.app)).login('admin.ledger@demo.plastrace.ph', DEMO_PASSWORD);
  for (const [sid, kg] of [
    [supplierId, 100],
    [supplierId, 50],
    [otherId, 10],
  ] as const) {
    const draft = (
      await admin.post('/api/receive-records', {
        supplier_id: sid,
        facility_id: fac?.id,
        received_at: '2026-11-03T10:00:00+08:00',
        lines: [{ material_id: mat?.id, gross_kg: kg, unit_price: '12.50' }],
      })
    ).json();
    await admin.post(`/api/receive-records/${draft.id}/post`);
  }
});

describe('supplier ledger', () => {
  it('shows payables from posted receipts and a running balance', async () => {
    const all = (await admin.get('/api/supplier-ledger')).json();
    expect(all.items.find((i: { supplier: { id: string } }) => i.supplier.id === supplierId).balance).toBe(
      '1875.00',
    );
    const s = (await admin.get(`/api/supplier-ledger/${supplierId}`)).json();
    expect(s.items.map((e: { kind: string; balance: string }) => [e.kind, e.balance])).toEqual([
      ['payable', '1250.00'],
      ['payable', '1875.00'],
    ]);
  });

  it('records payments by cash, GCash or bank, never more than is owed', async () => {
    const noRef = await admin.post('/api/supplier-ledger/payments', {
      supplier_id: supplierId,
      amount: 100,
      method: 'gcash',
    });
    expect(noRef.statusCode).toBe(422);
    expect(noRef.json().message).toBe('A GCash payment needs its reference number');
    const paid = await admin.post('/api/supplier-ledger/payments', {
      supplier_id: supplierId,
      amount: '875.00',
      method: 'gcash',
      reference: 'GC-9911',
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().balance).toBe('1000.00');
    const over = await admin.post('/api/supplier-ledger/payments', {
      supplier_id: supplierId,
      amount: '1000.01',
      method: 'cash',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toContain('exceeds the ₱1000.00 owed');
    const log = (await admin.get('/api/dashboard/user-transactions?type=CREATE_RECORD&q=Paid')).json();
    expect(log.items[0]).toMatchObject({ amount: '875.00', currency: 'PHP', reference_id: 'GC-9911' });
  });

  it('lets only managers and admins pay, shows a supplier member their own account only, and keeps organizations apart', async () => {
    const operator = await (await client(ctx.app)).login('operator.ledger@demo.plastrace.ph', DEMO_PASSWORD);
    expect(
      (
        await operator.post('/api/supplier-ledger/payments', {
          supplier_id: supplierId,
          amount: 1,
          method: 'cash',
        })
      ).statusCode,
    ).toBe(403);
    const supplier = await (await client(ctx.app)).login('supplier.ledger@demo.plastrace.ph', DEMO_PASSWORD);
    const own = (await supplier.get('/api/supplier-ledger')).json();
    expect(own.items.map((i: { supplier: { id: string } }) => i.supplier.id)).toEqual([supplierId]);
    expect((await supplier.get(`/api/supplier-ledger/${otherId}`)).statusCode).toBe(404);
    const other = await newOrganization(ctx.app);
    expect((await other.admin.get(`/api/supplier-ledger/${supplierId}`)).json().items).toEqual([]);
    expect(
      (
        await other.admin.post('/api/supplier-ledger/payments', {
          supplier_id: supplierId,
          amount: 1,
          method: 'cash',
        })
      ).statusCode,
    ).toBe(404);
  });
});
