import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

const path = () => new URL(b.page.url()).pathname;

describe('an unknown route', () => {
  it('shows the not-found page, served by the SPA fallback', async () => {
    const res = await b.page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await b.page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    expect(await b.page.getByText(/contact support/i).count()).toBeGreaterThan(0);
  });

  it('Go Home and Back to Dashboard both go to /', async () => {
    for (const name of ['Go Home', 'Back to Dashboard']) {
      await b.page.goto('/missing-page');
      await b.page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
      await b.page.getByRole('button', { name }).or(b.page.getByRole('link', { name })).first().click();
      await b.page.waitForURL((u) => u.pathname === '/');
      expect(path()).toBe('/');
    }
  });

  it('has quick links to /receive-records, /analytics and /settings', async () => {
    await b.page.goto('/missing-page');
    await b.page.getByRole('heading', { name: 'Oops! Page Not Found' }).waitFor();
    const hrefs = await b.page
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(expect.arrayContaining(['/receive-records', '/analytics', '/settings']));
    for (const target of ['/receive-records', '/analytics', '/settings']) {
      await b.page.goto('/missing-page');
      await b.page.locator(`a[href="${target}"]`).first().click();
      // Pages that exist and need a session send a signed-out visitor to sign in first.
      await b.page.waitForURL((u) => u.pathname === target || u.pathname === '/auth');
    }
  });

  it('raises no page errors or CSP violations', () => {
    expect(b.errors).toEqual([]);
  });
});
