import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

const webDist = await mkdtemp(join(tmpdir(), 'plastrace-web-'));
await mkdir(join(webDist, 'assets'));
await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
// What the build's precompress step writes beside a file (contents stand in for the real encodings).
await writeFile(join(webDist, 'assets', 'app-abc123.js.br'), 'brotli bytes');
await writeFile(join(webDist, 'assets', 'app-abc123.js.gz'), 'gzip bytes');
await writeFile(join(webDist, 'robots.txt'), 'User-agent: *');
afterAll(() => rm(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });

describe('serving the web app', () => {
  it('serves fingerprinted assets as immutable', async () => {
    const res = await ctx.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed file a browser accepts, brotli first, and the plain one otherwise', async () => {
    const get = (encoding?: string) =>
      ctx.app.inject({
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('brotli bytes');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary?.toString().toLowerCase()).toContain('accept-encoding');
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('gzip bytes');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves real files at the root, and a missing file as a 404, not the app', async () => {
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    for (const path of ['/favicon.png', '/apple-touch-icon.png', '/sitemap.xml']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('application/json');
    }
  });

  it('falls back to index.html for client routes, never cached', async () => {
    for (const path of ['/', '/docs', '/batch-management/123', '/no/such/page?x=1']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('spa');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps API and asset misses as 404s instead of HTML', async () => {
    const api = await ctx.app.inject('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const asset = await ctx.app.inject('/assets/missing.js');
    expect(asset.statusCode).toBe(404);
    const post = await ctx.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
    expect(post.headers['content-type']).toContain('application/json');
  });
});
