import { readFileSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Api, PASSWORD, registerAdmin } from './support/api.ts';
import { signInFresh } from './support/auth.ts';
import { summary, violations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { decodeQr } from './support/qr.ts';
import { recyclerWithAMonthOfRecovery } from './support/recovery.ts';

// Issue 14's flow as new users walk it: a recycler issues credits from a month of deliveries processed
// into pellets and transfers 50 to a brand owner; the brand owner retires them for this year and sees its
// shortfall shrink; an auditor who belongs to both organizations joins the recycler from a link while
// signed in, switches to the brand and signs its ECAR off; the recycler's waste diversion certificate's
// QR code opens its public page signed out.

const b = useBrowser();
const YEAR = new Date().getFullYear();

async function must<T = Record<string, unknown>>(api: Api, method: string, path: string, body?: unknown) {
  const res = await api.call<T>(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Invites `email` as auditor and answers the link of the invitation mail. */
async function inviteAuditor(api: Api, email: string, organization: string) {
  await must(api, 'POST', '/invitations', { email, role: 'auditor' });
  const mail = await waitForMail(email, new RegExp(`invited you to ${organization}`), 60_000);
  return linkIn(mail, /http:\/\/\S+\/invitation\/[\w-]+/);
}

const figure = (page: Page, name: string) =>
  page
    .getByRole('table', { name: `RA 11898 figures ${YEAR}` })
    .getByRole('row', { name: new RegExp(`^${name}`) });

describe('EPR in the browser', () => {
  it('issues, transfers and retires credits, signs the brand’s ECAR off and verifies a certificate signed out', async () => {
    const recycler = await recyclerWithAMonthOfRecovery('Luntian Recyclers E2E');
    const brand = await registerAdmin('Bravo Brands EPR E2E');
    const brandSlug = (
      await must<{ items: { slug: string; current: boolean }[] }>(brand.api, 'GET', '/auth/organizations')
    ).items.find((o) => o.current)?.slug;
    // The brand is obliged: 150,000 kg of rigid packaging this year, so 60 % (90,000 kg) is to be recovered.
    await must(brand.api, 'PUT', '/compliance/profile', {
      version: 0,
      obliged: true,
      enterprise_kind: 'brand_owner',
      total_assets_php: '250000000',
      recovery_cost_php_per_kg: '20',
    });
    await must(brand.api, 'POST', '/compliance/footprints', { year: YEAR, category: 'rigid', kg: '150000' });
    // The auditor has an account of their own firm and is the brand's auditor already.
    const audit = await registerAdmin('Tapat Audit Partners E2E');
    const brandLink = await inviteAuditor(brand.api, audit.email, 'Bravo Brands EPR E2E');
    await must(audit.api, 'POST', '/invitations/accept-existing', {
      token: brandLink.split('/').pop(),
      password: PASSWORD,
    });
    const recyclerLink = await inviteAuditor(recycler.api, audit.email, 'Luntian Recyclers E2E');

    // The recycler issues 57 credits — the whole tonnes of the month's verified recycling.
    const page = b.page;
    await signInFresh(page, recycler.email, PASSWORD);
    await page.goto('/epr-credits?tab=issue');
    await page
      .getByRole('button', { name: /^Issue from this: VAL1, \d{4}, Recycling/ })
      .click({ timeout: 30_000 });
    const issue = page.getByRole('form', { name: 'Issue credits' });
    await issue.getByLabel('Credits to issue').fill('57');
    await issue.getByRole('table', { name: 'Evidence the batch would claim' }).getByText('WB-1019').waitFor();
    await issue.getByRole('button', { name: 'Issue 57 credits' }).click();
    // Every whole tonne is claimed now: the form gives way to the batch issued.
    await page.getByText('57 credits issued as batch PH-PTEPR-').waitFor({ timeout: 30_000 });

    // …and transfers 50 of them to the brand, confirming the recipient by its name.
    await page.goto('/epr-credits');
    await page
      .getByRole('button', { name: /^Transfer PH-PTEPR-/ })
      .first()
      .click({ timeout: 30_000 });
    const transfer = page.getByRole('form', { name: 'Transfer credits' });
    await transfer.getByLabel('Credits to transfer').fill('50');
    await transfer.getByLabel('Recipient’s organization identifier').fill(brandSlug ?? '');
    await transfer.getByRole('button', { name: 'Look up', exact: true }).click();
    await transfer.getByRole('button', { name: 'Transfer to Bravo Brands EPR E2E' }).click();
    await page.getByText('Transferred 50 credits to Bravo Brands EPR E2E.').waitFor({ timeout: 30_000 });

    // The brand's year before retiring: 90,000 kg short.
    await signInFresh(page, brand.email, PASSWORD);
    await page.goto(`/compliance-audit?year=${YEAR}`);
    await figure(page, 'Shortfall').getByText('90,000 kg').waitFor({ timeout: 30_000 });
    await page.goto('/epr-credits');
    await page
      .getByRole('button', { name: /^Retire PH-PTEPR-/ })
      .first()
      .click({ timeout: 30_000 });
    const retire = page.getByRole('form', { name: 'Retire credits' });
    await retire.getByLabel('Credits to retire').fill('50');
    await retire.getByLabel('Beneficiary').fill('Bravo Brands EPR E2E');
    await retire.getByLabel('Compliance year').fill(String(YEAR));
    await retire.getByLabel('Purpose').fill(`RA 11898 compliance ${YEAR}`);
    await retire.getByRole('button', { name: 'Retire for good' }).click();
    await page
      .getByText('Retired 50 credits on behalf of Bravo Brands EPR E2E.')
      .waitFor({ timeout: 30_000 });
    // The 50 retired credits are 50,000 kg recovered: the shortfall shrinks to 40,000 kg.
    await page.goto(`/compliance-audit?year=${YEAR}`);
    await figure(page, 'Shortfall').getByText('40,000 kg').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Draft ECAR' }).click();
    await page.getByRole('button', { name: 'Draft version 1' }).click();
    // The draft opens for review.
    await page.waitForURL((u) => /^\/compliance-audit\/ecar\/[0-9a-f-]{36}$/.test(u.pathname), {
      timeout: 30_000,
    });
    await page.getByRole('heading', { level: 1, name: /version 1/ }).waitFor();
    expect(b.errors).toEqual([]);

    // The auditor, signed in (in the brand, used last), joins the recycler from its link…
    await signInFresh(page, audit.email, PASSWORD);
    await page.goto(recyclerLink);
    await page.getByRole('button', { name: 'Join Luntian Recyclers E2E' }).click({ timeout: 30_000 });
    await page.waitForURL((u) => u.pathname === '/dashboard');
    const switcher = (name: string) => page.getByRole('button', { name: `${name}, switch organization` });
    await switcher('Luntian Recyclers E2E').waitFor();
    // …sees the recycler's credits as its auditor (reading, no moving)…
    await page.goto('/epr-credits?tab=batches');
    await page
      .getByRole('table', { name: 'Credit batches' })
      .getByText(/PH-PTEPR-/)
      .first()
      .waitFor({ timeout: 30_000 });
    // …and switches to the brand to review and sign its ECAR off.
    await switcher('Luntian Recyclers E2E').click();
    await page.getByRole('menuitem', { name: /Bravo Brands EPR E2E/ }).click();
    await switcher('Bravo Brands EPR E2E').waitFor();
    await page.goto(`/compliance-audit?year=${YEAR}`);
    await page
      .getByRole('link', { name: /version 1/i })
      .first()
      .click({ timeout: 30_000 });
    const accepts = page.getByRole('button', { name: /^Accept / });
    await accepts.first().waitFor({ timeout: 30_000 });
    const items = await accepts.count();
    expect(items).toBeGreaterThanOrEqual(2);
    for (let i = 0; i < items; i++) {
      await accepts.nth(i).click();
      await page.getByText('Accepted').nth(i).waitFor({ timeout: 30_000 });
    }
    await page.getByRole('button', { name: 'Sign off' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Audit opinion')
      .fill('The recovery claimed is supported by weighed and logged evidence.');
    await dialog.getByRole('button', { name: 'Sign off' }).click();
    await page.getByText('Signed off: frozen').waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'hidden' });
    expect(summary(await violations(page))).toEqual([]);
    expect(b.errors).toEqual([]);

    // The recycler certifies the month's remaining recycled kilograms to its city…
    await signInFresh(page, recycler.email, PASSWORD);
    await page.goto('/waste-diversion-certificate/new');
    const cert = page.getByRole('form', { name: 'Issue a certificate' });
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await cert.getByRole('textbox', { name: 'From', exact: true }).fill(monthAgo);
    await cert.getByRole('textbox', { name: 'To', exact: true }).fill(today);
    await cert
      .getByRole('button', { name: /^Certify all .* recycling$/ })
      .first()
      .click({ timeout: 30_000 });
    await cert.getByLabel('Client name').fill('Lungsod ng Valenzuela');
    await cert.getByLabel('Kind of client').selectOption('lgu');
    await cert.getByRole('textbox', { name: /^Name/ }).fill('Maria Santos');
    await cert.getByRole('textbox', { name: /^Title/ }).fill('Plant Manager');
    await cert.getByRole('button', { name: 'Issue certificate' }).click();
    await page.waitForURL((u) => /^\/waste-diversion-certificate\/[0-9a-f-]{36}$/.test(u.pathname), {
      timeout: 30_000,
    });
    const heading = page.getByRole('heading', { level: 1, name: /^Certificate WDC-/ });
    await heading.waitFor({ timeout: 30_000 });
    const number = (await heading.textContent())?.replace('Certificate ', '').trim();
    expect(number).toMatch(/^WDC-\d{4}-\d{4}$/);

    // …whose QR code, scanned by anyone, opens its public page without an account.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'QR code (PNG)' }).click(),
    ]);
    const link = await decodeQr(page, readFileSync(await download.path()));
    expect(new URL(link).pathname).toMatch(/^\/certificates\/[0-9a-f-]{36}$/);
    expect(b.errors).toEqual([]);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    try {
      const stranger = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await stranger.goto(new URL(new URL(link).pathname, b.baseUrl).toString());
      await stranger
        .getByText(number ?? '')
        .first()
        .waitFor({ timeout: 30_000 });
      await stranger.getByText('Lungsod ng Valenzuela').first().waitFor();
      await stranger
        .getByText('This certificate stands: issued by Luntian Recyclers E2E and not revoked.')
        .waitFor();
      expect(await stranger.getByText(/^REVOKED/).count()).toBe(0);
      expect(summary(await violations(stranger))).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 300_000);
});
