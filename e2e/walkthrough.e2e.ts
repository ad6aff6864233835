import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();
/** The demo organization the server seeds on its first start (apps/server/src/seed/data.ts). */
const DEMO_PASSWORD = 'Malinis-demo-2026';
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 800 };

/** Screenshots of each step, for people to look at: test-results/ (ignored by git, kept by CI). */
const shots = fileURLToPath(new URL('../test-results/walkthrough/', import.meta.url));
mkdirSync(shots, { recursive: true });
/** What the person sees: the screen as it is (a phone's fixed header stays on top). */
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}${name}.png` });

async function signInAs(page: Page, who: 'operator' | 'supplier' | 'manager') {
  await page.context().clearCookies();
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/');
  await signInWithForm(page, `${who}@demo.plastrace.ph`, DEMO_PASSWORD);
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

// Three people's tasks, end to end in the production build: each a few seconds, far more under load.
describe('walk-through', () => {
  it('the operator, on a phone at the weighbridge, records and posts a delivery', async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    // On a phone, Sign In is in sight without opening the menu.
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor();
    await shot(page, '1-phone-landing');
    await signInAs(page, 'operator');

    await page.goto('/receive-records/new');
    const form = page.locator('form[aria-label="New delivery"]');
    await form.getByLabel('Supplier').fill('Tatay');
    await page.getByRole('option', { name: /Tatay Ben Junkshop/ }).click();
    await form.getByLabel('Facility').selectOption({ label: 'Valenzuela Recycling Plant (MNL1)' });
    await form.getByLabel('Weighbridge ticket').fill('WB-PHONE-1');
    const line = form.getByRole('group', { name: 'Line 1' });
    await line.getByLabel('Material').selectOption({ index: 1 });
    await line.getByLabel('Gross kg').fill('1250.5');
    await line.getByLabel('Tare kg').fill('50');
    // Left to the price list: the line shows the price posting will use, and what it comes to.
    await expect
      .poll(() => line.getByLabel('Unit price (PHP/kg)').getAttribute('placeholder'))
      .toMatch(/^Price list: \d/);
    await shot(page, '2-phone-new-delivery');
    await form.getByRole('button', { name: 'Save and post' }).click();
    const confirm = page.getByRole('dialog', { name: 'Post this delivery?' });
    await expect
      .poll(() => confirm.getByRole('row', { name: /Owed to the supplier/ }).textContent())
      .toMatch(/₱\d/);
    // Once the dialog has faded in, so the picture shows it.
    await expect.poll(() => confirm.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await shot(page, '3-phone-confirm-post');
    await confirm.getByRole('button', { name: 'Post', exact: true }).click();

    await page.waitForURL((u) => /^\/receive-records\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByText('Posted', { exact: true }).first().waitFor();
    // The saved delivery opens at its top.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, '4-phone-posted');

    await page.goto('/receive-records');
    const cards = page.getByRole('list', { name: 'Receive records' });
    await cards.getByRole('listitem').first().waitFor();
    expect(await page.getByRole('table', { name: 'Receive records' }).count()).toBe(0);
    await expect
      .poll(() => cards.getByRole('listitem').first().textContent())
      .toContain('Tatay Ben Junkshop');
    await shot(page, '5-phone-receive-records');
  }, 120_000);

  it('the supplier sees their own deliveries and payments', async () => {
    const page = b.page;
    await page.setViewportSize(PHONE);
    await signInAs(page, 'supplier');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, '6-phone-supplier-dashboard');
    // No one else's deliveries: the staff pages are not theirs.
    await page.goto('/batch-management');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await shot(page, '7-phone-supplier-lots');
  }, 120_000);

  it('the plant manager, at a desk, reads the dashboard, the stock and its value', async () => {
    const page = b.page;
    await page.setViewportSize(DESK);
    await signInAs(page, 'manager');
    await page.waitForLoadState('networkidle');
    await shot(page, '8-desk-dashboard');
    await page.goto('/inventory');
    await page.getByRole('table').first().waitFor();
    await shot(page, '9-desk-inventory');
    await page.goto('/price-analyser');
    await page.getByRole('table', { name: 'Stock at current prices' }).waitFor();
    await shot(page, '10-desk-stock-value');
  }, 120_000);
});
