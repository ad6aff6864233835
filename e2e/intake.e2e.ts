import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh, signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

/** An organization with two materials (the catalog is not what this flow is about). */
async function setup() {
  const { api, email } = await registerAdmin('Intake Flow Recyclers');
  const must = async (path: string, body: unknown) => {
    const res = await api.call<{ id: string }>('POST', path, body);
    if (res.status !== 201) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  await must('/materials', { code: 'PET-CLR', name: 'PET clear bottles', polymer: 'PET', form: 'bottles' });
  await must('/materials', { code: 'HDPE-NAT', name: 'HDPE natural', polymer: 'HDPE', form: 'rigid' });
  const supplierId = async () => {
    const res = await api.call<{ items: { id: string }[] }>('GET', '/suppliers?q=SUP-1');
    return res.body.items[0]?.id ?? '';
  };
  return { email, supplierId };
}

/** A master-data record made through its page's "New …" dialog, as a user would. */
async function createThroughPage(path: string, noun: string, fill: Record<string, string>) {
  await b.page.goto(path);
  await b.page.getByRole('button', { name: `New ${noun}` }).click();
  const dialog = b.page.getByRole('dialog', { name: `New ${noun}` });
  for (const [label, value] of Object.entries(fill)) {
    const field = dialog.getByLabel(label, { exact: false }).first();
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption({ label: value });
    else await field.fill(value);
  }
  await dialog.getByRole('button', { name: `Create ${noun}` }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** A 640×480 JPEG drawn in the page itself, so the test needs no image library. */
async function jpegFromCanvas(): Promise<Buffer> {
  const dataUrl = await b.page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d canvas');
    g.fillStyle = '#2f7d4f';
    g.fillRect(0, 0, 640, 480);
    g.fillStyle = '#f4d35e';
    g.fillRect(80, 120, 480, 240);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

describe('material intake in the browser', () => {
  it('facility and supplier → receive two lines with a photo → post → lots, split, label sheet → public page signed out → inventory → payable → payment', async () => {
    const m = await setup();
    await signInFresh(b.page, m.email, PASSWORD);

    await createThroughPage('/facilities', 'facility', {
      Code: 'QC1',
      Name: 'Quezon City Plant',
      Type: 'Recycling plant',
      'City / municipality': 'Quezon City',
      Region: 'NCR',
    });
    await b.page.getByRole('cell', { name: 'Quezon City Plant', exact: true }).waitFor();
    await createThroughPage('/suppliers', 'supplier', {
      Code: 'SUP-1',
      Name: 'Bagong Silang Cooperative',
      Type: 'Cooperative',
    });
    await b.page.getByRole('cell', { name: 'Bagong Silang Cooperative', exact: true }).waitFor();
    const supplier = await m.supplierId();

    await b.page.goto('/receive-records/new');
    const form = b.page.locator('form[aria-label="New delivery"]');
    await form.getByLabel('Supplier').fill('Bagong');
    await b.page.getByRole('option', { name: /Bagong Silang Cooperative/ }).click();
    await form.getByLabel('Facility').selectOption({ label: 'Quezon City Plant (QC1)' });
    await form.getByLabel('Weighbridge ticket').fill('WB-7781');
    const line1 = form.getByRole('group', { name: 'Line 1' });
    await line1.getByLabel('Material').selectOption({ label: 'PET clear bottles (PET-CLR)' });
    await line1.getByLabel('Gross kg').fill('520');
    await line1.getByLabel('Tare kg').fill('20');
    await line1.getByLabel('Unit price (PHP/kg)').fill('16.50');
    await form.getByRole('button', { name: 'Add line' }).click();
    const line2 = form.getByRole('group', { name: 'Line 2' });
    await line2.getByLabel('Material').selectOption({ label: 'HDPE natural (HDPE-NAT)' });
    await line2.getByLabel('Gross kg').fill('100');
    await line2.getByLabel('Unit price (PHP/kg)').fill('22');
    // A photo of the load, as the phone's camera would hand it over.
    await form.getByLabel('Take photo').setInputFiles({
      name: 'load.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegFromCanvas(),
    });
    await form.getByRole('img', { name: 'New photo 1: load.jpg' }).waitFor();
    await form.getByRole('button', { name: 'Save draft' }).click();

    await b.page.waitForURL((u) => /^\/receive-records\/[0-9a-f-]{36}$/.test(u.pathname));
    const thumbnail = b.page.getByRole('img', { name: /^Photo 1 of RR-/ });
    await thumbnail.waitFor();
    // Loaded with the session (not a broken image): the server's 320 px WebP thumbnail.
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);
    await b.page.getByRole('button', { name: 'Post', exact: true }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: 'Post', exact: true }).click();
    await b.page.getByText('Posted', { exact: true }).first().waitFor();
    await thumbnail.waitFor();
    const lotLinks = b.page.locator('a[href^="/batch-management/"]');
    await expect.poll(() => lotLinks.count()).toBe(2);

    await lotLinks.first().click();
    await b.page.getByRole('button', { name: 'Split' }).click();
    const split = b.page.locator('form[aria-label^="Split"]');
    await split.getByLabel('Part 1 (kg)').fill('100');
    await split.getByRole('button', { name: 'Split' }).click();
    await b.page.getByText('400 kg', { exact: true }).first().waitFor();
    // The label's QR code downloads as a PNG.
    const [download] = await Promise.all([
      b.page.waitForEvent('download'),
      b.page.getByRole('button', { name: 'QR label (PNG)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^lot-QC1-\d{6}-\d{4}\.png$/);
    const lotUrl = new URL(b.page.url());
    const lotId = lotUrl.pathname.split('/').pop() ?? '';

    // The QR link, opened by someone who is not signed in.
    await b.page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await b.page.goto(`/verify/${lotId}`);
    await b.page.getByText('PET clear bottles').first().waitFor();
    await b.page.getByText('Quezon City').first().waitFor();
    expect(await b.page.getByText('16.50').count()).toBe(0);

    await b.page.goto('/');
    await signInWithForm(b.page, m.email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');

    // Three lots now (two received, one split off), all printable on one label sheet.
    await b.page.goto('/batch-management');
    await b.page.getByRole('checkbox', { name: 'Select all lots shown' }).check();
    const [sheet] = await Promise.all([
      b.page.waitForEvent('download'),
      b.page
        .getByRole('toolbar', { name: 'Selected lots' })
        .getByRole('button', { name: /Print labels/ })
        .click(),
    ]);
    expect(sheet.suggestedFilename()).toMatch(/\.pdf$/);

    // Inventory: 500 kg PET and 100 kg HDPE at the plant, splitting changed nothing in total.
    await b.page.goto('/inventory');
    await b.page.getByRole('table').getByText('600 kg').first().waitFor();

    await b.page.goto(`/supplier-ledger/${supplier}`);
    // 500 kg × ₱16.50 + 100 kg × ₱22 = ₱10,450.00 owed
    await b.page.getByText('₱10,450.00').first().waitFor();
    await b.page.getByRole('button', { name: 'Record payment' }).click();
    const pay = b.page.locator('form[aria-label="Record payment"]');
    await pay.getByLabel('Amount (PHP)').fill('450');
    await pay.getByLabel('Method').selectOption('cash');
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await b.page.getByText('₱10,000.00').first().waitFor();
  });

  it('raises no page errors', () => {
    expect(b.errors.filter((e) => !/status of 40[134]/.test(e))).toEqual([]);
  });
});
