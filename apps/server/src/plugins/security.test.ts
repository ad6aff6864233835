import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { registerSecurityHeaders } from './security.ts';

const webDist = await mkdtemp(join(tmpdir(), 'plastrace-web-'));
await mkdir(join(webDist, 'assets'));
await writeFile(join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
await writeFile(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
afterAll(() => rm(webDist, { recursive: true, force: true }));

const ctx = useTestApp({ webDist });

/** What @fastify/helmet sent with our options before the headers were precomputed. */
const HELMET_HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob: https://tile.openstreetmap.org;font-src 'self' data:;connect-src 'self';worker-src 'self' blob:;object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('are on API answers, errors included, and on the web app’s HTML and assets', async () => {
    for (const url of [
      '/api/health',
      '/api/no-such-route',
      '/',
      '/batch-management/1',
      '/assets/app-abc123.js',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.headers, url).toMatchObject(HELMET_HEADERS);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('are computed once, not by helmet’s middleware on every request', () => {
    // @fastify/helmet decorates the reply with `helmet` when registered; its per-request rebuild was ~21 % of a trivial route's CPU.
    expect(ctx.app.hasReplyDecorator('helmet')).toBe(false);
  });
});

describe('caching', () => {
  it('marks API answers no-store, and leaves the web app’s caching alone', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/public/config'])
      expect((await ctx.app.inject(url)).headers['cache-control'], url).toBe('no-store');
    expect((await ctx.app.inject('/')).headers['cache-control']).toBe('no-cache');
    expect((await ctx.app.inject('/assets/app-abc123.js')).headers['cache-control']).toContain('immutable');
  });

  it('keeps a cache policy the route chose itself', async () => {
    const app = Fastify({ logger: false });
    await registerSecurityHeaders(app);
    app.get('/api/photo', async (_req, reply) =>
      reply.header('cache-control', 'private, max-age=31536000, immutable').send('bytes'),
    );
    app.get('/api/plain', async () => ({ ok: true }));
    app.get('/apiary', async () => 'not the API');
    expect((await app.inject('/api/photo')).headers['cache-control']).toBe(
      'private, max-age=31536000, immutable',
    );
    expect((await app.inject('/api/plain?x=1')).headers['cache-control']).toBe('no-store');
    expect((await app.inject('/apiary')).headers['cache-control']).toBeUndefined();
    await app.close();
  });
});
