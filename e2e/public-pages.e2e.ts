import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { waitForMail } from './support/mail.ts';

const b = useBrowser();
const NOT_FOUND = 'Oops! Page Not Found';

async function footerHrefs() {
  const footer = b.page.getByRole('navigation', { name: 'Footer' });
  await footer.waitFor();
  return footer
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

describe('public information pages', () => {
  it('every footer link of the landing page opens a real page', async () => {
    await b.page.goto('/');
    const hrefs = await footerHrefs();
    expect(hrefs).toEqual(['/contact', '/help', '/help-center', '/status', '/blog', '/privacy', '/terms']);
    // /help is the members' help (spec §2: inside the guarded layout): a visitor is asked to sign in.
    await b.page.getByRole('navigation', { name: 'Footer' }).locator('a[href="/help"]').click();
    await b.page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
    expect(new URL(b.page.url()).pathname).toBe('/auth');
    for (const href of hrefs.filter((h) => h !== '/help')) {
      await b.page.goto('/');
      await b.page.getByRole('navigation', { name: 'Footer' }).locator(`a[href="${href}"]`).click();
      await b.page.waitForURL((u) => u.pathname === href);
      await b.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await b.page.getByRole('heading', { name: NOT_FOUND }).count(), href).toBe(0);
      // The same footer on every public page, so each is a way on to the others.
      expect(await footerHrefs(), href).toEqual(hrefs);
    }
  });

  it('/about, /features, /blog and a post open real pages', async () => {
    for (const href of ['/about', '/features', '/blog', '/blog/ra-11898-explained']) {
      await b.page.goto(href);
      await b.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await b.page.getByRole('heading', { name: NOT_FOUND }).count(), href).toBe(0);
    }
  });

  it('/status reports the live server operational, with its version', async () => {
    await b.page.goto('/status');
    await b.page.getByText('All systems operational').waitFor();
    expect(await b.page.getByText(/^Version \d+\.\d+\.\d+, answered in \d+ ms$/).count()).toBe(1);
    expect(await b.page.getByText(/^\d+ of \d+ applied$/).count()).toBe(1);
    expect(await b.page.title()).toBe('Status · PlasTrace');
  });

  it('/contact sends a message to support and a receipt to the sender', async () => {
    const email = `contact.${Date.now()}@example.ph`;
    await b.page.goto('/contact');
    const form = b.page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Ana Reyes');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Topic').selectOption('support');
    await form.getByLabel('Message').fill('Our weighbridge ticket numbers do not print on the receipt.');
    await form.getByRole('button', { name: 'Send message' }).click();
    const receipt = b.page.getByRole('status').filter({ hasText: 'Message sent' });
    await receipt.waitFor();
    const reference = /PT-[0-9A-F]{8}/.exec((await receipt.textContent()) ?? '')?.[0];
    expect(reference).toBeDefined();
    const toSupport = await waitForMail('support@plastrace.ph', new RegExp(reference ?? '-'));
    expect(toSupport.text).toContain('Our weighbridge ticket numbers do not print on the receipt.');
    await waitForMail(email, new RegExp(`We received your message \\(${reference}\\)`));
  });

  it('fits a phone screen without sideways scrolling', async () => {
    await b.page.setViewportSize({ width: 360, height: 740 });
    for (const href of ['/status', '/contact', '/privacy', '/terms', '/about', '/features', '/help-center']) {
      await b.page.goto(href);
      await b.page.getByRole('heading', { level: 1 }).waitFor();
      await b.page.waitForLoadState('networkidle');
      const overflow = await b.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, href).toBeLessThanOrEqual(0);
    }
  });

  it('raises no page errors or CSP violations', () => {
    expect(b.errors).toEqual([]);
  });
});
