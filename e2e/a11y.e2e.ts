import { describe, expect, it } from 'vitest';
import { signInWithForm } from './support/auth.ts';
import { summary, violations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();
/** The demo manager the server seeds on its first start (apps/server/src/seed/data.ts). */
const DEMO_MANAGER = { email: 'manager@demo.plastrace.ph', password: 'Malinis-demo-2026' };

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  // A page at a time, each scanned once its data has loaded: a few seconds each, far more under load.
  it('the public pages', async () => {
    const found: string[] = [];
    for (const path of [
      '/',
      '/features',
      '/about',
      '/contact',
      '/login',
      '/blog',
      '/blog/ra-11898-explained',
      '/marketplace',
      '/does-not-exist',
    ]) {
      await b.page.goto(path);
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();
      found.push(...summary(await violations(b.page)).map((s) => `${path}: ${s}`));
    }
    if (found.length) console.info(found.join('\n'));
    expect(found).toEqual([]);
  }, 180_000);

  it('the signed-in pages of a manager', async () => {
    await b.page.goto('/');
    await signInWithForm(b.page, DEMO_MANAGER.email, DEMO_MANAGER.password);
    await b.page.waitForURL((u) => u.pathname === '/dashboard');
    const found: string[] = [];
    for (const path of [
      '/dashboard',
      '/receive-records',
      '/receive-records/new',
      '/production-records',
      '/production-records/new',
      '/order-records',
      '/order-records/new',
      '/dispatch-records',
      '/dispatch-records/new',
      '/logistics',
      '/logistics/trips/new',
      '/iot-tracking',
      '/iot-tracking?tab=alerts',
      '/iot-tracking?tab=keys',
      '/ai-identification',
      '/production-lines',
      '/dispatcher-management',
      '/franchisee',
      '/bom-management',
      '/components-management',
      '/batch-management',
      '/inventory',
      '/supplier-ledger',
      '/customer-management',
      '/customer-management?tab=balances',
      '/price-analyser',
      '/user-transactions',
      '/blockchain-explorer',
      '/blockchain-verification',
      '/blockchain-passport',
      '/traceability',
      '/mass-balance',
      '/product-passport',
      '/epr-credits',
      '/epr-credits?tab=issue',
      '/epr-credits?tab=batches',
      '/epr-credits?tab=movements',
      '/registry',
      '/marketplace',
      '/marketplace?view=map',
      '/marketplace?tab=listings',
      '/marketplace?tab=offers',
      '/marketplace?tab=deals',
      '/compliance-audit',
      '/waste-diversion-certificate',
      '/waste-diversion-certificate/new',
      '/analytics',
      '/analytics?tab=production',
      '/impact',
      '/predictive-analytics',
      '/reports',
      '/reports/monthly',
      '/reports/inventory',
      '/debug-gradients',
    ]) {
      await b.page.goto(path);
      await b.page.getByRole('heading', { level: 1 }).first().waitFor();
      await b.page.waitForLoadState('networkidle');
      found.push(...summary(await violations(b.page)).map((s) => `${path}: ${s}`));
    }
    // A trace with its share bars, graph and tables: the newest lot, from its own page.
    await b.page.goto('/batch-management');
    await b.page.getByRole('heading', { level: 1 }).first().waitFor();
    await b.page.locator('main a[href^="/batch-management/"]').first().click();
    await b.page.getByRole('link', { name: 'Trace', exact: true }).click();
    await b.page.getByRole('region', { name: 'Where it came from' }).waitFor({ timeout: 30_000 });
    await b.page.waitForLoadState('networkidle');
    found.push(...summary(await violations(b.page)).map((s) => `a trace: ${s}`));
    if (found.length) console.info(found.join('\n'));
    expect(found).toEqual([]);
  }, 480_000);
});
