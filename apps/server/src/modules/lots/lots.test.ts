import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials, suppliers, userTransactions } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../seed/data.ts';
import { seedDemo } from '../../seed/demo.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { pdfText } from '../../test/pdf.ts';
import { qrPng, qrSvg, verifyUrl } from './lots.qr.ts';

const ctx = useTestApp();
let admin: TestClient;
let operator: TestClient;
let ids: { facility: string; cebu: string; supplier: string; other: string; pet: string; hdpe: string };

beforeAll(async () => {
  const { organizationId: org } = await seedDemo(ctx.database.db, {
    seed: 3,
    slug: 'lots',
    asOf: new Date('2026-11-01'),
  });
  const db = ctx.database.db;
  const fac = await db.select().from(facilities).where(eq(facilities.organizationId, org));
  const sups = await db
    .select()
    .from(suppliers)
    .where(eq(suppliers.organizationId, org))
    .orderBy(suppliers.code);
  const mats = await db
    .select()
    .from(materials)
    .where(and(eq(materials.organizationId, org)));
  ids = {
    facility: fac.find((f) => f.code === 'MNL1')?.id ?? '',
    cebu: fac.find((f) => f.code === 'CEB1')?.id ?? '',
    supplier: sups[0]?.id ?? '',
    other: sups[1]?.id ?? '',
    pet: mats.find((m) => m.code === 'PET_BOTTLES_CLEAR')?.id ?? '',
    hdpe: mats.find((m) => m.code === 'HDPE_NATURAL')?.id ?? '',
  };
  admin = await (await client(ctx.app)).login('admin.lots@demo.plastrace.ph', DEMO_PASSWORD);
  operator = await (await client(ctx.app)).login('operator.lots@demo.plastrace.ph', DEMO_PASSWORD);
});

/** Receives and posts one delivery; returns its lots. */
async function receive(
  lines: { material_id: string; gross_kg: number; unit_price: number }[],
  extra: Record<string, unknown> = {},
) {
  const draft = (
    await admin.post('/api/receive-records', {
      supplier_id: ids.supplier,
      facility_id: ids.facility,
      received_at: '2026-11-02T08:00:00+08:00',
      lines,
      ...extra,
    })
  ).json();
  const posted = (await admin.post(`/api/receive-records/${draft.id}/post`)).json();
  return posted.lines.map((l: { lot: { id: string; code: string } }) => l.lot) as {
    id: string;
    code: string;
  }[];
}

