import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { choose, receive } from './support/forms.ts';

const b = useBrowser();
const root = fileURLToPath(new URL('..', import.meta.url));
const baseUrl = inject('baseUrl');

/** A plant with a wash line, the materials a mixed bale and its washing need, and a junkshop. */
async function setup() {
  const { api, email } = await registerAdmin('Sensor Flow Recyclers');
  const must = async (path: string, body: unknown) => {
    const res = await api.call<{ id: string }>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  for (const m of [
    { code: 'PET-BTL', name: 'PET bottles', polymer: 'PET', form: 'bottles' },
    { code: 'PET-FLK', name: 'PET flake', polymer: 'PET', form: 'flake' },
    { code: 'MIX-RGD', name: 'Unsorted rigid plastics', polymer: 'OTHER', form: 'rigid' },
  ])
    await must('/materials', m);
  const plant = await must('/facilities', {
    code: 'PLT1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  const line = await must('/production-lines', {
    code: 'WASH1',
    name: 'Wash line',
    facility_id: plant.id,
    process_codes: ['washing'],
    capacity_kg_per_h: '20000',
    rated_kw: '75',
  });
  await must('/suppliers', { code: 'SUP-1', name: 'Malabon Junkshop', type: 'junkshop' });
  return { api, email, must, lineId: line.id };
}

/** `npm run simulate:devices` as a person types it: a weighbridge publishing over the app's MQTT broker. */
function simulate(key: string, device: string, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const child = spawn(
      'npm',
      [
        'run',
        '--silent',
        'simulate:devices',
        '--',
        '--key',
        key,
        '--device',
        device,
        '--url',
        inject('mqttUrl'),
        '--interval',
        '250',
        '--count',
        String(count),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`simulator exited ${code}:\n${out}`)),
    );
  });
}

/** A day and hour in Manila (the organization's zone), yesterday, as the form's datetime-local and as an instant. */
function manilaYesterday(hour: number, minute = 0) {
  const day = new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const hh = String(hour).padStart(2, '0');
  const mm = String(minute).padStart(2, '0');
  return { local: `${day}T${hh}:${mm}`, iso: `${day}T${hh}:${mm}:00+08:00` };
}

const kgOf = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

