import { RECEIVE_LINE_RULES, receiveLineProblems } from '@plastrace/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, lotBalances, materials, supplierLedger, suppliers } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import * as stock from '../stock/stock.repo.ts';

const ctx = useTestApp();

let admin: TestClient;
let operator: TestClient;
let org: {
  id: string;
  facility: string;
  facilityCode: string;
  supplier: string;
  otherSupplier: string;
  pet: string;
  hdpe: string;
};

const asOf = new Date('2026-11-01T00:00:00Z');
beforeAll(async () => {
  const seeded = await seedDemo(ctx.database.db, { seed: 7, slug: 'intake', asOf });
  const id = seeded.organizationId;
  const db = ctx.database.db;
  const [fac] = await db
    .select()
    .from(facilities)
    .where(and(eq(facilities.organizationId, id), eq(facilities.code, 'MNL1')));
  const sups = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.organizationId, id))
    .orderBy(suppliers.code);
  const mats = await db.select().from(materials).where(eq(materials.organizationId, id));
  org = {
    id,
    facility: fac?.id ?? '',
    facilityCode: 'MNL1',
    supplier: sups[0]?.id ?? '',
    otherSupplier: sups[1]?.id ?? '',
    pet: mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '',
    hdpe: mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '',
  };
  admin = await (await client(ctx.app)).login('admin.intake@demo.plastrace.ph', DEMO_PASSWORD);
  operator = await (await client(ctx.app)).login('operator.intake@demo.plastrace.ph', DEMO_PASSWORD);
});

const delivery = (extra: Record<string, unknown> = {}) => ({
  supplier_id: org.supplier,
  facility_id: org.facility,
  received_at: '2026-10-20T09:30:00+08:00',
  weighbridge_ticket: 'WB-10023',
  vehicle_plate: 'nbc 1234',
  lines: [
    { material_id: org.pet, gross_kg: '1250.5', tare_kg: 30, deduction_pct: 2, unit_price: '16.75' },
    { material_id: org.hdpe, gross_kg: 480 },
  ],
  ...extra,
});

const balance = async (lotId: string) =>
  (await ctx.database.db.select().from(lotBalances).where(eq(lotBalances.lotId, lotId)))[0];

