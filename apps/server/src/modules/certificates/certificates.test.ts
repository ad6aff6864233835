import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { logEntries } from '../../db/schema/index.ts';
import { newOrganization } from '../../test/accounts.ts';
import { useTestApp } from '../../test/app.ts';
import type { TestClient } from '../../test/http.ts';
import { activity, auditActions, seededOrganization } from '../../test/masterdata.ts';
import { pdfText } from '../../test/pdf.ts';
import { recoveryFixture } from '../../test/recovery.ts';

// Waste diversion certificates: issued from verified recovery through the claims ledger (never more
// than is unclaimed, whatever races), revoked once with the kilograms given back, logged, printed as a
// PDF and read by anyone holding the QR code.

const ctx = useTestApp();
const PET = 'PET_BOTTLES_CLEAR';
const FROM = '2026-11-15';
const TO = '2026-11-25';
let o: Awaited<ReturnType<typeof seededOrganization>>;
let lots: { a: { id: string; code: string }; b: { id: string; code: string } };

beforeAll(async () => {
  o = await seededOrganization(ctx, 'wdc');
  const fx = await recoveryFixture(ctx, o);
  const picker = await fx.supplier('WDC-WP');
  lots = { a: await fx.receive(picker, '600'), b: await fx.receive(picker, '400') };
  // 1,000 kg washed on 21 November into 900 kg of flake, 60 kg co-processed, 40 kg landfilled.
  await fx.wash(
    [
      { lot_id: lots.a.id, kg: '600' },
      { lot_id: lots.b.id, kg: '400' },
    ],
    '900',
    [
      { kg: '60', fate: 'co_processing' },
      { kg: '40', fate: 'landfill' },
    ],
  );
});

const body = (lines: { fate: string; kg: string; material_type?: string }[], extra: object = {}) => ({
  client_name: 'Barangay San Roque',
  client_type: 'lgu',
  client_address: 'San Roque, Marikina City',
  period_from: FROM,
  period_to: TO,
  lines: lines.map((l) => ({ material_type: PET, ...l })),
  signatory_name: 'Liza Reyes',
  signatory_title: 'Plant Manager',
  ...extra,
});

const availableKg = async () => {
  const res = await o.auditor.get(`/api/certificates/available?from=${FROM}&to=${TO}`);
  expect(res.statusCode, res.body).toBe(200);
  // A fate with nothing left has no row.
  return {
    recycling: '0.000',
    co_processing: '0.000',
    ...Object.fromEntries(
      (res.json().rows as { fate: string; available_kg: string }[]).map((r) => [r.fate, r.available_kg]),
    ),
  };
};

