import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerLedger,
  drivers,
  facilities,
  haulers,
  materials,
  orderLines,
  orderRecords,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';

// Dispatch records (migration 0017): stock out never below zero, quarantine, weighbridge, vehicle
// capacity, licences, orders' tolerance and fulfilment, the receivable, proof of delivery and its
// discrepancy, void, isolation, roles, idempotency — each answer equal to reading the record back.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let supplier: TestClient;
let stranger: TestClient;
let org: string;
const ids = {
  facility: '',
  other: '',
  supplier: '',
  pet: '',
  customer: '',
  customer2: '',
  truck: '',
  van: '',
};
const people = { driver: '', expired: '', hauler: '', lapsed: '', admin: '' };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'dispatch');
  ({ admin, manager, operator, auditor, supplier } = o);
  org = o.organizationId;
  stranger = (await seededOrganization(ctx, 'dispatch-other')).admin;
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  ids.facility = fac.find((f) => f.code === 'MNL1')?.id ?? '';
  ids.other = fac.find((f) => f.code === 'CEB1')?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, org));
  ids.pet = mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '';
  ids.supplier = (await admin.get('/api/suppliers?limit=1')).json().items[0].id;
  for (const [key, code, name] of [
    ['customer', 'ZZ-PELLET', 'Pellet Buyer Inc.'],
    ['customer2', 'ZZ-OTHER', 'Other Buyer Corp.'],
  ] as const) {
    const res = await admin.post('/api/customers', { code, name, type: 'manufacturer' });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().id;
  }
  // Master data of dispatcher management, written directly: this file tests dispatch rules only.
  const base = { organizationId: org };
  const [h, lapsed] = await db
    .insert(haulers)
    .values([
      { ...base, code: 'H1', name: 'Lakbay Trucking', accreditationValidUntil: '2027-06-30' },
      { ...base, code: 'H2', name: 'Lapsed Haulers', accreditationValidUntil: '2026-10-31' },
    ])
    .returning();
  const [truck, van] = await db
    .insert(vehicles)
    .values([
      { ...base, code: 'NBC 1234', name: 'Wing van', type: 'wing_van', capacityKg: '10000' },
      { ...base, code: 'ABC 987', name: 'Closed van', type: 'closed_van', capacityKg: '1000' },
    ])
    .returning();
  const [d, x] = await db
    .insert(drivers)
    .values([
      {
        ...base,
        code: 'D1',
        name: 'Jun Santos',
        licenceNumber: 'N01-12-345678',
        licenceExpiresOn: '2028-01-31',
      },
      {
        ...base,
        code: 'D2',
        name: 'Rey Cruz',
        licenceNumber: 'N02-12-000001',
        licenceExpiresOn: '2026-11-01',
      },
    ])
    .returning();
  Object.assign(ids, { truck: truck?.id, van: van?.id });
  Object.assign(people, { driver: d?.id, expired: x?.id, hauler: h?.id, lapsed: lapsed?.id });
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin.dispatch@demo.plastrace.ph'));
  people.admin = u?.id ?? '';
});

/** Receives and posts a delivery of `kg` net of PET bottles at MNL1; answers its lot. */
async function lotOf(kg: string, price = '20.00') {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: ids.supplier,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: price }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot as { id: string; code: string };
}

const dispatch = (lines: { lot_id: string; kg: string; unit_price?: string }[], extra = {}) => ({
  customer_id: ids.customer,
  facility_id: ids.facility,
  dispatched_at: '2026-11-22T09:00:00+08:00',
  vehicle_id: ids.truck,
  driver_id: people.driver,
  hauler_id: people.hauler,
  seal_numbers: ['S-0001', 'S-0002'],
  lines: lines.map((l) => ({ unit_price: '30.00', ...l })),
  ...extra,
});

const lot = async (lotId: string) => (await operator.get(`/api/lots/${lotId}`)).json();
const owed = async (customerId: string) => {
  const [row] = await ctx.database.db
    .select({ sum: sql<string>`coalesce(sum(${customerLedger.amount}), 0)::text` })
    .from(customerLedger)
    .where(and(eq(customerLedger.organizationId, org), eq(customerLedger.customerId, customerId)));
  return row?.sum;
};

