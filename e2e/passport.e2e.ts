import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSWORD } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { summary, violations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { pelletLotOfTwoDeliveries } from './support/pellets.ts';
import { decodeQr } from './support/qr.ts';

// A product passport end to end: a pellet lot of two deliveries (washed, extruded) set up through the
// API; its passport created and published in the browser; the QR code downloaded and decoded; and the
// decoded GS1 Digital Link opened signed out, in a fresh browser, where the passport reads without any
// account and with no more than 100 kB of JavaScript (the page has none).

const b = useBrowser();
const JS_BUDGET = 100 * 1024;

const setup = () =>
  pelletLotOfTwoDeliveries('Passport Flow Recyclers', [
    { code: 'SUP-1', name: 'Aling Nena', type: 'waste_picker', province: 'Bulacan' },
    { code: 'SUP-2', name: 'Tondo Pickers Cooperative', type: 'cooperative', province: 'Metro Manila' },
  ]);

describe('product passport in the browser', () => {
  it('publishes a passport whose QR code, scanned signed out, reads the passport', async () => {
    const m = await setup();
    expect(m.pellets).toMatch(/^PLT1-\d{6}-\d{4}$/);
    await signInFresh(b.page, m.email, PASSWORD);

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
    const link = await decodeQr(b.page, readFileSync(file));
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
      // Readable by everyone: axe's WCAG 2.1 AA rules find nothing on the public page.
      expect(summary(await violations(page))).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