const issue = async (lines: { fate: string; kg: string }[], by: TestClient = o.manager) => {
  const res = await by.post('/api/certificates', body(lines));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('what a certificate can claim', () => {
  it('is the period’s unclaimed verified recovery per material type × fate', async () => {
    const res = await o.auditor.get(`/api/certificates/available?from=${FROM}&to=${TO}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      from: FROM,
      to: TO,
      rows: [
        { material_type: PET, name: expect.any(String), fate: 'co_processing', available_kg: '60.000' },
        { material_type: PET, name: expect.any(String), fate: 'recycling', available_kg: '900.000' },
      ],
      total_kg: '960.000',
    });
    // The run ended on 21 November: a period before it has none of it.
    const before = await o.auditor.get('/api/certificates/available?from=2026-11-15&to=2026-11-20');
    expect(before.json().rows.filter((r: { material_type: string }) => r.material_type === PET)).toEqual([]);
    const backwards = await o.auditor.get('/api/certificates/available?from=2026-11-25&to=2026-11-15');
    expect(backwards.statusCode).toBe(400);
  });
});

describe('issuing', () => {
  it('numbers it, claims its kilograms oldest first, logs and audits it', async () => {
    const c = await issue([
      { fate: 'recycling', kg: '700' },
      { fate: 'co_processing', kg: '10.5' },
    ]);
    expect(c.number).toMatch(/^WDC-2026-\d{4}$/);
    expect(c).toMatchObject({
      status: 'issued',
      client_name: 'Barangay San Roque',
      total_kg: '710.500',
      lines: [
        { material_type: PET, fate: 'recycling', kg: '700.000' },
        { material_type: PET, fate: 'co_processing', kg: '10.500' },
      ],
      revoked_at: null,
      public_url: `http://localhost:3000/certificates/${c.id}`,
      log_url: `/verify/${c.id}`,
    });
    const claimed = c.evidence.map((e: { lot: { id: string }; fate: string; kg: string }) => [
      e.lot.id,
      e.fate,
      e.kg,
    ]);
    // Lot A was received first, so its code sorts first: its kilograms are taken before lot B's.
    expect(claimed).toEqual([
      [lots.a.id, 'co_processing', '10.500'],
      [lots.a.id, 'recycling', '540.000'],
      [lots.b.id, 'recycling', '160.000'],
    ]);
    expect(c.evidence[0].proof_url).toBe(`/verify/${c.evidence[0].delivery.id}`);
    expect(c.evidence[0].delivery.weighbridge_ticket).toMatch(/^WB-/);
    expect(await availableKg()).toEqual({ recycling: '200.000', co_processing: '49.500' });

    const [entry] = await ctx.database.db
      .select()
      .from(logEntries)
      .where(and(eq(logEntries.recordType, 'certificate'), eq(logEntries.recordId, c.id)));
    expect(entry).toMatchObject({ version: 1, event: 'issued' });
    expect(entry?.snapshot).toMatchObject({ number: c.number, client_name: 'Barangay San Roque' });
    expect(await auditActions(ctx, c.id)).toEqual(['certificate.created']);
    expect((await activity(o.manager, c.number))[0]).toBe(
      `Issued waste diversion certificate ${c.number} to Barangay San Roque: 710.5 kg`,
    );
    // A retry with the same Idempotency-Key gets the first answer and claims nothing more.
    const key = { 'idempotency-key': 'wdc-retry-1' };
    const once = await o.manager.post('/api/certificates', body([{ fate: 'co_processing', kg: '1' }]), key);
    const again = await o.manager.post('/api/certificates', body([{ fate: 'co_processing', kg: '1' }]), key);
    expect([once.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().id).toBe(once.json().id);
    expect((await availableKg()).co_processing).toBe('48.500');
  });

  it('refuses more than is unclaimed under the line’s kg, and periods it cannot cover', async () => {
    const over = await o.manager.post(
      '/api/certificates',
      body([
        { fate: 'co_processing', kg: '1' },
        { fate: 'recycling', kg: '200.001' },
      ]),
    );
    expect(over.statusCode, over.body).toBe(422);
    expect(over.json().details.fields['body.lines.1.kg']).toMatch(/^Only 200 kg of .+ is unclaimed$/);
    expect(over.json().details.fields['body.lines.0.kg']).toBeUndefined();

    const future = await o.manager.post(
      '/api/certificates',
      body([{ fate: 'recycling', kg: '1' }], { period_from: '2099-01-01', period_to: '2099-03-31' }),
    );
    expect(future.statusCode).toBe(422);
    expect(Object.keys(future.json().details.fields)).toEqual(['body.period_to']);

    const twice = await o.manager.post(
      '/api/certificates',
      body([
        { fate: 'recycling', kg: '1' },
        { fate: 'recycling', kg: '2' },
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().details.fields['body.lines.1.material_type']).toMatch(/already on line 1/);
    const long = await o.manager.post(
      '/api/certificates',
      body([{ fate: 'recycling', kg: '1' }], { period_from: '2025-11-25', period_to: TO }),
    );
    expect(long.json().details.fields['body.period_to']).toBe('A certificate covers at most one year');
    const unknown = await o.manager.post(
      '/api/certificates',
      body([{ fate: 'recycling', kg: '1', material_type: 'NOPE' }]),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().details.fields['body.lines.0.material_type']).toMatch(/NOPE/);
    expect((await availableKg()).recycling).toBe('200.000');
  });

  it('never claims more than is unclaimed when 10 issuances race for the same kilograms', async () => {
    const before = await availableKg();
    expect(before.recycling).toBe('200.000');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        o.manager.post('/api/certificates', body([{ fate: 'recycling', kg: '30' }])),
      ),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    // Issuances take turns, each allocating from what the one before left: the rest are told the shortfall.
    expect(answers.filter((a) => a.statusCode !== 201).map((a) => a.statusCode)).toEqual([
      422, 422, 422, 422,
    ]);
    expect(won.length).toBe(6);
    expect((await availableKg()).recycling).toBe('20.000');
    // Numbers stay gapless: the refused issuances took none.
    const numbers = won.map((a) => Number(a.json().number.slice(9))).sort((x, y) => x - y);
    const first = numbers[0] ?? 0;
    expect(numbers).toEqual([0, 1, 2, 3, 4, 5].map((n) => first + n));
  });
});

describe('revoking', () => {
  it('needs a reason, happens once, gives the kilograms back and is logged', async () => {
    const c = await issue([{ fate: 'recycling', kg: '20' }]);
    expect((await availableKg()).recycling).toBe('0.000');
    const short = await o.manager.post(`/api/certificates/${c.id}/revoke`, { reason: 'wrong' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.fields['body.reason']).toMatch(/at least 10/);
    const auditor = await o.auditor.post(`/api/certificates/${c.id}/revoke`, {
      reason: 'Issued to the wrong client',
    });
    expect(auditor.statusCode).toBe(403);

    const res = await o.manager.post(`/api/certificates/${c.id}/revoke`, {
      reason: 'Issued to the wrong client',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'revoked', revoke_reason: 'Issued to the wrong client' });
    expect(res.json().revoked_by.name).toBeTruthy();
    // What it stood on stays shown; its kilograms are claimable again.
    expect(res.json().evidence.length).toBeGreaterThan(0);
    expect((await availableKg()).recycling).toBe('20.000');
    const again = await o.manager.post(`/api/certificates/${c.id}/revoke`, {
      reason: 'Issued to the wrong client',
    });
    expect(again.statusCode).toBe(422);

    const entries = await ctx.database.db
      .select({ version: logEntries.version, event: logEntries.event })
      .from(logEntries)
      .where(and(eq(logEntries.recordType, 'certificate'), eq(logEntries.recordId, c.id)))
      .orderBy(asc(logEntries.version));
    expect(entries).toEqual([
      { version: 1, event: 'issued' },
      { version: 2, event: 'revoked' },
    ]);
    expect(await auditActions(ctx, c.id)).toEqual(['certificate.created', 'certificate.updated']);

    // An issued certificate never changes, not even by SQL past the API.
    await expect(
      ctx.database.db.execute(
        sql`UPDATE diversion_certificates SET client_name = 'Someone else' WHERE id = ${c.id}`,
      ),
    ).rejects.toThrow();

    const open = await ctx.app.inject({ url: `/api/public/certificates/${c.id}` });
    expect(open.json()).toMatchObject({ status: 'revoked', revoke_reason: 'Issued to the wrong client' });
    expect(open.json().revoked_at).toEqual(res.json().revoked_at);
    const pdf = await o.auditor.get(`/api/certificates/${c.id}/pdf`);
    expect(pdfText(pdf.rawPayload)).toContain('REVOKED');
  });
});

describe('reading', () => {
  it('shows anyone its public facts, without people but the signatory, prices or suppliers', async () => {
    const c = await issue([{ fate: 'co_processing', kg: '5' }]);
    const res = await ctx.app.inject({ url: `/api/public/certificates/${c.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: c.id,
      number: c.number,
      status: 'issued',
      client_name: 'Barangay San Roque',
      client_type: 'lgu',
      period_from: FROM,
      period_to: TO,
      total_kg: '5.000',
      signatory_name: 'Liza Reyes',
      signatory_title: 'Plant Manager',
      revoked_at: null,
      revoke_reason: null,
      log_url: `/verify/${c.id}`,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/Collector|WDC-WP|price|amount|WB-|issued_by|Marikina/);
    const unknown = await ctx.app.inject({
      url: '/api/public/certificates/01900000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('lists, filters, exports and prints for staff; another organization sees nothing of it', async () => {
    const c = await issue([{ fate: 'co_processing', kg: '2' }]);
    const list = async (q: string) =>
      (await o.auditor.get(`/api/certificates?${q}`)).json().items.map((i: { id: string }) => i.id);
    expect(await list(`q=${c.number}`)).toEqual([c.id]);
    expect(await list('status=revoked')).not.toContain(c.id);
    expect(await list('status=issued&year=2026')).toContain(c.id);
    expect(await list('year=2025')).toEqual([]);
    const page = await o.auditor.get('/api/certificates?limit=1');
    expect(page.json().next_cursor).toBeTruthy();

    const csv = await o.auditor.get('/api/certificates/export.csv?status=issued');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toMatch(/^number,status,client_name,/);
    expect(csv.body).toContain(c.number);

    const pdf = await o.auditor.get(`/api/certificates/${c.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(c.number);
    expect(text).toContain('Liza Reyes');
    expect(text).not.toContain('REVOKED');
    expect(pdf.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');

    // The QR code to print or share: its public page (the browser test decodes it).
    const png = await o.auditor.get(`/api/certificates/${c.id}/qr.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const svg = await o.auditor.get(`/api/certificates/${c.id}/qr.svg`);
    expect(svg.headers['content-type']).toContain('image/svg+xml');

    // With a logo set, the PDF carries it.
    const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    expect((await o.admin.request('PUT', '/api/organization/logo', form)).statusCode).toBe(200);
    const withLogo = await o.auditor.get(`/api/certificates/${c.id}/pdf`);
    expect(withLogo.rawPayload.toString('latin1')).toContain('/Subtype /Image');

    const other = await newOrganization(ctx.app);
    for (const url of [
      `/api/certificates/${c.id}`,
      `/api/certificates/${c.id}/pdf`,
      `/api/certificates/${c.id}/qr.png`,
    ])
      expect((await other.admin.get(url)).statusCode).toBe(404);
    const revoke = await other.admin.post(`/api/certificates/${c.id}/revoke`, {
      reason: 'Not ours to revoke at all',
    });
    expect(revoke.statusCode).toBe(404);
    expect((await other.admin.get('/api/certificates')).json().items).toEqual([]);
  });

  it('lets office roles issue and staff read; operators and supplier members may not issue', async () => {
    const operator = await o.operator.post('/api/certificates', body([{ fate: 'co_processing', kg: '1' }]));
    expect(operator.statusCode).toBe(403);
    expect((await o.operator.get('/api/certificates')).statusCode).toBe(200);
    expect((await o.supplier.get('/api/certificates')).statusCode).toBe(403);
    expect(
      (await o.admin.post('/api/certificates', body([{ fate: 'co_processing', kg: '1' }]))).statusCode,
    ).toBe(201);
  });
});