/** A confirmed sales order of `kg` PET bottles for the customer, written directly (orders have their own tests). */
async function orderOf(kg: string, tolerancePct = '0') {
  const db = ctx.database.db;
  const n = Math.floor(Math.random() * 1e9);
  const [o] = await db
    .insert(orderRecords)
    .values({
      organizationId: org,
      number: `SO-T-${n}`,
      kind: 'sales',
      status: 'confirmed',
      customerId: ids.customer,
      orderedOn: '2026-11-20',
      tolerancePct,
      createdBy: people.admin,
    })
    .returning();
  if (!o) throw new Error('no order');
  await db.insert(orderLines).values({
    organizationId: org,
    orderId: o.id,
    lineNo: 1,
    materialId: ids.pet,
    kg,
    unitPrice: '32.50',
    amount: '0',
  });
  return o;
}

const orderStatus = async (id: string) =>
  (await ctx.database.db.select().from(orderRecords).where(eq(orderRecords.id, id)))[0]?.status;

describe('dispatch records', () => {
  it('drafts, posts and reads back: stock out at cost, a delivery receipt number, the receivable', async () => {
    const a = await lotOf('600', '20.00');
    const b = await lotOf('400', '10.00');
    const draft = await operator.post(
      '/api/dispatch-records',
      dispatch(
        [
          { lot_id: a.id, kg: '600' },
          { lot_id: b.id, kg: '250', unit_price: '28.00' },
        ],
        { gross_kg: '14850', tare_kg: '14000', weighbridge_ticket: 'WB-77' },
      ),
    );
    expect(draft.statusCode, draft.body).toBe(201);
    const d = draft.json();
    expect(d).toMatchObject({
      status: 'draft',
      delivery_receipt_no: null,
      total_kg: '850.000',
      net_kg: '850.000',
    });
    expect(d.number).toMatch(/^DS-2026-\d{6}$/);
    expect(d.amount).toBe('25000.00');
    expect(d).toEqual((await operator.get(`/api/dispatch-records/${d.id}`)).json());

    const before = await owed(ids.customer);
    const posted = await operator.post(
      `/api/dispatch-records/${d.id}/post`,
      {},
      { 'idempotency-key': 'dp-1' },
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const p = posted.json();
    expect(p).toEqual((await operator.get(`/api/dispatch-records/${d.id}`)).json());
    expect(p.status).toBe('posted');
    expect(p.delivery_receipt_no).toMatch(/^DR-2026-\d{6}$/);
    // 600 kg at ₱20 and 250 of 400 kg at ₱10 left stock at their cost.
    expect(p.lines.map((l: { value_php: string }) => l.value_php)).toEqual(['12000.00', '2500.00']);
    expect(await lot(a.id)).toMatchObject({ status: 'dispatched', qty_kg: '0.000' });
    expect(await lot(b.id)).toMatchObject({ status: 'available', qty_kg: '150.000' });
    expect(Number(await owed(ids.customer)) - Number(before)).toBe(25000);
    // The receivable names the delivery receipt, as the customer's statement shows it.
    const [receivable] = await ctx.database.db
      .select({ reference: customerLedger.reference, kind: customerLedger.kind })
      .from(customerLedger)
      .where(eq(customerLedger.sourceId, d.id));
    expect(receivable).toEqual({ reference: p.delivery_receipt_no, kind: 'receivable' });
    // A retry with the same key answers the first posting again.
    const again = await operator.post(
      `/api/dispatch-records/${d.id}/post`,
      {},
      { 'idempotency-key': 'dp-1' },
    );
    expect(again.json()).toEqual(p);
    expect(await auditActions(ctx, d.id)).toEqual(['dispatch_record.created', 'dispatch_record.updated']);
    expect((await activity(admin, p.number))[0]).toBe(
      `Dispatched 850 kg to Pellet Buyer Inc. on ${p.number} (${p.delivery_receipt_no})`,
    );
  });

  it('never lets 30 concurrent dispatches of one lot take it below zero', async () => {
    const a = await lotOf('100');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        operator.post('/api/dispatch-records?post=true', dispatch([{ lot_id: a.id, kg: '10' }]), {
          'idempotency-key': `race-${i}`,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c !== 201).every((c) => c === 422 || c === 409)).toBe(true);
    expect(await lot(a.id)).toMatchObject({ qty_kg: '0.000', status: 'dispatched' });
    // Delivery receipt numbers stay gapless: the refused postings gave theirs back.
    const numbers = results
      .filter((r) => r.statusCode === 201)
      .map((r) => Number(r.json().delivery_receipt_no.slice(8)))
      .sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => (numbers[0] ?? 0) + i));
  });

  it('refuses a quarantined lot, a load above the vehicle’s capacity and lines off the weighbridge', async () => {
    const a = await lotOf('1200');
    const q = await manager.post(`/api/lots/${a.id}/quarantine`, { reason: 'Contamination found' });
    expect(q.statusCode, q.body).toBe(200);
    const held = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '100' }]),
    );
    expect(held.statusCode).toBe(422);
    expect(held.json().message).toBe(`Lot ${a.code} is quarantined: release it before it can leave.`);
    await manager.post(`/api/lots/${a.id}/release`, { reason: 'Cleared by QA' });

    const heavy = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '1100' }], { vehicle_id: ids.van }),
    );
    expect(heavy.statusCode).toBe(422);
    expect(heavy.json().message).toBe(
      'ABC 987 carries at most 1,000 kg: this load is 1,100 kg. Split it over two trips or choose a larger vehicle.',
    );
    const off = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '1000' }], { gross_kg: '15010', tare_kg: '14000' }),
    );
    expect(off.statusCode).toBe(422);
    expect(off.json().details.fields['body.gross_kg']).toBe('1,010 kg net against 1,000 kg loaded');
    // Within 0.2 %: 1,002 kg weighed for 1,000 kg loaded posts.
    const near = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '1000' }], { gross_kg: '15002', tare_kg: '14000' }),
    );
    expect(near.statusCode, near.body).toBe(201);
    // Nothing of the refused attempts stayed behind.
    expect(await lot(a.id)).toMatchObject({ qty_kg: '200.000', status: 'available' });
  });

  it('refuses an expired licence or accreditation, and a lot at another facility', async () => {
    const a = await lotOf('50');
    const expired = await operator.post(
      '/api/dispatch-records',
      dispatch([{ lot_id: a.id, kg: '50' }], { driver_id: people.expired }),
    );
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      message: 'Rey Cruz’s driver’s licence expired on 1 Nov 2026: renew it before assigning them',
      details: { fields: { 'body.driver_id': 'Licence expired on 1 Nov 2026' } },
    });
    const lapsed = await operator.post(
      '/api/dispatch-records',
      dispatch([{ lot_id: a.id, kg: '50' }], { hauler_id: people.lapsed }),
    );
    expect(lapsed.statusCode).toBe(422);
    expect(lapsed.json().message).toBe('Lapsed Haulers’s accreditation expired on 31 Oct 2026');
    const elsewhere = await operator.post(
      '/api/dispatch-records',
      dispatch([{ lot_id: a.id, kg: '50' }], { facility_id: ids.other }),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().details.fields['body.lines.0.lot_id']).toBe(
      `Lot ${a.code} is at another facility`,
    );
    const noPrice = await operator.post('/api/dispatch-records', {
      ...dispatch([]),
      lines: [{ lot_id: a.id, kg: '50' }],
    });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().details.fields['body.lines.0.unit_price']).toBe('Enter the price per kg');
  });

  it('fulfils a sales order at its price, refuses over-delivery, and a void gives the order back', async () => {
    const order = await orderOf('1000', '2');
    const a = await lotOf('2000');
    const first = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '600', unit_price: undefined as unknown as string }], {
        order_id: order.id,
      }),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ order: { number: order.number }, amount: '19500.00' });
    expect(first.json().lines[0].unit_price).toBe('32.50');
    expect(await orderStatus(order.id)).toBe('partly_fulfilled');
    const over = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '430' }], { order_id: order.id }),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      `Order ${order.number} asks for 1,000 kg of PET clear bottles (up to 2.00 % more): with this dispatch 1,030 kg would be delivered.`,
    );
    const rest = await operator.post(
      '/api/dispatch-records?post=true',
      dispatch([{ lot_id: a.id, kg: '410' }], { order_id: order.id }),
    );
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await orderStatus(order.id)).toBe('fulfilled');
    // A fulfilled order takes no more dispatches; voiding one reopens it.
    const closed = await operator.post(
      '/api/dispatch-records',
      dispatch([{ lot_id: a.id, kg: '1' }], { order_id: order.id }),
    );
    expect(closed.statusCode).toBe(422);
    expect(closed.json().details.fields['body.order_id']).toBe(`Order ${order.number} is fulfilled`);
    const voided = await manager.post(`/api/dispatch-records/${rest.json().id}/void`, {
      reason: 'Truck broke down',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await orderStatus(order.id)).toBe('partly_fulfilled');
    const wrong = await operator.post(
      '/api/dispatch-records',
      dispatch([{ lot_id: a.id, kg: '1' }], { order_id: order.id, customer_id: ids.customer2 }),
    );
    expect(wrong.statusCode).toBe(422);
  });

  it('voids a posted dispatch: stock back at its value, the receivable reversed; only managers may', async () => {
    const a = await lotOf('300', '15.00');
    const p = (
      await operator.post('/api/dispatch-records?post=true', dispatch([{ lot_id: a.id, kg: '300' }]))
    ).json();
    const before = await owed(ids.customer);
    expect(
      (await operator.post(`/api/dispatch-records/${p.id}/void`, { reason: 'Wrong customer' })).statusCode,
    ).toBe(403);
    const v = await manager.post(`/api/dispatch-records/${p.id}/void`, { reason: 'Wrong customer' });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ status: 'voided', void_reason: 'Wrong customer' });
    expect(await lot(a.id)).toMatchObject({ status: 'available', qty_kg: '300.000', value_php: '4500.00' });
    expect(Number(before) - Number(await owed(ids.customer))).toBe(9000);
    const twice = await manager.post(`/api/dispatch-records/${p.id}/void`, { reason: 'Again' });
    expect(twice.statusCode).toBe(422);
  });
});

