import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

// Order records: numbers per kind and year without gaps, validation, drafts edited with their version,
// confirm, cancel (refused once a dispatch is posted against it), close (short with a reason), delete,
// and the fulfilment read from posted dispatches — each answer equal to reading the order back.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let org: string;
let userId: string;
const ids = { facility: '', pet: '', hdpe: '', customer: '', archived: '', supplier: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'orders');
  ({ admin, manager } = o);
  org = o.organizationId;
  userId = (await admin.get('/api/dashboard/users/me')).json().id;
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.facility = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.hdpe = mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '';
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  const customer = async (code: string, name: string) => {
    const res = await admin.post('/api/customers', { code, name, type: 'manufacturer' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  ids.customer = await customer('CUS-001', 'Luzon Bottling Corp.');
  ids.archived = await customer('CUS-OLD', 'Gone Plastics Inc.');
  await admin.post(`/api/customers/${ids.archived}/archive`);
});

const salesOrder = (over: Record<string, unknown> = {}) => ({
  kind: 'sales',
  customer_id: ids.customer,
  facility_id: ids.facility,
  ordered_on: '2026-11-02',
  due_on: '2026-11-30',
  delivery_terms: 'Delivered to buyer’s plant, Valenzuela',
  customer_reference: 'LBC-PO-7781',
  tolerance_pct: '5',
  lines: [
    { material_id: ids.pet, kg: '1000', unit_price: '18.50' },
    { material_id: ids.hdpe, grade: 'B', kg: '100.005', unit_price: '1.00' },
  ],
  ...over,
});
const purchaseOrder = (over: Record<string, unknown> = {}) => ({
  kind: 'purchase',
  supplier_id: ids.supplier,
  ordered_on: '2026-11-03',
  lines: [{ material_id: ids.pet, kg: '500', unit_price: '12.00' }],
  ...over,
});

async function create(body: unknown, c = manager, key?: string) {
  const res = await c.post('/api/orders', body, key ? { 'idempotency-key': key } : {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const read = async (id: string) => (await manager.get(`/api/orders/${id}`)).json();

/** Receives and posts `kg` of clear PET bottles at MNL1; answers its lot's id. */
async function lotOf(kg: string) {
  const res = await admin.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '12.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot.id as string;
}

/** Posts a dispatch of `kg` from a fresh lot against the order, through the dispatch module's database function. */
async function dispatch(orderId: string, kg: string) {
  const lot = await lotOf(kg);
  const call = {
    organization_id: org,
    user_id: userId,
    route: 'test',
    key: null,
    hash: '',
    post: true,
    record: {
      customer_id: ids.customer,
      order_id: orderId,
      facility_id: ids.facility,
      dispatched_at: '2026-11-21T10:00:00+08:00',
      lines: [{ lot_id: lot, kg }],
    },
  };
  const rows = await ctx.database.db.execute<{ out: { body: { id: string; number: string } } }>(
    sql`SELECT dispatch_create(${JSON.stringify(call)}::jsonb) AS out`,
  );
  return rows.rows[0]?.out.body as { id: string; number: string };
}

async function voidDispatch(id: string) {
  const call = { organization_id: org, user_id: userId, id, reason: 'Loaded the wrong truck' };
  await ctx.database.db.execute(sql`SELECT dispatch_void(${JSON.stringify(call)}::jsonb)`);
}

describe('order records', () => {
  it('drafts a sales order with exact amounts, numbered per kind and year without gaps', async () => {
    const so = await create(salesOrder(), manager, 'so-1');
    expect(so).toMatchObject({
      number: 'SO-2026-000001',
      kind: 'sales',
      status: 'draft',
      customer: { id: ids.customer, code: 'CUS-001', name: 'Luzon Bottling Corp.' },
      supplier: null,
      facility: { id: ids.facility, code: 'MNL1' },
      tolerance_pct: '5.00',
      total_kg: '1100.005',
      // 1000 × 18.50 + 100.005 × 1.00 (100.005 rounds half away from zero to 100.01)
      amount: '18600.01',
      shipped_kg: '0.000',
      fulfilled_pct: '0.00',
      dispatches: [],
      receipts: [],
    });
    // A line without a grade takes its material's.
    expect(so.lines.map((l: { grade: string; amount: string }) => [l.grade, l.amount])).toEqual([
      ['A', '18500.00'],
      ['B', '100.01'],
    ]);
    expect(so.lines[0].fulfilment).toEqual({
      shipped_kg: '0.000',
      remaining_kg: '1000.000',
      fulfilled_pct: '0.00',
    });
    expect(so).toEqual(await read(so.id));

    // A retry with the same key is the same order; the same key with another body is refused.
    expect(await create(salesOrder(), manager, 'so-1')).toEqual(so);
    const reused = await manager.post('/api/orders', salesOrder({ notes: 'x' }), {
      'idempotency-key': 'so-1',
    });
    expect(reused.statusCode).toBe(422);

    const po = await create(purchaseOrder({ confirm: true }));
    expect(po).toMatchObject({
      number: 'PO-2026-000001',
      status: 'confirmed',
      supplier: { id: ids.supplier },
      customer: null,
      shipped_kg: '0.000',
      fulfilled_pct: '0.00',
      confirmed_by: { name: expect.any(String) },
      receipts: [],
    });
    expect(po.lines[0].fulfilment).toEqual({
      shipped_kg: '0.000',
      remaining_kg: '500.000',
      fulfilled_pct: '0.00',
    });
    // A refused create takes no number.
    const refused = await manager.post('/api/orders', salesOrder({ customer_id: ids.archived }));
    expect(refused.statusCode).toBe(422);
    expect((await create(salesOrder())).number).toBe('SO-2026-000002');
    expect((await create(salesOrder({ ordered_on: '2025-12-30', due_on: null }))).number).toBe(
      'SO-2025-000001',
    );
    expect((await create(purchaseOrder())).number).toBe('PO-2026-000002');

    expect(await activity(manager, 'SO-2026-000001')).toEqual([
      'Drafted sales order SO-2026-000001 with Luzon Bottling Corp. (1,100.005 kg, ₱18,600.01)',
    ]);
    expect(await activity(manager, 'PO-2026-000001')).toEqual([
      expect.stringMatching(/^Confirmed purchase order PO-2026-000001 with .+ \(500 kg, ₱6,000.00\)$/),
    ]);
    expect(await auditActions(ctx, so.id)).toEqual(['order_record.created']);
  });

  it('refuses an order that breaks a rule, naming the field, in the words of the form', async () => {
    const refusal = async (body: unknown, status: number) => {
      const res = await manager.post('/api/orders', body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().details?.fields ?? res.json().message;
    };
    expect(await refusal(salesOrder({ customer_id: undefined }), 400)).toMatchObject({
      'body.customer_id': 'Choose a customer',
    });
    expect(await refusal(salesOrder({ supplier_id: ids.supplier }), 400)).toMatchObject({
      'body.supplier_id': 'A sales order names a customer, not a supplier',
    });
    expect(await refusal(purchaseOrder({ customer_id: ids.customer }), 400)).toMatchObject({
      'body.customer_id': 'A purchase order names a supplier, not a customer',
    });
    expect(await refusal(salesOrder({ due_on: '2026-11-01' }), 400)).toMatchObject({
      'body.due_on': 'The due date cannot be before the order date',
    });
    expect(await refusal(salesOrder({ lines: [] }), 400)).toMatchObject({
      'body.lines': 'Add at least one line',
    });
    expect(await refusal(salesOrder({ tolerance_pct: '100.5' }), 400)).toMatchObject({
      'body.tolerance_pct': 'Tolerance must be at most 100',
    });
    const twice = { material_id: ids.pet, kg: '5', unit_price: '1' };
    expect(await refusal(salesOrder({ lines: [twice, { ...twice, grade: 'a' }] }), 400)).toMatchObject({
      'body.lines.1.material_id':
        'This material and grade are already on line 1: enter them once with the total kg',
    });
    // No grade means the material's own (A): the same line as one that says A.
    expect(await refusal(salesOrder({ lines: [{ ...twice, grade: 'A' }, twice] }), 400)).toEqual({
      'body.lines.1.material_id':
        'This material and grade are already on line 1: enter them once with the total kg',
    });
    expect(await refusal(salesOrder({ customer_id: ids.archived }), 422)).toEqual({
      'body.customer_id': 'Gone Plastics Inc. is archived: restore it to order with it',
    });
    // A supplier is not a customer: a sales order cannot name one.
    expect(await refusal(salesOrder({ customer_id: ids.supplier }), 404)).toEqual({
      'body.customer_id': 'Customer not found',
    });
    expect(
      await refusal(
        salesOrder({ lines: [{ ...twice, material_id: '00000000-0000-4000-8000-000000000000' }] }),
        404,
      ),
    ).toEqual({ 'body.lines.0.material_id': 'Material not found' });
  });

  it('edits a draft with its version, and only a draft', async () => {
    const so = await create(salesOrder());
    const ok = await manager.patch(`/api/orders/${so.id}`, {
      version: so.version,
      notes: 'Call before delivery',
      due_on: null,
      lines: [{ material_id: ids.pet, kg: '2000', unit_price: '18.00' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const edited = ok.json();
    expect(edited).toMatchObject({
      number: so.number,
      notes: 'Call before delivery',
      due_on: null,
      customer_reference: 'LBC-PO-7781',
      total_kg: '2000.000',
      amount: '36000.00',
      version: so.version + 1,
    });
    expect(edited).toEqual(await read(so.id));
    const stale = await manager.patch(`/api/orders/${so.id}`, { version: so.version, notes: 'late' });
    expect(stale.statusCode).toBe(409);
    // What is sent is checked with what the draft already has.
    const early = await manager.patch(`/api/orders/${so.id}`, {
      version: edited.version,
      due_on: '2026-10-01',
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().details.fields).toEqual({
      'body.due_on': 'The due date cannot be before the order date',
    });
    expect(await auditActions(ctx, so.id)).toEqual(['order_record.created', 'order_record.updated']);

    const confirmed = await create(salesOrder({ confirm: true }));
    const late = await manager.patch(`/api/orders/${confirmed.id}`, {
      version: confirmed.version,
      notes: 'x',
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(`Only a draft can be edited; ${confirmed.number} is confirmed.`);
  });

  it('confirms a draft once, at the version read', async () => {
    const so = await create(salesOrder());
    expect((await manager.post(`/api/orders/${so.id}/confirm`, { version: so.version - 1 })).statusCode).toBe(
      409,
    );
    const res = await manager.post(`/api/orders/${so.id}/confirm`, { version: so.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', confirmed_by: { id: expect.any(String) } });
    expect(res.json()).toEqual(await read(so.id));
    const again = await manager.post(`/api/orders/${so.id}/confirm`, {});
    expect(again.statusCode).toBe(422);
    expect(await activity(manager, so.number)).toEqual([
      `Confirmed sales order ${so.number} with Luzon Bottling Corp. (1,100.005 kg, ₱18,600.01)`,
      `Drafted sales order ${so.number} with Luzon Bottling Corp. (1,100.005 kg, ₱18,600.01)`,
    ]);
  });

  it('follows its dispatches: partly fulfilled, refused cancel, back when voided, closed short', async () => {
    const so = await create(salesOrder({ confirm: true }));
    const sent = await dispatch(so.id, '400');
    const partly = await read(so.id);
    expect(partly).toMatchObject({
      status: 'partly_fulfilled',
      shipped_kg: '400.000',
      fulfilled_pct: '36.36',
    });
    expect(partly.lines[0].fulfilment).toEqual({
      shipped_kg: '400.000',
      remaining_kg: '600.000',
      fulfilled_pct: '40.00',
    });
    expect(partly.dispatches).toEqual([
      {
        id: sent.id,
        number: sent.number,
        delivery_receipt_no: expect.stringMatching(/^DR-2026-\d{6}$/),
        status: 'posted',
        dispatched_at: '2026-11-21T02:00:00.000Z',
        total_kg: '400.000',
      },
    ]);

    const cancel = await manager.post(`/api/orders/${so.id}/cancel`, {
      reason: 'Customer changed their mind',
    });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().message).toBe(
      `${so.number} has a posted dispatch against it: it cannot be cancelled. Close it instead.`,
    );
    // Voided, the dispatch no longer counts: the order is confirmed again and may be cancelled.
    await voidDispatch(sent.id);
    const back = await read(so.id);
    expect(back).toMatchObject({ status: 'confirmed', shipped_kg: '0.000' });
    expect(back.dispatches[0].status).toBe('voided');
    const cancelled = await manager.post(`/api/orders/${so.id}/cancel`, {
      reason: 'Customer changed their mind',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Customer changed their mind',
    });

    const other = await create(salesOrder({ confirm: true }));
    await dispatch(other.id, '1000');
    const closed = await manager.post(`/api/orders/${other.id}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', closed_by: { id: expect.any(String) } });
    expect(await activity(manager, `Closed sales order ${other.number}`)).toEqual([
      `Closed sales order ${other.number} short at 90.91 % fulfilled`,
    ]);
  });

  it('closes a fulfilled order, and a confirmed one only short with a reason', async () => {
    const full = await create(
      salesOrder({ confirm: true, lines: [{ material_id: ids.pet, kg: '300', unit_price: '18' }] }),
    );
    await dispatch(full.id, '300');
    expect((await read(full.id)).status).toBe('fulfilled');
    expect((await manager.post(`/api/orders/${full.id}/close`, {})).json().status).toBe('closed');

    const so = await create(salesOrder({ confirm: true }));
    const bare = await manager.post(`/api/orders/${so.id}/close`, {});
    expect(bare.statusCode).toBe(422);
    expect(bare.json().details.fields).toEqual({
      'body.reason': `Nothing was dispatched against ${so.number} yet: say why it is closed short`,
    });
    const short = await manager.post(`/api/orders/${so.id}/close`, { reason: 'Buyer’s line is down' });
    expect(short.json()).toMatchObject({ status: 'closed' });
    expect(await activity(manager, `Closed sales order ${so.number}`)).toEqual([
      `Closed sales order ${so.number} short at 0.00 % fulfilled: Buyer’s line is down`,
    ]);
    expect((await manager.post(`/api/orders/${so.id}/close`, {})).statusCode).toBe(422);
    expect((await manager.post(`/api/orders/${so.id}/cancel`, { reason: 'Too late' })).json().message).toBe(
      `${so.number} is closed; only a draft or a confirmed order can be cancelled.`,
    );

    const draft = await create(salesOrder());
    expect(
      (await manager.post(`/api/orders/${draft.id}/close`, { reason: 'Never mind' })).json().message,
    ).toBe(`${draft.number} is draft; only a confirmed or fulfilled order can be closed.`);
    // A purchase order nothing was received against closes short only with a reason, too.
    const po = await create(purchaseOrder({ confirm: true }));
    expect((await manager.post(`/api/orders/${po.id}/close`, {})).json().details.fields).toEqual({
      'body.reason': `Nothing was received against ${po.number} yet: say why it is closed short`,
    });
    const closed = await manager.post(`/api/orders/${po.id}/close`, {
      reason: 'Supplier stopped collecting',
    });
    expect(closed.json().status).toBe('closed');
  });

  it('deletes a draft, never a confirmed order', async () => {
    const draft = await create(salesOrder());
    const gone = await manager.delete(`/api/orders/${draft.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await manager.get(`/api/orders/${draft.id}`)).statusCode).toBe(404);
    expect(await activity(manager, draft.number)).toContain(`Deleted draft sales order ${draft.number}`);
    expect(await auditActions(ctx, draft.id)).toEqual(['order_record.created', 'order_record.deleted']);
    const confirmed = await create(salesOrder({ confirm: true }));
    const refused = await manager.delete(`/api/orders/${confirmed.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      `Only a draft can be deleted; ${confirmed.number} is confirmed: cancel it instead.`,
    );
  });
});