describe('receive records', () => {
  it('drafts with exact weights and money, defaulting prices from the price list', async () => {
    const res = await operator.post('/api/receive-records', delivery());
    expect(res.statusCode).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({ status: 'draft', vehicle_plate: 'NBC 1234', currency: 'PHP' });
    expect(r.number).toMatch(/^RR-2026-\d{6}$/);
    // 1250.5 − 30 = 1220.5 kg; less 2 % = 1196.090 kg; × ₱16.75 = ₱20,034.51 (20034.5075)
    expect(r.lines[0]).toMatchObject({
      net_kg: '1220.500',
      payable_kg: '1196.090',
      unit_price: '16.75',
      amount: '20034.51',
    });
    expect(Number(r.lines[1].unit_price)).toBeGreaterThan(0); // from the NCR price list
    expect(r.total_net_kg).toBe('1700.500');
  });

  it('posts: a lot per line, stock in at the paid value, a payable to the supplier', async () => {
    const draft = (await operator.post('/api/receive-records', delivery())).json();
    const res = await operator.post(`/api/receive-records/${draft.id}/post`);
    expect(res.statusCode).toBe(200);
    const posted = res.json();
    expect(posted.status).toBe('posted');
    const [pet, hdpe] = posted.lines;
    expect(pet.lot.code).toMatch(/^MNL1-261020-\d{4}$/);
    expect(await balance(pet.lot.id)).toMatchObject({ qtyKg: '1220.500', valuePhp: pet.amount });
    expect((await balance(hdpe.lot.id))?.qtyKg).toBe('480.000');
    const ledger = await ctx.database.db
      .select()
      .from(supplierLedger)
      .where(eq(supplierLedger.sourceId, draft.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'payable',
      amount: posted.total_amount,
      reference: posted.number,
    });
    const again = await operator.post(`/api/receive-records/${draft.id}/post`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This record is already posted.');
  });

  it('dates stock and payable from the time received, so past days count what had arrived', async () => {
    const draft = (await operator.post('/api/receive-records', delivery())).json();
    const posted = (await operator.post(`/api/receive-records/${draft.id}/post`)).json();
    const received = new Date('2026-10-20T09:30:00+08:00');
    const moves = await stock.movementsOfLot(ctx.database.db, org.id, posted.lines[0].lot.id);
    expect(moves.map((m) => m.postedAt)).toEqual([received]);
    const [payable] = await ctx.database.db
      .select()
      .from(supplierLedger)
      .where(eq(supplierLedger.sourceId, draft.id));
    expect(payable?.postedAt).toEqual(received);
    const lotsOn = async (day: string) =>
      (await admin.get(`/api/inventory?group=lot&facility_id=${org.facility}&as_of=${day}`))
        .json()
        .items.map((i: { lot: { id: string } }) => i.lot.id);
    expect(await lotsOn('2026-10-19')).not.toContain(posted.lines[0].lot.id);
    expect(await lotsOn('2026-10-20')).toContain(posted.lines[0].lot.id);
  });

  it('names lots and numbers by the organization’s day, not the UTC one', async () => {
    // 07:00 in Manila on 2 November is still 1 November in UTC.
    const early = delivery({ received_at: '2026-11-02T07:00:00+08:00' });
    const draft = (await operator.post('/api/receive-records', early)).json();
    const posted = (await operator.post(`/api/receive-records/${draft.id}/post`)).json();
    expect(posted.lines[0].lot.code).toMatch(/^MNL1-261102-\d{4}$/);
    const publicView = (await ctx.app.inject(`/api/public/lots/${posted.lines[0].lot.id}`)).json();
    expect(publicView.received_on).toBe('2026-11-02');
    // New Year's morning in Manila belongs to the new year, whatever offset the client sent.
    const newYear = delivery({
      received_at: '2025-12-31T16:30:00Z',
      lines: [{ material_id: org.pet, gross_kg: 5, unit_price: 1 }],
    });
    expect((await operator.post('/api/receive-records', newYear)).json().number).toMatch(/^RR-2026-/);
  });

  it('refuses a time received in the future', async () => {
    const future = new Date(Date.now() + 3600_000).toISOString();
    const res = await operator.post('/api/receive-records', delivery({ received_at: future }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual({
      'body.received_at': 'The time received cannot be in the future',
    });
  });

  it('honours Idempotency-Key on create and post', async () => {
    const key = { 'idempotency-key': `scale-7:${Date.now()}` };
    const a = await operator.post('/api/receive-records', delivery(), key);
    const b = await operator.post('/api/receive-records', delivery(), key);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    const other = await operator.post('/api/receive-records', delivery({ weighbridge_ticket: 'WB-2' }), key);
    expect(other.statusCode).toBe(422);
    const postKey = { 'idempotency-key': `post:${a.json().id}` };
    const [p1, p2] = await Promise.all([
      operator.post(`/api/receive-records/${a.json().id}/post`, {}, postKey),
      operator.post(`/api/receive-records/${a.json().id}/post`, {}, postKey),
    ]);
    expect([p1.statusCode, p2.statusCode]).toEqual([200, 200]);
    expect(p1.json().lines[0].lot.id).toBe(p2.json().lines[0].lot.id);
  });

  it('voids a posted record with reversal rows, once', async () => {
    const draft = (await admin.post('/api/receive-records', delivery())).json();
    const posted = (await admin.post(`/api/receive-records/${draft.id}/post`)).json();
    const res = await admin.post(`/api/receive-records/${draft.id}/void`, {
      reason: 'Wrong supplier selected',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'voided', void_reason: 'Wrong supplier selected' });
    expect((await balance(posted.lines[0].lot.id))?.qtyKg).toBe('0.000');
    const ledger = await ctx.database.db
      .select()
      .from(supplierLedger)
      .where(eq(supplierLedger.sourceId, draft.id));
    expect(ledger.map((l) => l.amount).sort()).toEqual(
      [`-${posted.total_amount}`, posted.total_amount].sort(),
    );
    expect((await admin.post(`/api/receive-records/${draft.id}/void`, { reason: 'again' })).statusCode).toBe(
      422,
    );
  });

  it('refuses to void once a lot has moved on (422, saying why)', async () => {
    const draft = (await admin.post('/api/receive-records', delivery())).json();
    const posted = (await admin.post(`/api/receive-records/${draft.id}/post`)).json();
    const lot = posted.lines[0].lot;
    await ctx.database.db.transaction((tx) =>
      stock.move(tx, {
        organizationId: org.id,
        lotId: lot.id,
        facilityId: org.facility,
        materialId: org.pet,
        qtyKg: '-100',
        kind: 'adjustment',
        sourceType: 'test',
        createdBy: null,
      }),
    );
    const res = await admin.post(`/api/receive-records/${draft.id}/void`, { reason: 'Too late' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain(`Lot ${lot.code} has already moved on`);
    expect((await admin.get(`/api/receive-records/${draft.id}`)).json().status).toBe('posted');
  });

  it('settles a void racing a split or an adjustment of its lot: one wins, the other is refused, never a 500', async () => {
    for (let i = 0; i < 6; i++) {
      const draft = (await admin.post('/api/receive-records', delivery())).json();
      const lot = (await admin.post(`/api/receive-records/${draft.id}/post`)).json().lines[0].lot;
      const other =
        i % 2 === 0
          ? admin.post(`/api/lots/${lot.id}/split`, { parts_kg: [100] })
          : admin.post(`/api/lots/${lot.id}/adjust`, { qty_kg: '5', reason: 'Recount' });
      const [voided, moved] = await Promise.all([
        admin.post(`/api/receive-records/${draft.id}/void`, { reason: 'Duplicate' }),
        other,
      ]);
      const codes = [voided.statusCode, moved.statusCode];
      expect(
        codes.every((c) => c === 200 || c === 201 || c === 422),
        JSON.stringify(codes),
      ).toBe(true);
      const after = await balance(lot.id);
      // Voided: nothing left on the lot and the split or adjustment refused; else the lot moved on.
      if (voided.statusCode === 200) expect([after?.qtyKg, moved.statusCode]).toEqual(['0.000', 422]);
      else expect(voided.json().message).toContain('has already moved on');
    }
  });

  it('never lets a lot go negative: of 50 concurrent 10 kg withdrawals from 250 kg, 25 succeed', async () => {
    const draft = (
      await admin.post(
        '/api/receive-records',
        delivery({ lines: [{ material_id: org.pet, gross_kg: 250, unit_price: 10 }] }),
      )
    ).json();
    const lot = (await admin.post(`/api/receive-records/${draft.id}/post`)).json().lines[0].lot;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ctx.database.db.transaction((tx) =>
          stock.move(tx, {
            organizationId: org.id,
            lotId: lot.id,
            facilityId: org.facility,
            materialId: org.pet,
            qtyKg: '-10',
            kind: 'adjustment',
            sourceType: 'test',
            createdBy: null,
          }),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(25);
    // Average cost out: the value leaves with the kilograms, and nothing is left of either.
    expect(await balance(lot.id)).toMatchObject({ qtyKg: '0.000', valuePhp: '0.00' });
  });

  it('checks prices, weights and references with field messages', async () => {
    const noPrice = await admin.post(
      '/api/receive-records',
      delivery({ received_at: '2001-01-01T08:00:00+08:00', lines: [{ material_id: org.pet, gross_kg: 10 }] }),
    );
    expect(noPrice.statusCode).toBe(422);
    expect(noPrice.json().details.fields['body.lines.0.unit_price']).toContain('No price for');
    const tare = await admin.post(
      '/api/receive-records',
      delivery({ lines: [{ material_id: org.pet, gross_kg: 10, tare_kg: 12, unit_price: 1 }] }),
    );
    expect(tare.json().details.fields['body.lines.0.tare_kg']).toBe('Tare must be less than gross');
    const decimals = await admin.post(
      '/api/receive-records',
      delivery({ lines: [{ material_id: org.pet, gross_kg: '10.1234', unit_price: 1 }] }),
    );
    expect(decimals.statusCode).toBe(400);
    const huge = await admin.post(
      '/api/receive-records',
      delivery({ lines: [{ material_id: org.pet, gross_kg: '1000000000000000', unit_price: '10000' }] }),
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().details.fields).toEqual({
      'body.lines.0.gross_kg': 'Gross weight must be below 1,000,000',
      'body.lines.0.unit_price': 'Unit price must be below 10,000',
    });
    const grouped = await admin.post(
      '/api/receive-records',
      delivery({ lines: [{ material_id: org.pet, gross_kg: '1,250.5', unit_price: 1 }] }),
    );
    expect(grouped.json().details.fields).toEqual({
      'body.lines.0.gross_kg': 'Gross weight: write 1250.5, without commas',
    });
    const empty = await admin.post('/api/receive-records', delivery({ lines: [] }));
    expect(empty.json().details.fields['body.lines']).toBe('Add at least one line');
  });

  it('refuses the line rules the web checks with the same words, at their boundaries', async () => {
    // packages/shared decimal.ts states them for the form; the database enforces them at saving.
    const at = async (line: Record<string, unknown>) =>
      (
        await admin.post(
          '/api/receive-records',
          delivery({ lines: [{ material_id: org.pet, unit_price: 1, ...line }] }),
        )
      ).json();
    for (const [line, problems] of [
      [{ gross_kg: '10', tare_kg: '10' }, { tare: RECEIVE_LINE_RULES.tare }],
      [{ gross_kg: '10', deduction_pct: '100' }, { deduction: RECEIVE_LINE_RULES.deduction }],
    ] as const) {
      const values = {
        gross: line.gross_kg,
        tare: 'tare_kg' in line ? line.tare_kg : '',
        deduction: 'deduction_pct' in line ? line.deduction_pct : '',
        price: '1',
      };
      expect(receiveLineProblems(values)).toEqual(problems);
      const field = 'tare' in problems ? 'tare_kg' : 'deduction_pct';
      expect((await at(line)).details.fields[`body.lines.0.${field}`]).toBe(Object.values(problems)[0]);
    }
    const ok = { gross_kg: '10', tare_kg: '9.999', deduction_pct: '99.99' };
    expect(receiveLineProblems({ gross: '10', tare: '9.999', deduction: '99.99', price: '1' })).toEqual({});
    expect((await at(ok)).status).toBe('draft');
  });

  it('lists with filters and keeps roles and organizations apart', async () => {
    // Three posted deliveries of its own, so a page of two has a next page whatever else ran.
    for (let i = 0; i < 3; i++) {
      const d = (await admin.post('/api/receive-records', delivery())).json();
      expect((await admin.post(`/api/receive-records/${d.id}/post`)).statusCode).toBe(200);
    }
    const list = (await admin.get('/api/receive-records?status=posted&q=WB-10023&limit=2')).json();
    expect(list.items.length).toBe(2);
    expect(list.items.every((r: { status: string }) => r.status === 'posted')).toBe(true);
    expect(list.next_cursor).not.toBeNull();
    const draft = (await operator.post('/api/receive-records', delivery())).json();
    expect(
      (await operator.post(`/api/receive-records/${draft.id}/void`, { reason: 'nope' })).statusCode,
    ).toBe(403);
    const auditor = await (await client(ctx.app)).login('auditor.intake@demo.plastrace.ph', DEMO_PASSWORD);
    expect((await auditor.post('/api/receive-records', delivery())).statusCode).toBe(403);
    expect((await auditor.get(`/api/receive-records/${draft.id}`)).statusCode).toBe(200);
    const other = await newOrganization(ctx.app);
    for (const res of [
      await other.admin.get(`/api/receive-records/${draft.id}`),
      await other.admin.post(`/api/receive-records/${draft.id}/post`),
      await other.admin.post('/api/receive-records', delivery()),
    ]) {
      expect(res.statusCode).toBe(404);
    }
  });

  it('lists each record exactly as its own page answers it: drafts, posted and voided', async () => {
    const draft = (await admin.post('/api/receive-records', delivery({ notes: 'listed draft' }))).json();
    const posted = (await admin.post('/api/receive-records?post=true', delivery())).json();
    const voided = (await admin.post('/api/receive-records?post=true', delivery())).json();
    expect(
      (await admin.post(`/api/receive-records/${voided.id}/void`, { reason: 'weighed twice' })).statusCode,
    ).toBe(200);
    const items: { id: string }[] = (await admin.get('/api/receive-records?limit=100')).json().items;
    for (const id of [draft.id, posted.id, voided.id]) expect(items.some((r) => r.id === id)).toBe(true);
    for (const item of items)
      expect(item).toEqual((await admin.get(`/api/receive-records/${item.id}`)).json());
  });

  it('exports the filtered records as CSV, a row per line, and logs the export', async () => {
    const draft = (
      await admin.post('/api/receive-records', delivery({ weighbridge_ticket: 'WB-CSV-7' }))
    ).json();
    const posted = (await admin.post(`/api/receive-records/${draft.id}/post`)).json();
    const auditor = await (await client(ctx.app)).login('auditor.intake@demo.plastrace.ph', DEMO_PASSWORD);
    const res = await auditor.get(
      `/api/receive-records/export.csv?q=WB-CSV-7&status=posted&from=2026-10-20&to=2026-10-20`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [head, ...rows] = res.body.trim().split('\r\n');
    expect(head).toBe(
      'Record,Status,Received at,Posted at,Voided at,Weighbridge ticket,Vehicle plate,Supplier code,Supplier,Facility code,Facility,Purchase order,Line,Material code,Material,Gross kg,Tare kg,Net kg,Deduction %,Payable kg,Unit price PHP/kg,Amount PHP,Lot',
    );
    expect(rows).toHaveLength(2);
    const cells = rows.map((r) => r.split(','));
    expect(cells[0]?.slice(0, 3)).toEqual([posted.number, 'posted', '2026-10-20T01:30:00.000Z']);
    expect(cells[0]?.slice(12, 23)).toEqual([
      '1',
      'PET_BOTTLES_CLEAR',
      expect.any(String),
      '1250.500',
      '30.000',
      '1220.500',
      '2.00',
      '1196.090',
      '16.75',
      '20034.51',
      posted.lines[0].lot.code,
    ]);
    expect(cells[1]?.[13]).toBe('HDPE_NATURAL');
    const log = (await admin.get('/api/dashboard/user-transactions?type=EXPORT_DATA')).json().items[0];
    expect(log).toMatchObject({ description: 'Exported 2 receive records' });
    expect(log.metadata).toMatchObject({ dataType: 'receive_records', recordCount: 2 });
    expect(log.metadata.parameters).toMatchObject({ q: 'WB-CSV-7', status: 'posted' });
    const drafts = await auditor.get('/api/receive-records/export.csv?q=WB-CSV-7&status=draft');
    expect(drafts.body.trim().split('\r\n')).toHaveLength(1);
    expect((await operator.get('/api/receive-records/export.csv')).statusCode).toBe(403);
  });

  it('shows a supplier member only their own deliveries', async () => {
    const supplier = await (await client(ctx.app)).login('supplier.intake@demo.plastrace.ph', DEMO_PASSWORD);
    const theirs = (await admin.post('/api/receive-records', delivery())).json();
    const others = (
      await admin.post('/api/receive-records', delivery({ supplier_id: org.otherSupplier }))
    ).json();
    const list = (await supplier.get('/api/receive-records?limit=200')).json();
    const ids = list.items.map((r: { id: string }) => r.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(others.id);
    expect((await supplier.get(`/api/receive-records/${others.id}`)).statusCode).toBe(404);
    expect((await supplier.post('/api/receive-records', delivery())).statusCode).toBe(403);
  });
});
