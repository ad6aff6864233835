import { describe, expect, it } from 'vitest';
import { PASSWORD, registerAdmin } from './support/api.ts';
import { signInWithForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

/** The paths the sidebar links to, in order. */
const sidebarPaths = () =>
  b.page
    .getByRole('navigation')
    .first()
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

describe('/docs', () => {
  it('renders the API reference from the generated OpenAPI document', async () => {
    const requests: string[] = [];
    b.page.on('request', (r) => requests.push(r.url()));
    await b.page.goto('/docs');
    // Operation summaries come from the route schemas, so their presence proves the document was rendered.
    // Collapsed groups list only their paths, so look for summaries of the first group and every path.
    for (const summary of [
      'Liveness: the process is up',
      'Readiness: the database is reachable and every migration is applied',
      '/api/calculations/material-types',
      '/api/calculations/process-types',
      '/api/calculations/epr-countries',
    ]) {
      await b.page.getByText(summary).first().waitFor({ state: 'attached', timeout: 30_000 });
    }
    expect(await b.page.title()).toBe('API reference · PlasTrace');
    expect(requests.some((u) => u.endsWith('/api/openapi.json'))).toBe(true);
    // Works offline: nothing is fetched from another host.
    const foreign = requests.filter(
      (u) => !u.startsWith(b.baseUrl) && !u.startsWith('data:') && !u.startsWith('blob:'),
    );
    expect(foreign).toEqual([]);
  });

  it('sits in the app layout; signed out, the sidebar lists only the public pages', async () => {
    const nav = b.page.getByRole('navigation').first();
    const link = nav.getByRole('link', { name: 'API reference' });
    expect(await link.getAttribute('aria-current')).toBe('page');
    // The sidebar shows what the signed-in role may open; a visitor without a role, the public pages:
    // record verification, the credit registry, the marketplace and the API reference.
    expect(await sidebarPaths()).toEqual(['/blockchain-verification', '/registry', '/marketplace', '/docs']);
  });

  it('signed in, the sidebar lists the pages of the role, each of which exists', async () => {
    const { email } = await registerAdmin('Sidebar Recyclers');
    await b.page.goto('/');
    await signInWithForm(b.page, email, PASSWORD);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    await b.page.goto('/docs');
    // The sidebar fills in once the session's role has loaded; read it only then.
    await b.page.getByRole('navigation').first().getByRole('link', { name: 'Dashboard' }).waitFor();
    const hrefs = await sidebarPaths();
    expect(hrefs[0]).toBe('/dashboard');
    expect(hrefs).toContain('/user-management');
    expect(hrefs.at(-1)).toBe('/docs');
    // Only pages that exist: no sidebar link leads to the not-found page (/settings opens a section).
    for (const href of hrefs) {
      await b.page.goto(href);
      await b.page.waitForURL((u) => u.pathname.startsWith(href));
      await b.page.waitForLoadState('networkidle');
      expect(await b.page.getByRole('heading', { name: 'Oops! Page Not Found' }).count(), href).toBe(0);
    }
    // Every sidebar page in turn (about 40 s here when idle): a budget that holds on a busy machine.
  }, 240_000);

  it('raises no page errors or CSP violations', () => {
    expect(b.errors.filter((e) => !e.includes('document validation'))).toEqual([]);
  });
});
