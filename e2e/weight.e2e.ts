import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';

const b = useBrowser();

/** Issue target: the first visit of `/` loads at most 150 kB of JavaScript over the wire. */
const FIRST_VISIT_JS_BUDGET = 150_000;

describe('what a first visit downloads', () => {
  it(`loads at most ${FIRST_VISIT_JS_BUDGET / 1000} kB of JavaScript for /, compressed, and nothing of the API reference`, async () => {
    const scripts: Promise<{ url: string; bytes: number; encoding: string | undefined }>[] = [];
    b.page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
          const encoding = (await response?.allHeaders())?.['content-encoding'];
          return { url: request.url(), bytes: sizes.responseBodySize, encoding };
        })(),
      );
    });
    await b.page.goto('/', { waitUntil: 'networkidle' });
    await b.page.getByRole('heading', { level: 1 }).first().waitFor();
    const loaded = await Promise.all(scripts);
    const total = loaded.reduce((sum, s) => sum + s.bytes, 0);
    // Printed so the README's figure can be checked against a run.
    console.info(`first visit of /: ${loaded.length} scripts, ${total} bytes over the wire`);
    if (process.env.WEIGHT_DEBUG)
      console.info(
        loaded
          .sort((x, y) => y.bytes - x.bytes)
          .map((s) => `${s.bytes} ${s.url}`)
          .join('\n'),
      );
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((s) => s.bytes > 1024 && s.encoding !== 'br')).toEqual([]);
    expect(loaded.filter((s) => /ApiReference|scalar/i.test(s.url))).toEqual([]);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
  });

  it('finds a real favicon and robots.txt, not the app', async () => {
    const icon = await b.page.request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toContain('icon');
    const robots = await b.page.request.get('/robots.txt');
    expect(await robots.text()).toContain('Disallow: /api/');
  });
});
