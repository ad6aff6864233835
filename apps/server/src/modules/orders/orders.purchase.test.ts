import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, seededOrganization } from '../../test/masterdata.ts';

// Purchase orders fulfilled by the deliveries that name them (migration 0019), and order prices taken
// from the price list by kind: selling prices for sales orders, buying prices for purchase orders and
// deliveries.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
const ids = { facility: '', noRegion: '', pet: '', hdpe: '', supplier: '', other: '', customer: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'purchasing');
  ({ admin, manager, operator } = o);
  const db = ctx.database.db;
  const org = o.organizationId;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.facility = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.hdpe = mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '';
  const sups = await db.select().from(suppliers).where(eq(suppliers.organizationId, org));
  [ids.supplier, ids.other] = sups.map((s) => s.id) as [string, string];
  const customer = await admin.post('/api/customers', {
    code: 'CUS-P',
    name: 'Pasig Resins',
    type: 'trader',
  });
  ids.customer = customer.json().id;
  const bare = await admin.post('/api/facilities', {
    code: 'NOREG',
    name: 'Yard without a region',
    type: 'warehouse',
    city: 'Taguig',
  });
  expect(bare.statusCode, bare.body).toBe(201);
  ids.noRegion = bare.json().id;
  // Selling and buying prices of clear PET in NCR on the same day: each order kind must take its own.
  for (const [kind, price] of [
    ['selling', '31.40'],
    ['buying', '15.10'],
  ] as const) {
    const res = await admin.post('/api/prices', {
      kind,
      material_id: ids.pet,
      region: 'NCR',
      price_per_kg: price,
      effective_from: '2026-11-10',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const purchaseOrder = (over: Record<string, unknown> = {}) => ({
  kind: 'purchase',
  supplier_id: ids.supplier,
  facility_id: ids.facility,
  ordered_on: '2026-11-12',
  tolerance_pct: '2',
  lines: [{ material_id: ids.pet, kg: '1000', unit_price: '14.00' }],
  confirm: true,
  ...over,
});
const delivery = (orderId: string | null, grossKg: string, over: Record<string, unknown> = {}) => ({
  supplier_id: ids.supplier,
  facility_id: ids.facility,
  received_at: '2026-11-20T09:00:00+08:00',
  order_id: orderId,
  lines: [{ material_id: ids.pet, gross_kg: grossKg, tare_kg: '0' }],
  ...over,
});

async function create(body: unknown) {
  const res = await manager.post('/api/orders', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function receive(body: unknown) {
  const res = await operator.post('/api/receive-records?post=true', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const read = async (id: string) => (await manager.get(`/api/orders/${id}`)).json();

const receiptsOf = async (orderId: string) =>
  (await manager.get(`/api/receive-records?order_id=${orderId}`)).json().items as { id: string }[];

describe('purchase orders fulfilled by deliveries', () => {
  it('counts posted deliveries that name the order, priced from its line, within its tolerance', async () => {
    const po = await create(purchaseOrder());
    // A draft names the order but counts nothing until posted.
    const draft = await operator.post('/api/receive-records', delivery(po.id, '400'));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ order: { id: po.id, number: po.number } });
    expect((await read(po.id)).status).toBe('confirmed');

    const first = await receive(delivery(po.id, '600'));
    // The price left out comes from the order's line, not the buying price list (₱15.10 there).
    expect(first.lines[0]).toMatchObject({ unit_price: '14.00', amount: '8400.00' });
    expect(first.order).toEqual({ id: po.id, number: po.number });
    expect((await manager.get(`/api/receive-records/${first.id}`)).json()).toEqual(first);
    expect(await read(po.id)).toMatchObject({
      status: 'partly_fulfilled',
      shipped_kg: '600.000',
      fulfilled_pct: '60.00',
      lines: [{ fulfilment: { shipped_kg: '600.000', remaining_kg: '400.000', fulfilled_pct: '60.00' } }],
      receipts: [
        { id: draft.json().id, status: 'draft', total_net_kg: '400.000' },
        { id: first.id, number: first.number, status: 'posted', total_net_kg: '600.000' },
      ],
    });

    // 600 + 421 = 1,021 kg is beyond 1,000 kg + 2 %: refused whole, nothing written.
    const over = await operator.post('/api/receive-records?post=true', delivery(po.id, '421'));
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().message).toBe(
      `Order ${po.number} asks for 1,000 kg of PET clear bottles (up to 2.00 % more): with this delivery 1,021 kg would be received.`,
    );
    expect(await receiptsOf(po.id)).toHaveLength(2);

    // The draft posted makes 1,000 kg: fulfilled, and closed to further deliveries.
    const posted = await operator.post(`/api/receive-records/${draft.json().id}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(await read(po.id)).toMatchObject({ status: 'fulfilled', fulfilled_pct: '100.00' });
    const late = await operator.post('/api/receive-records', delivery(po.id, '10'));
    expect(late.statusCode).toBe(422);
    expect(late.json().details.fields).toEqual({ 'body.order_id': `Order ${po.number} is fulfilled` });

    // Material came in on the order's terms: it cannot be cancelled, only closed.
    const cancel = await manager.post(`/api/orders/${po.id}/cancel`, { reason: 'Changed our mind' });
    expect(cancel.json().message).toBe(
      `${po.number} has 2 posted deliveries against it: it cannot be cancelled. Close it instead.`,
    );
    // A void takes its kilograms back off the order.
    const voided = await manager.post(`/api/receive-records/${first.id}/void`, {
      reason: 'Wrong supplier slip',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await read(po.id)).toMatchObject({ status: 'partly_fulfilled', shipped_kg: '400.000' });
    expect(await activity(manager, po.number)).toEqual([expect.stringMatching(/^Confirmed purchase order /)]);
  });

  it('refuses a delivery naming an order it cannot count towards, under the field', async () => {
    const po = await create(purchaseOrder());
    const fields = async (body: unknown, status: number) => {
      const res = await operator.post('/api/receive-records', body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json().details.fields;
    };
    expect(await fields(delivery(po.id, '10', { supplier_id: ids.other }), 422)).toEqual({
      'body.order_id': `Order ${po.number} is for another supplier`,
    });
    const hdpe = { lines: [{ material_id: ids.hdpe, gross_kg: '10', unit_price: '20' }] };
    expect(await fields(delivery(po.id, '10', hdpe), 422)).toEqual({
      'body.lines.0.material_id': `Not on order ${po.number}`,
    });
    const draftOrder = await create(purchaseOrder({ confirm: false }));
    expect(await fields(delivery(draftOrder.id, '10'), 422)).toEqual({
      'body.order_id': `Order ${draftOrder.number} is draft`,
    });
    const sales = await create({
      kind: 'sales',
      customer_id: ids.customer,
      ordered_on: '2026-11-12',
      lines: [{ material_id: ids.pet, kg: '10', unit_price: '30' }],
      confirm: true,
    });
    for (const id of [sales.id, '0190a5a0-0000-7000-8000-000000000000'])
      expect(await fields(delivery(id, '10'), 404)).toEqual({ 'body.order_id': 'Purchase order not found' });

    // A draft's edit may name the order or drop it; the record keeps what was sent.
    const plain = await receive(delivery(null, '10')); // posted without an order
    expect(plain.order).toBeNull();
    const draft = (await operator.post('/api/receive-records', delivery(null, '10'))).json();
    const named = await operator.request('PUT', `/api/receive-records/${draft.id}`, {
      ...delivery(po.id, '10'),
      version: draft.version,
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().order).toEqual({ id: po.id, number: po.number });
    const dropped = await operator.request('PUT', `/api/receive-records/${draft.id}`, {
      ...delivery(null, '10'),
      version: named.json().version,
    });
    expect(dropped.json().order).toBeNull();
  });
});

describe('order prices from the price list, by kind', () => {
  it('defaults a sales line to the selling price and a purchase line to the buying price', async () => {
    const line = { material_id: ids.pet, kg: '100' };
    const sales = await create({
      kind: 'sales',
      customer_id: ids.customer,
      facility_id: ids.facility,
      ordered_on: '2026-11-12',
      lines: [line],
    });
    expect(sales.lines[0]).toMatchObject({ unit_price: '31.40', amount: '3140.00' });
    const purchase = await create(purchaseOrder({ lines: [line], confirm: false }));
    expect(purchase.lines[0]).toMatchObject({ unit_price: '15.10', amount: '1510.00' });
    // A delivery without an order is priced from buying prices only.
    const bought = await receive(delivery(null, '10'));
    expect(bought.lines[0].unit_price).toBe('15.10');
  });

  it('asks for the price when the price list cannot give one', async () => {
    const price = async (over: Record<string, unknown>) => {
      const res = await manager.post('/api/orders', {
        kind: 'sales',
        customer_id: ids.customer,
        ordered_on: '2026-11-12',
        lines: [{ material_id: ids.pet, kg: '100' }],
        ...over,
      });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().details.fields['body.lines.0.unit_price'];
    };
    expect(await price({})).toBe(
      'Choose a facility (its region picks the price list’s price) or enter the price per kg',
    );
    expect(await price({ facility_id: ids.noRegion })).toBe(
      'The facility has no region to look up the price list in: enter the price per kg',
    );
    expect(await price({ facility_id: ids.facility, ordered_on: '2026-11-09' })).toBe(
      'No selling price for PET clear bottles grade A in NCR on 2026-11-09: enter the price per kg',
    );
  });

  it('keeps buying and selling prices as separate series', async () => {
    const list = (await admin.get(`/api/prices?kind=selling&material_id=${ids.pet}`)).json().items;
    expect(list.map((p: { kind: string; price_per_kg: string }) => [p.kind, p.price_per_kg])).toEqual([
      ['selling', '31.40'],
    ]);
    const current = await admin.get(
      `/api/prices/current?kind=selling&material_id=${ids.pet}&region=NCR&date=2026-11-30`,
    );
    expect(current.json()).toMatchObject({ kind: 'selling', price_per_kg: '31.40' });
    // The same day in the other kind is no conflict; the same kind is.
    const again = await admin.post('/api/prices', {
      kind: 'selling',
      material_id: ids.pet,
      region: 'ncr',
      price_per_kg: '32.00',
      effective_from: '2026-11-10',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(
      /^A selling price for PET_BOTTLES_CLEAR grade A in ncr from 2026-11-10/,
    );
  });
});