describe('devices and identification in the browser', () => {
  it('registers a weighbridge, weighs a delivery from its live weight over MQTT, meters a run, identifies a bale by its spectrum', async () => {
    const s = await setup();
    await signInFresh(b.page, s.email, PASSWORD);

    // The weighbridge, registered and given its own key on the devices page.
    await b.page.goto('/iot-tracking');
    await b.page.getByRole('button', { name: 'Register device' }).first().click();
    const register = b.page.getByRole('dialog', { name: 'Register a device' });
    await register.getByLabel('Kind').selectOption({ label: 'Weighbridge' });
    await register.getByLabel('Code').fill('WB-1');
    await register.getByLabel('Name').fill('Gate weighbridge');
    await register.getByLabel('Facility').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    await register.getByLabel('Capacity (kg)').fill('60000');
    await register.getByRole('button', { name: 'Register', exact: true }).click();
    // Registering opens the new device's drawer.
    const drawer = b.page.getByRole('dialog', { name: 'WB-1 · Gate weighbridge' });
    await drawer.getByRole('button', { name: 'Issue a key for this device' }).click();
    const issue = b.page.getByRole('dialog', { name: 'Issue a key for WB-1' });
    await issue.getByLabel('Name').fill('WB-1 controller');
    await issue.getByRole('button', { name: 'Issue key' }).click();
    const secret = ((await b.page.getByLabel('The new API key').textContent()) ?? '').trim();
    expect(secret).toMatch(/^ptk_/);
    await b.page.getByRole('button', { name: 'Done' }).click();
    const devices = await s.api.call<{ items: { id: string; code: string }[] }>('GET', '/devices');
    const scaleId = devices.body.items.find((d) => d.code === 'WB-1')?.id ?? '';

    // The clerk opens the receive form; the truck drives on while it is open and the weight settles.
    await b.page.goto('/receive-records/new');
    const form = b.page.locator('form[aria-label="New delivery"]');
    await form.getByLabel('Facility').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    const line = form.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Line 1: scale').waitFor();
    // 13 messages: empty bridge, the truck driving on, settling, and three settled readings.
    const sent = await simulate(secret, scaleId, 13);
    expect(sent).toMatch(/stable/);
    const use = line.getByRole('button', { name: 'Use this weight' });
    await expect.poll(() => use.isEnabled(), { timeout: 30_000 }).toBe(true);
    const weighed = kgOf((await line.getByTestId('scale-weight').textContent()) ?? '');
    expect(weighed).toBeGreaterThanOrEqual(8000);
    await use.click();
    await expect.poll(async () => kgOf(await line.getByLabel('Gross kg').inputValue())).toBe(weighed);
    await line.getByLabel('Material').selectOption({ label: 'PET bottles (PET-BTL)' });
    await line.getByLabel('Unit price (PHP/kg)').fill('16');
    await choose(b.page, form.getByLabel('Supplier'), 'Malabon', /Malabon Junkshop/);
    await form.getByRole('button', { name: 'Save and post' }).click();
    await b.page
      .getByRole('dialog', { name: 'Post this delivery?' })
      .getByRole('button', { name: 'Post' })
      .click();
    await b.page.waitForURL((u) => /^\/receive-records\/[0-9a-f-]{36}$/.test(u.pathname));
    await b.page.getByText('Posted', { exact: true }).first().waitFor();
    await b.page
      .getByText(/^Scale: WB-1 · reading/)
      .first()
      .waitFor();
    const bottles = (await b.page.locator('a[href^="/batch-management/"]').first().textContent()) ?? '';

    // The wash line's meter sends its counter over HTTP with its own key; the run takes kWh from it.
    const meter = await s.must('/devices', {
      code: 'EM-1',
      name: 'Wash line meter',
      kind: 'energy_meter',
      production_line_id: s.lineId,
    });
    const key = await s.api.call<{ secret: string }>('POST', '/api-keys', {
      name: 'EM-1 gateway',
      scopes: ['ingest'],
      device_id: meter.id,
    });
    const start = manilaYesterday(6);
    const end = manilaYesterday(14);
    const ingest = await fetch(`${baseUrl}/api/iot/readings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key.body.secret },
      body: JSON.stringify({
        readings: [
          {
            device_id: meter.id,
            seq: 1,
            recorded_at: manilaYesterday(5, 58).iso,
            kind: 'energy',
            value: 120400.5,
            unit: 'kWh',
          },
          {
            device_id: meter.id,
            seq: 2,
            recorded_at: manilaYesterday(13, 59).iso,
            kind: 'energy',
            value: 120880.75,
            unit: 'kWh',
          },
        ],
      }),
    });
    expect(await ingest.json()).toMatchObject({ accepted: 2, rejected: 0 });

    await b.page.goto('/production-records/new');
    const run = b.page.locator('form[aria-label="New production run"]');
    await run.getByLabel('Facility').selectOption({ label: 'Valenzuela Plant (PLT1)' });
    await run.getByLabel('Production line').selectOption({ label: 'Wash line (WASH1)' });
    await run.getByLabel(/^Started at/).fill(start.local);
    await run.getByLabel(/^Ended at/).fill(end.local);
    await run.getByRole('button', { name: 'Take kWh from meter' }).click();
    await run.getByText('From meter EM-1: 480.25 kWh').waitFor();
    await choose(
      b.page,
      run.getByRole('group', { name: 'Input 1' }).getByLabel('Lot', { exact: true }),
      bottles,
      new RegExp(bottles),
    );
    const output = run.getByRole('group', { name: 'Output 1' });
    await output.getByLabel('Material').selectOption({ label: 'PET flake (PET-FLK)' });
    await output.getByLabel('Kg', { exact: true }).fill(String(weighed - 500));
    await run.getByRole('button', { name: 'Add loss' }).click();
    const loss = run.getByRole('group', { name: 'Loss 1' });
    await loss.getByLabel('Where it went').selectOption({ label: 'Evaporated or drained (water)' });
    await loss.getByLabel('Kg', { exact: true }).fill('500');
    await run.getByRole('button', { name: 'Save and post' }).click();
    await b.page
      .getByRole('dialog', { name: 'Post this run?' })
      .getByRole('button', { name: 'Post' })
      .click();
    await b.page.waitForURL((u) => /^\/production-records\/[0-9a-f-]{36}$/.test(u.pathname));
    await b.page.getByText('Posted', { exact: true }).first().waitFor();
    await b.page.getByText(/EM-1/).first().waitFor();
    const runs = await s.api.call<{ items: { energy_kwh: string | null; energy_basis: string | null }[] }>(
      'GET',
      '/production-records',
    );
    expect(runs.body.items[0]).toMatchObject({ energy_kwh: '480.25', energy_basis: 'metered' });

    // An unsorted bale, typed by hand; its spectrum says PET, and confirming makes its lot PET bottles.
    const bale = await receive(b.page, {
      facility: 'Valenzuela Plant (PLT1)',
      material: 'Unsorted rigid plastics (MIX-RGD)',
      supplier: ['Malabon', /Malabon Junkshop/],
      kg: '320',
      price: '9',
    });
    const library = join(root, 'apps/server/reference/spectra');
    const petFile = readdirSync(library).find((f) => f.startsWith('PET__') && f.endsWith('.csv')) ?? '';
    await b.page.goto('/ai-identification');
    await b.page.getByLabel('Spectrum (CSV)').fill(readFileSync(join(library, petFile), 'utf8'));
    await b.page.getByRole('button', { name: 'Identify' }).click();
    const result = b.page.getByRole('region', { name: 'Identification result' });
    await result.getByRole('heading', { name: 'PET' }).waitFor();
    const confirm = b.page.getByRole('region', { name: 'Confirm the material' });
    await confirm.getByLabel('Material', { exact: true }).click();
    await b.page.getByRole('option', { name: 'PET bottles (PET-BTL)' }).click();
    await confirm.getByLabel('Facility', { exact: true }).click();
    await b.page.getByRole('option', { name: 'Valenzuela Plant (PLT1)' }).click();
    await choose(b.page, confirm.getByLabel('Lot', { exact: true }), bale, new RegExp(bale));
    await confirm.getByText(/its whole balance moves into a new lot/).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await b.page.getByText(/^Confirmed as PET bottles by/).waitFor();
    const lots = await s.api.call<{ items: { code: string; material: { code: string }; qty_kg: string }[] }>(
      'GET',
      '/lots?limit=50',
    );
    const reclassified = lots.body.items.filter(
      (l) => l.material.code === 'PET-BTL' && Number(l.qty_kg) === 320,
    );
    expect(reclassified).toHaveLength(1);
  }, 180_000);
});
