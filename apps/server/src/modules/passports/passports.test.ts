import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { facilities, materials } from '../../db/schema/index.ts';
import { useTestApp } from '../../test/app.ts';
import { client, type TestClient } from '../../test/http.ts';
import { seededOrganization } from '../../test/masterdata.ts';
import { negotiate } from './passports.public.ts';

// Product passports: the content of a pellet lot made from two deliveries (washed, then extruded),
// publication as immutable versions, and the Digital Link resolver for people and machines, signed out.

const ctx = useTestApp();
let admin: TestClient;
let manager: TestClient;
let operator: TestClient;
let auditor: TestClient;
let other: TestClient;
let anonymous: TestClient;
const ids = { org: '', facility: '', pet: '', flake: '', pellet: '', picker: '', coop: '' };
const PELLET_GTIN = '04800000000017';

async function supplier(code: string, name: string, type: string, province: string) {
  const res = await admin.post('/api/suppliers', { code, name, type, province });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function receive(supplierId: string, kg: string) {
  const res = await operator.post('/api/receive-records?post=true', {
    supplier_id: supplierId,
    facility_id: ids.facility,
    received_at: '2026-11-20T08:00:00+08:00',
    lines: [{ material_id: ids.pet, gross_kg: kg, tare_kg: '0', unit_price: '20.00' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().lines[0].lot as { id: string; code: string };
}

async function run(
  process: string,
  inputs: { lot_id: string; kg: string }[],
  output: string,
  kg: string,
  loss: string,
  meter: [string, string],
) {
  const res = await operator.post('/api/production-records?post=true', {
    facility_id: ids.facility,
    process_code: process,
    started_at: '2026-11-21T06:00:00+08:00',
    ended_at: '2026-11-21T14:00:00+08:00',
    meter_start_kwh: meter[0],
    meter_end_kwh: meter[1],
    inputs,
    outputs: [{ material_id: output, kg }],
    losses: [{ kind: 'moisture', fate: 'landfill', kg: loss }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().outputs[0].lot as { id: string; code: string };
}

let pellets: { id: string; code: string };
let flake: { id: string; code: string };

beforeAll(async () => {
  const o = await seededOrganization(ctx, 'passport');
  ({ admin, manager, operator, auditor } = o);
  ids.org = o.organizationId;
  other = (await seededOrganization(ctx, 'passport-other')).admin;
  anonymous = await client(ctx.app);
  const db = ctx.database.db;
  const facility = (await db.select().from(facilities).where(eq(facilities.organizationId, ids.org))).find(
    (f) => f.code === 'MNL1',
  );
  ids.facility = facility?.id ?? '';
  const mats = await db.select().from(materials).where(eq(materials.organizationId, ids.org));
  const material = (code: string) => mats.find((m) => m.code === code)?.id ?? '';
  ids.pet = material('PET_BOTTLES_CLEAR');
  ids.flake = material('PET_FLAKE');
  ids.pellet = material('PET_PELLET');
  // The pellets are traded under a GTIN: their Digital Link is GS1's /01/{gtin}/10/{lot}.
  await db.update(materials).set({ gtin: PELLET_GTIN }).where(eq(materials.id, ids.pellet));
  ids.picker = await supplier('PP-WP', 'Juana Dela Cruz', 'waste_picker', 'Bulacan');
  ids.coop = await supplier('PP-COOP', 'Samahang Malinis Coop', 'cooperative', 'Pampanga');
  // 600 kg from a waste picker in Bulacan and 400 kg from a cooperative in Pampanga, washed together
  // into 900 kg of flake (120 kWh metered) and extruded into 880 kg of pellets (300 kWh).
  const a = await receive(ids.picker, '600');
  const b = await receive(ids.coop, '400');
  flake = await run(
    'washing',
    [
      { lot_id: a.id, kg: '600' },
      { lot_id: b.id, kg: '400' },
    ],
    ids.flake,
    '900',
    '100',
    ['1000', '1120'],
  );
  pellets = await run('extrusion', [{ lot_id: flake.id, kg: '900' }], ids.pellet, '880', '20', [
    '2000',
    '2300',
  ]);
});

describe('product passports', () => {
  let passportId = '';

  it('creates one draft per lot, and its preview computes the content from the lineage', async () => {
    const created = await manager.post('/api/passports', { lot_id: pellets.id });
    expect(created.statusCode, created.body).toBe(201);
    passportId = created.json().id;
    const again = await admin.post('/api/passports', { lot_id: pellets.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().details).toEqual({ id: passportId });

    const res = await auditor.get(`/api/passports/${passportId}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ status: 'draft', published_version: 0, public_url: null, versions: [] });
    const c = p.preview;
    expect(c.identifier).toMatchObject({
      lot_code: pellets.code,
      gtin: PELLET_GTIN,
      digital_link: `http://localhost:3000/01/${PELLET_GTIN}/10/${pellets.code}`,
      product: null,
      kg: '880.000',
    });
    expect(c.composition).toEqual([{ polymer: 'PET', share_pct: '100.00' }]);
    expect(c.recycled_content).toMatchObject({ pct: '100.00', chain_of_custody: 'segregated' });
    expect(c.origin).toEqual({
      kg: '880.000',
      regions: [
        { region: 'Bulacan', kg: '528.000', share_pct: '60.00' },
        { region: 'Pampanga', kg: '352.000', share_pct: '40.00' },
      ],
      supplier_types: [
        { type: 'waste_picker', kg: '528.000', share_pct: '60.00' },
        { type: 'cooperative', kg: '352.000', share_pct: '40.00' },
      ],
      informal_sector_pct: '60.00',
    });
    // Each run's kWh × the part of its output in these pellets: all of the extrusion, 880 of the 900 kg
    // of flake; CO2e at the Philippine grid factor (0.7122 kg/kWh).
    expect(
      c.processing.map((s: { process: { code: string }; run_kwh: string; kwh: string; kg_co2e: string }) => [
        s.process.code,
        s.run_kwh,
        s.kwh,
        s.kg_co2e,
      ]),
    ).toEqual([
      ['washing', '120.00', '117.33', '83.6'],
      ['extrusion', '300.00', '300.00', '213.7'],
    ]);
    expect(c.processing[0].factor).toMatchObject({ kg_co2e_per_kwh: '0.7122', verified: false });
    expect(c.totals).toEqual({ kwh: '417.33', kg_co2e: '297.3' });
    expect(c.publisher.name).toBeTruthy();
  });

  it('lists and searches passports by lot code and status', async () => {
    const all = (await auditor.get('/api/passports')).json();
    expect(all.items.map((i: { id: string }) => i.id)).toEqual([passportId]);
    expect((await auditor.get(`/api/passports?q=${pellets.code.slice(-4)}`)).json().items).toHaveLength(1);
    expect((await auditor.get('/api/passports?q=nothing-like-it')).json().items).toHaveLength(0);
    expect((await auditor.get('/api/passports?status=published')).json().items).toHaveLength(0);
    expect((await auditor.get('/api/passports?status=draft')).json().items).toHaveLength(1);
  });

  it('publishes immutable versions: unchanged content is refused, changed details make version 2', async () => {
    const first = await manager.post(`/api/passports/${passportId}/publish`);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      version: 1,
      content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const same = await manager.post(`/api/passports/${passportId}/publish`);
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toMatch(/Nothing changed since version 1/);

    const current = (await manager.get(`/api/passports/${passportId}`)).json();
    const details = {
      certificates: [
        {
          name: 'GRS 4.0',
          issuer: 'Textile Exchange',
          number: 'CU-123',
          valid_until: '2027-12-31',
          url: 'https://example.org/grs',
        },
      ],
      notes: 'Food-contact grade pending',
      recycling_instructions: 'Recycle with PET bottles',
    };
    const stale = await manager.patch(`/api/passports/${passportId}`, {
      details,
      version: current.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    const saved = await manager.patch(`/api/passports/${passportId}`, { details, version: current.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().preview.certificates).toEqual([details.certificates[0]]);

    const second = await manager.post(`/api/passports/${passportId}/publish`);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().version).toBe(2);
    expect(second.json().content_sha256).not.toBe(first.json().content_sha256);

    // Each publication is in the verifiable record log, with the content it published.
    const logged = (await auditor.get(`/api/log/records/passport/${passportId}/history`)).json().items;
    expect(logged).toMatchObject([
      { entry: { type: 'passport', id: passportId, event: 'published', version: 1 } },
      { entry: { type: 'passport', id: passportId, event: 'published', version: 2 } },
    ]);
    const v1 = (await auditor.get(`/api/passports/${passportId}/versions/1`)).json();
    expect(v1.content.certificates).toEqual([]);
    expect((await auditor.get(`/api/passports/${passportId}/versions/3`)).statusCode).toBe(404);
    const listed = (await auditor.get(`/api/passports/${passportId}`)).json();
    expect(listed).toMatchObject({ status: 'published', published_version: 2 });
    expect(listed.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);

    // Even the tables' owner cannot rewrite a published version: the trigger refuses it.
    const owner = new pg.Client({ connectionString: ctx.database.url });
    await owner.connect();
    try {
      await expect(
        owner.query(`UPDATE passport_versions SET content_sha256 = 'x' WHERE passport_id = $1`, [passportId]),
      ).rejects.toThrow();
      await expect(
        owner.query('DELETE FROM passport_versions WHERE passport_id = $1', [passportId]),
      ).rejects.toThrow();
    } finally {
      await owner.end();
    }
  });

  it('serves the QR code of the Digital Link as PNG and SVG', async () => {
    const png = await auditor.get(`/api/passports/${passportId}/qr.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const svg = await auditor.get(`/api/passports/${passportId}/qr.svg`);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain('<svg');
  });

  it('refuses roles without the permission and shows nothing of another organization', async () => {
    expect((await operator.post('/api/passports', { lot_id: flake.id })).statusCode).toBe(403);
    expect((await operator.post(`/api/passports/${passportId}/publish`)).statusCode).toBe(403);
    expect((await operator.get(`/api/passports/${passportId}`)).statusCode).toBe(200);
    // Another organization can neither see our passport nor make one of our lot.
    expect((await other.get(`/api/passports/${passportId}`)).statusCode).toBe(404);
    expect((await other.post('/api/passports', { lot_id: pellets.id })).statusCode).toBe(404);
    expect((await other.get('/api/passports')).json().items).toEqual([]);
    expect((await anonymous.get('/api/passports')).statusCode).toBe(401);
  });
});

describe('the Digital Link resolver, signed out', () => {
  const gtinPath = () => `/01/${PELLET_GTIN}/10/${pellets.code}`;

  it('answers people with the passport page and machines with JSON-LD, on both URI forms', async () => {
    const page = await anonymous.get(gtinPath(), { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.vary).toMatch(/Accept/);
    expect(page.headers.link).toContain('rel="alternate"; type="application/ld+json"');
    expect(page.headers['cache-control']).toBe('public, max-age=300');
    expect(page.headers['content-security-policy']).toBeTruthy();
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<main>');
    expect(page.body).not.toContain('<script');
    for (const text of [
      'Bulacan',
      'Pampanga',
      'Waste pickers',
      'Cooperatives',
      '100.00 %',
      'GRS 4.0',
      'Version 2 (latest)',
    ])
      expect(page.body).toContain(text);
    // Suppliers are never named in public.
    for (const secret of ['Juana', 'Samahang', 'PP-WP', '₱']) expect(page.body).not.toContain(secret);

    const ld = await anonymous.get(gtinPath(), { accept: 'application/ld+json' });
    expect(ld.statusCode).toBe(200);
    expect(ld.headers['content-type']).toMatch(/^application\/ld\+json/);
    const doc = ld.json();
    expect(doc['@id']).toBe(`http://localhost:3000${gtinPath()}`);
    expect(doc).toMatchObject({ gtin: PELLET_GTIN, 'gs1:hasBatchLotNumber': pellets.code });
    expect(ld.body).not.toContain('Juana');
    expect((await anonymous.get(gtinPath(), { accept: 'application/json' })).headers['content-type']).toMatch(
      /ld\+json/,
    );

    const byOrg = await anonymous.get(`/o/passport/lot/${pellets.code.toLowerCase()}`, {
      accept: 'text/html',
    });
    expect(byOrg.statusCode).toBe(200);
    expect(byOrg.body).toContain(pellets.code);
    const css = await anonymous.get('/passport.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('serves an earlier version by number, cached for good, and the linkset', async () => {
    const v1 = await anonymous.get(`${gtinPath()}?version=1`, { accept: 'text/html' });
    expect(v1.statusCode).toBe(200);
    expect(v1.headers['cache-control']).toContain('immutable');
    expect(v1.body).toContain('Version 1,');
    expect(v1.body).not.toContain('GRS 4.0');
    expect((await anonymous.get(`${gtinPath()}?version=9`, { accept: 'text/html' })).statusCode).toBe(404);
    const links = await anonymous.get(`${gtinPath()}?linkType=all`);
    expect(links.headers['content-type']).toMatch(/^application\/linkset\+json/);
    expect(links.json().linkset[0].anchor).toBe(`http://localhost:3000${gtinPath()}`);
    expect((await anonymous.get(`${gtinPath()}?linkType=gs1:recipeInfo`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown lot, a wrong GTIN and a lot without a published passport', async () => {
    const unknown = await anonymous.get(`/01/${PELLET_GTIN}/10/NOPE-1`, { accept: 'text/html' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.body).toContain('No product passport here');
    expect((await anonymous.get(`/01/04800000000024/10/${pellets.code}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/o/passport-other/lot/${pellets.code}`)).statusCode).toBe(404);
    // The flake lot has a draft only: nothing is public until it is published.
    expect((await admin.post('/api/passports', { lot_id: flake.id })).statusCode).toBe(201);
    const draft = await anonymous.get(`/o/passport/lot/${flake.code}`, { accept: 'application/ld+json' });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().code).toBe('not_found');
  });

  it('negotiates: HTML for browsers and */*, JSON-LD when machines prefer it', () => {
    expect(negotiate(undefined)).toBe('html');
    expect(negotiate('*/*')).toBe('html');
    expect(negotiate('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe('html');
    expect(negotiate('application/ld+json')).toBe('jsonld');
    expect(negotiate('application/json, text/html;q=0.5')).toBe('jsonld');
    expect(negotiate('text/html;q=0.2, application/*')).toBe('jsonld');
  });
});
