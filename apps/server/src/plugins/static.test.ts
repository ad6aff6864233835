import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';

const webDist = await mkdtemp(join(tmpdir(), 'plastrace-web-'));
await mkdir(join(webDist, 'assets'));
await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
afterAll(() => rm(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });

describe('serving the web app', () => {
  it('serves fingerprinted assets as immutable', async () => {
    const res = await ctx.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
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
