import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

// Traceability as a buyer's question: a pellet lot made of two deliveries, washed and extruded — which
// suppliers is it from, and how many kg of it each? Set up through the API (other flows post in the
// browser), traced in the browser.

const b = useBrowser();
const root = fileURLToPath(new URL('..', import.meta.url));
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** GS1's official EPCIS 2.0 schema, as the server ships it, compiled here: the test's own check. */
function epcisSchemaCheck() {
  const schema = JSON.parse(
    readFileSync(join(root, 'apps/server/src/modules/epcis/EPCIS-JSON-Schema.json'), 'utf8'),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

async function setup() {
  const { api, email } = await registerAdmin('Trace Flow Recyclers');
  const must = async <T = { id: string }>(path: string, body: unknown) => {
    const res = await api.call<T>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const bottles = await must('/materials', {
    code: 'PET-BTL',
    name: 'PET bottles',
    polymer: 'PET',
    form: 'bottles',
  });
  const flake = await must('/materials', {
    code: 'PET-FLK',
    name: 'PET flake',
    polymer: 'PET',
    form: 'flake',
  });
  const pellet = await must('/materials', {
    code: 'PET-PLT',
    name: 'PET pellet',
    polymer: 'PET',
    form: 'pellet',
  });
  const plant = await must('/facilities', {
    code: 'PLT1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  const suppliers = [
    await must('/suppliers', { code: 'SUP-1', name: 'Malabon Junkshop', type: 'junkshop' }),
    await must('/suppliers', { code: 'SUP-2', name: 'Tondo Pickers Cooperative', type: 'cooperative' }),
  ];
  type Posted = { lines: { lot: { id: string; code: string } }[] };
  const deliver = (supplierId: string, kg: string) =>
    must<Posted>('/receive-records?post=true', {
      supplier_id: supplierId,
      facility_id: plant.id,
      received_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
      lines: [{ material_id: bottles.id, gross_kg: kg, tare_kg: '0', unit_price: '16' }],
    });
  const a = (await deliver(suppliers[0]?.id ?? '', '600')).lines[0]?.lot;
  const c = (await deliver(suppliers[1]?.id ?? '', '400')).lines[0]?.lot;
  type Run = { outputs: { lot: { id: string; code: string } }[] };
  const run = (
    process: string,
    inputs: { lot_id: string; kg: string }[],
    material: string,
    kg: string,
    loss: string,
  ) =>
    must<Run>('/production-records?post=true', {
      facility_id: plant.id,
      process_code: process,
      started_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
      ended_at: new Date(Date.now() - 3600_000).toISOString(),
      inputs,
      outputs: [{ material_id: material, kg }],
      losses: [{ kind: 'moisture', fate: 'landfill', kg: loss }],
    });
  const washed = await run(
    'washing',
    [
      { lot_id: a?.id ?? '', kg: '600' },
      { lot_id: c?.id ?? '', kg: '400' },
    ],
    flake.id,
    '900',
    '100',
  );
  const flakeLot = washed.outputs[0]?.lot;
  const extruded = await run(
    'extrusion',
    [{ lot_id: flakeLot?.id ?? '', kg: '900' }],
    pellet.id,
    '880',
    '20',
  );
  return { email, pellets: extruded.outputs[0]?.lot.code ?? '' };
}

describe('traceability in the browser', () => {
  it('shows a pellet lot’s two suppliers with their exact kg shares', async () => {
    const m = await setup();
    expect(m.pellets).toMatch(/^PLT1-\d{6}-\d{4}$/);
    await b.context.clearCookies();
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.clear());
    await b.page.goto('/');
    await signInWithForm(b.page, m.email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');

    await b.page.goto('/traceability');
    await b.page.getByLabel('Lot code or record id').fill(m.pellets.toLowerCase());
    await b.page.getByRole('button', { name: 'Trace' }).click();
    // 880 kg of pellets: 60 % from the 600 kg delivery, 40 % from the 400 kg one.
    const came = b.page.getByRole('region', { name: 'Where it came from' });
    await came.getByText('Malabon Junkshop').first().waitFor({ timeout: 30_000 });
    await came.getByText('528 kg').first().waitFor();
    await came.getByText('352 kg').first().waitFor();
    await came.getByText('60.00 %').first().waitFor();
    await came.getByText('Tondo Pickers Cooperative').first().waitFor();
    expect(new URL(b.page.url()).searchParams.get('q')?.toUpperCase()).toBe(m.pellets);

    // The chain of custody in GS1 EPCIS 2.0: downloaded, said valid by the page, and valid here too.
    const dir = await mkdtemp(join(tmpdir(), 'plastrace-epcis-'));
    try {
      const [download] = await Promise.all([
        b.page.waitForEvent('download'),
        b.page.getByRole('button', { name: 'Export EPCIS' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^epcis-.*\.jsonld$/);
      const file = join(dir, download.suggestedFilename());
      await download.saveAs(file);
      await b.page.getByText(/events: valid against the GS1 EPCIS 2\.0 schema/).waitFor({ timeout: 30_000 });
      const document = JSON.parse(readFileSync(file, 'utf8'));
      const validate = epcisSchemaCheck();
      expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
      const events = document.epcisBody.eventList as { type: string; bizStep?: string; eventID: string }[];
      // Two deliveries received, a wash and an extrusion.
      expect(events.filter((e) => e.bizStep === 'receiving')).toHaveLength(2);
      expect(events.filter((e) => e.type === 'TransformationEvent')).toHaveLength(2);
      for (const e of events) expect(e.eventID).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect(b.errors).toEqual([]);
  });
});