async function signature() {
  return sharp({ create: { width: 60, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toBuffer();
}

const proof = async (fields: Record<string, string>, withSignature = true) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (withSignature)
    f.append('signature', new Blob([new Uint8Array(await signature())], { type: 'image/png' }), 'sig.png');
  return f;
};

describe('proof of delivery', () => {
  it('records a delivery 0.3 % short as a discrepancy a manager settles with a credit note', async () => {
    const a = await lotOf('1000');
    const p = (
      await operator.post('/api/dispatch-records?post=true', dispatch([{ lot_id: a.id, kg: '1000' }]))
    ).json();
    const missing = await operator.post(
      `/api/dispatch-records/${p.id}/delivery`,
      await proof(
        { delivered_at: '2026-11-22T15:00:00+08:00', received_kg: '997', receiver_name: 'M. Reyes' },
        false,
      ),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields['body.signature_file_id']).toBe(
      'Add the receiver’s signature or a photo of the signed receipt',
    );
    const bad = await operator.post(
      `/api/dispatch-records/${p.id}/delivery`,
      await proof({ delivered_at: 'yesterday', received_kg: '-1', receiver_name: 'M' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields).sort()).toEqual([
      'body.delivered_at',
      'body.received_kg',
      'body.receiver_name',
    ]);

    const form = await proof({
      delivered_at: '2026-11-22T15:00:00+08:00',
      received_kg: '997',
      receiver_name: 'M. Reyes',
    });
    const delivered = await operator.post(`/api/dispatch-records/${p.id}/delivery`, form, {
      'idempotency-key': 'pod-1',
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const d = delivered.json();
    expect(d).toEqual((await operator.get(`/api/dispatch-records/${p.id}`)).json());
    expect(d.delivery).toMatchObject({
      received_kg: '997.000',
      receiver_name: 'M. Reyes',
      difference_kg: '3.000',
    });
    expect(d.discrepancy).toMatchObject({ kg: '3.000', status: 'open' });
    const sig = await auditor.get(d.delivery.signature_url);
    expect(sig.statusCode).toBe(200);
    expect(sig.headers['content-type']).toBe('image/png');
    // The same form again with the same key answers the first delivery and keeps no second file.
    const replay = await operator.post(
      `/api/dispatch-records/${p.id}/delivery`,
      await proof({
        delivered_at: '2026-11-22T15:00:00+08:00',
        received_kg: '997',
        receiver_name: 'M. Reyes',
      }),
      { 'idempotency-key': 'pod-1' },
    );
    expect(replay.json()).toEqual(d);
    const files = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM files WHERE organization_id = ${org} AND original_name = ${`signature-${p.id}`}`,
    );
    expect(files.rows[0]).toEqual({ n: 1 });
    const twice = await operator.post(
      `/api/dispatch-records/${p.id}/delivery`,
      await proof({
        delivered_at: '2026-11-22T15:00:00+08:00',
        received_kg: '1000',
        receiver_name: 'M. Reyes',
      }),
    );
    expect(twice.statusCode).toBe(409);

    // Delivered: no void, and only a manager settles.
    const noVoid = await manager.post(`/api/dispatch-records/${p.id}/void`, { reason: 'Too late' });
    expect(noVoid.statusCode).toBe(422);
    expect(noVoid.json().message).toMatch(
      /was delivered on 22 Nov 2026: a delivered dispatch cannot be voided/,
    );
    const settle = { resolution: 'credit_note', reason: 'Shortage agreed with buyer' };
    expect((await operator.post(`/api/dispatch-records/${p.id}/settle`, settle)).statusCode).toBe(403);
    const before = await owed(ids.customer);
    const settled = await manager.post(`/api/dispatch-records/${p.id}/settle`, settle);
    expect(settled.statusCode, settled.body).toBe(200);
    // 3 kg of 1,000 kg at ₱30/kg.
    expect(settled.json().discrepancy).toMatchObject({ status: 'credited', credit_note_amount: '90.00' });
    expect(Number(before) - Number(await owed(ids.customer))).toBe(90);
    expect((await manager.post(`/api/dispatch-records/${p.id}/settle`, settle)).statusCode).toBe(422);
  });

  it('takes a delivery within tolerance without a discrepancy, and writes off an excess', async () => {
    const a = await lotOf('1000');
    const p = (
      await operator.post('/api/dispatch-records?post=true', dispatch([{ lot_id: a.id, kg: '1000' }]))
    ).json();
    const ok = await operator.post(
      `/api/dispatch-records/${p.id}/delivery`,
      await proof({
        delivered_at: '2026-11-22T16:00:00+08:00',
        received_kg: '998.5',
        receiver_name: 'L. Tan',
        // 2,000 characters of 2 bytes each: stored whole, never cut by the multipart reader.
        notes: 'ñ'.repeat(2000),
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().discrepancy).toBeNull();
    expect(ok.json().delivery.notes).toHaveLength(2000);

    const b = await lotOf('500');
    const q = (
      await operator.post('/api/dispatch-records?post=true', dispatch([{ lot_id: b.id, kg: '500' }]))
    ).json();
    const more = await operator.post(
      `/api/dispatch-records/${q.id}/delivery`,
      await proof({ delivered_at: '2026-11-22T16:00:00+08:00', received_kg: '505', receiver_name: 'L. Tan' }),
    );
    expect(more.json().discrepancy).toMatchObject({ kg: '-5.000', status: 'open' });
    const credit = await manager.post(`/api/dispatch-records/${q.id}/settle`, {
      resolution: 'credit_note',
      reason: 'x'.repeat(5),
    });
    expect(credit.statusCode).toBe(422);
    const off = await manager.post(`/api/dispatch-records/${q.id}/settle`, {
      resolution: 'write_off',
      reason: 'Buyer’s scale not calibrated',
    });
    expect(off.json().discrepancy).toMatchObject({ status: 'written_off', credit_note_amount: null });
    expect((await activity(admin, q.number))[0]).toBe(
      `Wrote off 5 kg as transit loss on ${q.number}: Buyer’s scale not calibrated`,
    );
  });
});

describe('dispatch access and lists', () => {
  it('keeps another organization’s dispatches invisible and roles within their rights', async () => {
    const a = await lotOf('80');
    const p = (await operator.post('/api/dispatch-records', dispatch([{ lot_id: a.id, kg: '80' }]))).json();
    expect((await stranger.get(`/api/dispatch-records/${p.id}`)).statusCode).toBe(404);
    expect((await stranger.post(`/api/dispatch-records/${p.id}/post`)).statusCode).toBe(404);
    expect(
      (await stranger.get('/api/dispatch-records?limit=100')).json().items.map((r: { id: string }) => r.id),
    ).not.toContain(p.id);
    expect((await supplier.get('/api/dispatch-records')).statusCode).toBe(403);
    expect(
      (await auditor.post('/api/dispatch-records', dispatch([{ lot_id: a.id, kg: '1' }]))).statusCode,
    ).toBe(403);
    // Another organization's lot is not found either.
    const foreign = await stranger.post('/api/dispatch-records', {
      ...dispatch([{ lot_id: a.id, kg: '1' }]),
      customer_id: ids.customer,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('edits a draft with its version, adds photos to it, and finds it by lot code and plate', async () => {
    const a = await lotOf('90');
    const d = (await operator.post('/api/dispatch-records', dispatch([{ lot_id: a.id, kg: '80' }]))).json();
    const edited = await operator.request('PUT', `/api/dispatch-records/${d.id}`, {
      ...dispatch([{ lot_id: a.id, kg: '90' }]),
      notes: 'Full lot',
      version: d.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ total_kg: '90.000', notes: 'Full lot', version: d.version + 1 });
    const stale = await operator.request('PUT', `/api/dispatch-records/${d.id}`, {
      ...dispatch([{ lot_id: a.id, kg: '90' }]),
      version: d.version,
    });
    expect(stale.statusCode).toBe(409);
    const f = new FormData();
    f.append('photos', new Blob([new Uint8Array(await signature())], { type: 'image/png' }), 'truck.png');
    const photo = await operator.post(`/api/dispatch-records/${d.id}/photos`, f);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().photos).toHaveLength(1);

    const byLot = await auditor.get(`/api/dispatch-records?q=${a.code}`);
    expect(byLot.json().items.map((r: { id: string }) => r.id)).toEqual([d.id]);
    const drafts = await auditor.get('/api/dispatch-records?status=draft&limit=100');
    expect(drafts.json().items.every((r: { status: string }) => r.status === 'draft')).toBe(true);
    const csv = await auditor.get(`/api/dispatch-records/export.csv?q=${a.code}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toMatch(/^Record,Delivery receipt,Status,/);
    expect(csv.body).toContain(d.number);
  });
});

describe('delivery receipt', () => {
  it('prints a posted dispatch’s receipt with its QR, refuses a draft, and shows public facts to anyone', async () => {
    const a = await lotOf('120', '20.00');
    const d = (await operator.post('/api/dispatch-records', dispatch([{ lot_id: a.id, kg: '120' }]))).json();
    const draft = await auditor.get(`/api/dispatch-records/${d.id}/receipt.pdf`);
    expect(draft.statusCode).toBe(422);
    expect((await ctx.app.inject({ url: `/api/public/dispatches/${d.id}` })).statusCode).toBe(404);

    const p = (await operator.post(`/api/dispatch-records/${d.id}/post`)).json();
    const pdf = await auditor.get(`/api/dispatch-records/${d.id}/receipt.pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`inline; filename="${p.delivery_receipt_no}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await activity(auditor, p.delivery_receipt_no))[0]).toBe(
      `Printed delivery receipt ${p.delivery_receipt_no} (${p.number})`,
    );
    expect((await stranger.get(`/api/dispatch-records/${d.id}/receipt.pdf`)).statusCode).toBe(404);

    const open = await ctx.app.inject({ url: `/api/public/dispatches/${d.id}` });
    expect(open.statusCode, open.body).toBe(200);
    const facts = open.json();
    expect(facts).toMatchObject({
      number: p.number,
      delivery_receipt_no: p.delivery_receipt_no,
      status: 'posted',
      total_kg: '120.000',
      delivered_at: null,
      lots: [{ lot_id: a.id, code: a.code, kg: '120.000' }],
    });
    // No prices, customer or people travel with the QR code.
    expect(JSON.stringify(facts)).not.toMatch(/Pellet Buyer|amount|price|Jun Santos/);
  });
});