describe('lots', () => {
  it('splits parts off a lot, carrying value at average cost', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 1000, unit_price: 15 }]);
    const res = await operator.post(`/api/lots/${lot?.id}/split`, { parts_kg: ['250', 100.5] });
    expect(res.statusCode).toBe(200);
    const { parent, lots } = res.json();
    expect(parent).toMatchObject({ qty_kg: '649.500', value_php: '9742.50', status: 'available' });
    expect(lots.map((l: { qty_kg: string; value_php: string }) => [l.qty_kg, l.value_php])).toEqual([
      ['250.000', '3750.00'],
      ['100.500', '1507.50'],
    ]);
    expect(parent.movements.map((m: { kind: string }) => m.kind)).toEqual([
      'receipt',
      'split_out',
      'split_out',
    ]);
    const tooMuch = await operator.post(`/api/lots/${lot?.id}/split`, { parts_kg: [700] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toContain('does not hold that much');
    expect((await operator.get(`/api/lots/${lot?.id}`)).json().qty_kg).toBe('649.500');
  });

  it('names where a lot came from: its delivery and supplier, or the lot it was split from', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 40, unit_price: 15 }]);
    const received = (await operator.get(`/api/lots/${lot?.id}`)).json();
    expect(received.origin).toMatchObject({
      receive_record: {
        number: expect.stringMatching(/^RR-\d{4}-\d{6}$/),
        received_at: '2026-11-02T00:00:00.000Z',
      },
      supplier: { id: ids.supplier },
      source_lot: null,
    });
    const record = (await operator.get(`/api/receive-records/${received.origin.receive_record.id}`)).json();
    expect(record.lines[0].lot.id).toBe(lot?.id);
    const { lots } = (await operator.post(`/api/lots/${lot?.id}/split`, { parts_kg: [10] })).json();
    const child = (await operator.get(`/api/lots/${lots[0].id}`)).json();
    expect(child.origin).toEqual({
      receive_record: null,
      supplier: null,
      source_lot: { id: lot?.id, code: lot?.code },
      production_record: null,
    });
  });

  it('merges lots of one material at one facility and refuses mixed ones', async () => {
    const [a, b] = await receive([
      { material_id: ids.pet, gross_kg: 100, unit_price: 10 },
      { material_id: ids.pet, gross_kg: 50, unit_price: 16 },
    ]);
    const [c] = await receive([{ material_id: ids.hdpe, gross_kg: 20, unit_price: 20 }]);
    const mixed = await operator.post('/api/lots/merge', { lot_ids: [a?.id, c?.id] });
    expect(mixed.statusCode).toBe(422);
    const res = await operator.post('/api/lots/merge', { lot_ids: [a?.id, b?.id] });
    expect(res.json()).toMatchObject({ qty_kg: '150.000', value_php: '1800.00', origin_type: 'merge' });
    expect((await operator.get(`/api/lots/${a?.id}`)).json()).toMatchObject({
      status: 'consumed',
      qty_kg: '0.000',
    });
  });

  it('quarantines and releases; a quarantined lot cannot be split', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 10, unit_price: 10 }]);
    const q = await operator.post(`/api/lots/${lot?.id}/quarantine`, {
      reason: 'Contaminated with PVC labels',
    });
    expect(q.json()).toMatchObject({
      status: 'quarantined',
      quarantine_reason: 'Contaminated with PVC labels',
    });
    expect((await operator.post(`/api/lots/${lot?.id}/split`, { parts_kg: [1] })).statusCode).toBe(422);
    expect((await operator.post(`/api/lots/${lot?.id}/release`, { reason: 'Re-sorted' })).json().status).toBe(
      'available',
    );
  });

  it('lets managers and admins adjust stock with a reason, never below zero; operators may not', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 40, unit_price: 10 }]);
    const refused = await operator.post(`/api/lots/${lot?.id}/adjust`, { qty_kg: '-1', reason: 'Count' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const down = await admin.post(`/api/lots/${lot?.id}/adjust`, {
      qty_kg: '-2.5',
      reason: 'Moisture loss at count',
    });
    expect(down.json()).toMatchObject({ qty_kg: '37.500', value_php: '375.00' });
    const up = await admin.post(`/api/lots/${lot?.id}/adjust`, { qty_kg: 2.5, reason: 'Recount' });
    expect(up.json()).toMatchObject({ qty_kg: '40.000', value_php: '400.00' });
    const negative = await admin.post(`/api/lots/${lot?.id}/adjust`, { qty_kg: -41, reason: 'Too much' });
    expect(negative.statusCode).toBe(422);
    const concurrent = await Promise.all(
      Array.from({ length: 50 }, () =>
        admin.post(`/api/lots/${lot?.id}/adjust`, { qty_kg: -1, reason: 'Concurrent withdrawal' }),
      ),
    );
    expect(concurrent.filter((r) => r.statusCode === 200)).toHaveLength(40);
    expect(concurrent.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect((await admin.get(`/api/lots/${lot?.id}`)).json().qty_kg).toBe('0.000');
  });

  it('shows public facts to anyone, and nothing else', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 75, unit_price: 99 }]);
    const res = await ctx.app.inject(`/api/public/lots/${lot?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: lot?.code,
      material: 'PET clear bottles',
      polymer: 'PET',
      qty_kg: '75.000',
      facility_city: 'Valenzuela',
      received_on: '2026-11-02',
      organization: { name: expect.any(String), time_zone: 'Asia/Manila' },
    });
    // Only these keys leave the organization: no price, value, supplier or internal notes; the
    // organization only by name, so a buyer knows who holds the lot.
    expect(Object.keys(res.json().organization).sort()).toEqual(['name', 'time_zone']);
    expect(Object.keys(res.json()).sort()).toEqual([
      'code',
      'created_at',
      'facility_city',
      'form',
      'id',
      'material',
      'organization',
      'polymer',
      'qty_kg',
      'received_on',
      'status',
    ]);
    expect(res.body).not.toMatch(/"[^"]*(price|value|amount|supplier)[^"]*"\s*:/);
    expect((await ctx.app.inject('/api/public/lots/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('lists lots with filters; other organizations get 404; supplier members see their own', async () => {
    const [mine] = await receive([{ material_id: ids.hdpe, gross_kg: 12, unit_price: 1 }]);
    const [theirs] = await receive([{ material_id: ids.hdpe, gross_kg: 13, unit_price: 1 }], {
      supplier_id: ids.other,
    });
    const list = (await operator.get(`/api/lots?material_id=${ids.hdpe}&status=available&limit=200`)).json();
    expect(list.items.map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining([mine?.id, theirs?.id]),
    );
    const supplier = await (await client(ctx.app)).login('supplier.lots@demo.plastrace.ph', DEMO_PASSWORD);
    const seen = (await supplier.get('/api/lots?limit=200')).json().items.map((l: { id: string }) => l.id);
    expect(seen).toContain(mine?.id);
    expect(seen).not.toContain(theirs?.id);
    expect((await supplier.get(`/api/lots/${theirs?.id}`)).statusCode).toBe(404);
    const other = await newOrganization(ctx.app);
    expect((await other.admin.get(`/api/lots/${mine?.id}`)).statusCode).toBe(404);
    expect((await other.admin.post(`/api/lots/${mine?.id}/split`, { parts_kg: [1] })).statusCode).toBe(404);
  });
});

describe('lot QR codes', () => {
  it('encode the public verification link, as SVG and PNG, for members of the organization', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 5, unit_price: 1 }]);
    const svg = await operator.get(`/api/lots/${lot?.id}/qr.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    // The same text gives the same symbol: the code holds exactly the verify URL.
    expect(svg.body).toBe(await qrSvg(verifyUrl('http://localhost:3000', lot?.id ?? '')));
    expect(svg.body).not.toBe(await qrSvg(verifyUrl('http://localhost:3000', ids.pet)));
    const png = await operator.get(`/api/lots/${lot?.id}/qr.png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // The code on top, pixel for pixel; under it the lot code and material, in dark ink on white.
    const image = sharp(png.rawPayload);
    const { width, height } = await image.metadata();
    expect(width).toBe(512);
    expect(height).toBeGreaterThan(512 + 40);
    const plain = await sharp(await qrPng(verifyUrl('http://localhost:3000', lot?.id ?? '')))
      .raw()
      .toBuffer();
    const top = await sharp(png.rawPayload)
      .extract({ left: 0, top: 0, width: 512, height: 512 })
      .raw()
      .toBuffer();
    expect(top.equals(plain)).toBe(true);
    const caption = await sharp(png.rawPayload)
      .extract({ left: 0, top: 512, width: 512, height: (height ?? 0) - 512 })
      .greyscale()
      .raw()
      .toBuffer();
    expect(caption.filter((v) => v < 100).length).toBeGreaterThan(500);
    const other = await newOrganization(ctx.app);
    expect((await other.admin.get(`/api/lots/${lot?.id}/qr.svg`)).statusCode).toBe(404);
  });
});

/** The PDF's page objects (not the /Pages tree node). */
const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe('lot label sheet', () => {
  it('prints an A4 PDF of QR labels with code, material, kg, facility and day received', async () => {
    const made = await receive([
      { material_id: ids.pet, gross_kg: 1234.5, unit_price: 1 },
      ...Array.from({ length: 14 }, () => ({ material_id: ids.hdpe, gross_kg: 2, unit_price: 1 })),
    ]);
    const res = await operator.get(`/api/lots/labels.pdf?ids=${made.map((l) => l.id).join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // 15 labels at 14 a sheet: two pages.
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain(made[0]?.code);
    expect(text).toContain(made[14]?.code);
    expect(text).toContain('PET clear bottles');
    expect(text).toContain('1,234.5 kg');
    expect(text).toContain('Received 2026-11-02');
    expect(text).toContain('(MNL1)');

    const [logged] = await ctx.database.db
      .select()
      .from(userTransactions)
      .where(eq(userTransactions.transactionType, 'QR_CODE_DOWNLOAD'))
      .orderBy(desc(userTransactions.createdAt));
    expect(logged?.description).toContain('Printed QR labels for 15 lots');
  });

  it('is one page for one lot; refuses other organizations’ lots, too many and bad ids', async () => {
    const [lot] = await receive([{ material_id: ids.pet, gross_kg: 3, unit_price: 1 }]);
    const one = await operator.get(`/api/lots/labels.pdf?ids=${lot?.id}`);
    expect(pageCount(one.rawPayload)).toBe(1);
    const other = await newOrganization(ctx.app);
    expect((await other.admin.get(`/api/lots/labels.pdf?ids=${lot?.id}`)).statusCode).toBe(404);
    // One lot the caller may not see spoils the sheet: no partial labels.
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect((await operator.get(`/api/lots/labels.pdf?ids=${lot?.id},${stranger}`)).statusCode).toBe(404);
    const many = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const tooMany = await operator.get(`/api/lots/labels.pdf?ids=${many.join(',')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().code).toBe('validation_failed');
    expect((await operator.get('/api/lots/labels.pdf?ids=not-a-lot')).statusCode).toBe(400);
    expect((await operator.get('/api/lots/labels.pdf')).statusCode).toBe(400);
  });
});

describe('lot list and export', () => {
  it('searches code, material and facility, sorts, and pages by keyset', async () => {
    await receive([{ material_id: ids.hdpe, gross_kg: 1, unit_price: 1 }], { facility_id: ids.cebu });
    const cebu = (await operator.get('/api/lots?q=ceb1&limit=200')).json().items;
    expect(cebu.length).toBeGreaterThan(0);
    expect(cebu.every((l: { facility: { code: string } }) => l.facility.code === 'CEB1')).toBe(true);
    const byMaterial = (await operator.get('/api/lots?q=natural&limit=200')).json().items;
    expect(byMaterial.every((l: { material: { id: string } }) => l.material.id === ids.hdpe)).toBe(true);

    const codes: string[] = [];
    let cursor = '';
    do {
      const page = (
        await operator.get(`/api/lots?sort=code&limit=7${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      codes.push(...page.items.map((l: { code: string }) => l.code));
      cursor = page.next_cursor ?? '';
    } while (cursor);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    const total = (await operator.get('/api/lots?limit=200')).json().items.length;
    expect(codes).toHaveLength(total);
    expect((await operator.get('/api/lots?sort=weight')).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV and logs the export; operators may not export', async () => {
    const res = await admin.get(`/api/lots/export.csv?facility_id=${ids.cebu}&sort=code`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'code,status,material_code,material,facility_code,facility,qty_kg,reserved_kg,value_php,origin,quarantine_reason,created_at,id',
    );
    const listed = (await admin.get(`/api/lots?facility_id=${ids.cebu}&sort=code&limit=200`)).json().items;
    expect(rows.map((r) => r.split(',')[0])).toEqual(listed.map((l: { code: string }) => l.code));
    const [logged] = await ctx.database.db
      .select()
      .from(userTransactions)
      .where(eq(userTransactions.transactionType, 'EXPORT_DATA'))
      .orderBy(desc(userTransactions.createdAt));
    expect(logged?.metadata).toMatchObject({ dataType: 'lots', recordCount: listed.length });
    expect((await operator.get('/api/lots/export.csv')).statusCode).toBe(403);
  });
});
