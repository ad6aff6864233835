import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

// A product passport end to end: a pellet lot of two deliveries (washed, extruded) set up through the
// API; its passport created and published in the browser; the QR code downloaded and decoded; and the
// decoded GS1 Digital Link opened signed out, in a fresh browser, where the passport reads without any
// account and with no more than 100 kB of JavaScript (the page has none).

const b = useBrowser();
const JS_BUDGET = 100 * 1024;

async function setup() {
  const { api, email } = await registerAdmin('Passport Flow Recyclers');
  const must = async <T = { id: string }>(path: string, body: unknown) => {
    const res = await api.call<T>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const material = (code: string, name: string, form: string) =>
    must('/materials', { code, name, polymer: 'PET', form });
  const bottles = await material('PET-BTL', 'PET bottles', 'bottles');
  const flake = await material('PET-FLK', 'PET flake', 'flake');
  const pellet = await material('PET-PLT', 'PET pellet', 'pellet');
  const plant = await must('/facilities', {
    code: 'PLT1',
    name: 'Valenzuela Plant',
    type: 'recycling_plant',
    city: 'Valenzuela',
  });
  const picker = await must('/suppliers', {
    code: 'SUP-1',
    name: 'Aling Nena',
    type: 'waste_picker',
    province: 'Bulacan',
  });
  const coop = await must('/suppliers', {
    code: 'SUP-2',
    name: 'Tondo Pickers Cooperative',
    type: 'cooperative',
    province: 'Metro Manila',
  });
  type Posted = { lines: { lot: { id: string; code: string } }[] };
  const deliver = async (supplierId: string, kg: string) =>
    (
      await must<Posted>('/receive-records?post=true', {
        supplier_id: supplierId,
        facility_id: plant.id,
        received_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
        lines: [{ material_id: bottles.id, gross_kg: kg, tare_kg: '0', unit_price: '16' }],
      })
    ).lines[0]?.lot.id ?? '';
  type Run = { outputs: { lot: { id: string; code: string } }[] };
  const run = async (
    process: string,
    inputs: { lot_id: string; kg: string }[],
    to: string,
    kg: string,
    loss: string,
  ) =>
    (
      await must<Run>('/production-records?post=true', {
        facility_id: plant.id,
        process_code: process,
        started_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        ended_at: new Date(Date.now() - 3600_000).toISOString(),
        entered_kwh: process === 'washing' ? '120' : '300',
        inputs,
        outputs: [{ material_id: to, kg }],
        losses: [{ kind: 'moisture', fate: 'landfill', kg: loss }],
      })
    ).outputs[0]?.lot;
  const a = await deliver(picker.id, '600');
  const c = await deliver(coop.id, '400');
  const washed = await run(
    'washing',
    [
      { lot_id: a, kg: '600' },
      { lot_id: c, kg: '400' },
    ],
    flake.id,
    '900',
    '100',
  );
  const pellets = await run('extrusion', [{ lot_id: washed?.id ?? '', kg: '900' }], pellet.id, '880', '20');
  return { email, pellets: pellets?.code ?? '' };
}

/** The text a QR code in a PNG holds: the browser decodes the image, jsQR reads its pixels. */
async function decodeQr(png: Buffer): Promise<string> {
  const pixels = await b.page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.drawImage(bitmap, 0, 0);
    const data = g.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  }, png.toString('base64'));
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  if (!code) throw new Error('no QR code found in the PNG');
  return code.data;
}

describe('product passport in the browser', () => {
  it('publishes a passport whose QR code, scanned signed out, reads the passport', async () => {
    const m = await setup();
    expect(m.pellets).toMatch(/^PLT1-\d{6}-\d{4}$/);
    await b.context.clearCookies();
    await b.page.goto('/');
    await b.page.evaluate(() => localStorage.clear());
    await b.page.goto('/');
    await signInWithForm(b.page, m.email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');

    // Create the lot's passport from its code, then publish it after confirming.
    await b.page.goto('/product-passport');
    await b.page.getByLabel('Lot code or record id').fill(m.pellets);
    await b.page.getByRole('button', { name: 'Create passport' }).click();
    await b.page.waitForURL((u) => /^\/product-passport\/[0-9a-f-]{36}$/.test(u.pathname), {
      timeout: 30_000,
    });
    const preview = b.page.getByRole('region', { name: 'Passport preview' });
    await preview.getByText('Recycled content: 100.00 %').waitFor({ timeout: 30_000 });
    await b.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await b.page.getByRole('button', { name: 'Publish version 1' }).click();
    await b.page.getByText('Published version 1.').waitFor();

    // Download the QR code and read the Digital Link it encodes.
    const [download] = await Promise.all([
      b.page.waitForEvent('download'),
      b.page.getByRole('button', { name: 'QR code (PNG)' }).click(),
    ]);
    const file = await download.path();
    const link = await decodeQr(readFileSync(file));
    // No GTIN on the pellets: the organization's lot URI, /o/{organization}/lot/{code}.
    expect(new URL(link).pathname).toMatch(/^\/o\/[^/]+\/lot\//);
    expect(new URL(link).pathname.endsWith(`/lot/${m.pellets}`)).toBe(true);
    expect(b.errors).toEqual([]);

    // A stranger's phone: a fresh browser with no session opens the scanned link.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script')
          scripts.push(request.sizes().then((s) => s.responseBodySize));
      });
      // The link names the public URL the server was configured with; the test server answers it here.
      const target = new URL(new URL(link).pathname, b.baseUrl).toString();
      const res = await page.goto(target);
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: new RegExp(m.pellets) }).waitFor();
      const main = page.getByRole('main');
      for (const text of ['100.00 %', 'Bulacan', 'Metro Manila', 'Waste pickers', 'Cooperatives'])
        await main.getByText(text).first().waitFor();
      // Collectors are never named in public.
      expect(await main.getByText('Aling Nena').count()).toBe(0);
      const bytes = (await Promise.all(scripts)).reduce((s, n) => s + n, 0);
      expect(bytes).toBeLessThanOrEqual(JS_BUDGET);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
