import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_VERSION, buildApp } from '../../app.ts';
import { useTestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/db.ts';
import { client } from '../../test/http.ts';

const ctx = useTestApp();

describe('health and readiness', () => {
  it('GET /api/health answers ok', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: API_VERSION });
  });

  it('GET /api/ready checks the database and the migrations', async () => {
    const res = await ctx.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ready');
    expect(body.database).toBe(true);
    expect(body.migrations.applied).toBe(body.migrations.expected);
    expect(body.migrations.expected).toBeGreaterThan(0);
  });

  it('is not ready (503) on a database without the migrations', async () => {
    const bare = await createTestDatabase({ migrate: false });
    const app = await buildApp({ config: { publicUrl: 'http://x', logLevel: 'silent' }, db: bare.db });
    try {
      const res = await app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', database: true, migrations: { applied: 0 } });
    } finally {
      await app.close();
      await bare.drop();
    }
  });

  it('is not ready (503) when the database is unreachable', async () => {
    const gone = await createTestDatabase();
    const app = await buildApp({ config: { publicUrl: 'http://x', logLevel: 'silent' }, db: gone.db });
    await gone.drop();
    try {
      const res = await app.inject('/api/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', database: false });
    } finally {
      await app.close();
    }
  });
});

describe('cross-cutting HTTP behaviour', () => {
  it('answers unknown /api routes with the JSON error shape', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({
      code: 'not_found',
      message: 'Route POST /api/no-such-thing not found',
      error: 'Route POST /api/no-such-thing not found',
    });
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives every response a request id, keeping a sane one the client sent', async () => {
    const mine = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'scale-7.abc' } });
    expect(mine.headers['x-request-id']).toBe('scale-7.abc');
    const odd = await ctx.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  describe('error handler', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase();
      app = await buildApp({ config: { publicUrl: 'http://x', logLevel: 'silent' }, db: database.db });
      app.get('/api/test/boom', { schema: { 'x-permission': 'public' } }, async () => {
        throw new Error('secret connection string postgres://admin:hunter2@db');
      });
      app.withTypeProvider<ZodTypeProvider>().post(
        '/api/test/echo',
        {
          schema: {
            'x-permission': 'public',
            body: z.object({ name: z.string().min(2, 'Name is too short'), kg: z.number().positive() }),
          },
        },
        async (req) => req.body,
      );
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });

    it('hides internals of a 5xx and keeps the one error shape', async () => {
      const res = await app.inject('/api/test/boom');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 'internal_error',
        message: 'Internal server error',
        error: 'Internal server error',
      });
      expect(res.body).not.toContain('hunter2');
    });

    it('answers a schema violation with 400 and one message per field', async () => {
      const res = await (await client(app)).post('/api/test/echo', { name: 'x', kg: -1 });
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.code).toBe('validation_failed');
      expect(body.error).toBe(body.message);
      expect(body.details.fields['body.name']).toBe('Name is too short');
      expect(Object.keys(body.details.fields)).toEqual(['body.name', 'body.kg']);
    });

    it('answers malformed JSON with 400 in the error shape', async () => {
      const c = await client(app);
      const res = await c.request('POST', '/api/test/echo', '{not json', {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_failed' });
    });

    it('answers an unsupported content type with 415', async () => {
      const c = await client(app);
      const res = await c.request('POST', '/api/test/echo', '<a/>', { 'content-type': 'application/xml' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
    });
  });
});

describe('OpenAPI document', () => {
  it('says which calls need a session and which need the CSRF header', async () => {
    const doc = (await ctx.app.inject('/api/openapi.json')).json();
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerAuth', 'csrfToken']);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(doc.paths['/api/health'].get.security).toEqual([]);
    expect(doc.paths['/api/public/lots/{id}'].get.security).toEqual([]);
    expect(doc.paths['/api/auth/login'].post.security).toEqual([{ csrfToken: [] }]);
    expect(doc.paths['/api/facilities'].get.security).toEqual([{ bearerAuth: [] }, { apiKey: ['read'] }]);
    expect(doc.paths['/api/iot/readings'].post.security).toEqual([
      { bearerAuth: [], csrfToken: [] },
      { apiKey: ['ingest'] },
    ]);
    // Account routes and writes need a session: no key alternative.
    expect(doc.paths['/api/dashboard/users/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/facilities'].post.security).toEqual([{ bearerAuth: [], csrfToken: [] }]);
    expect(doc.paths['/api/auth/logout'].post.security).toEqual([{ bearerAuth: [], csrfToken: [] }]);
  });

  it('is OpenAPI 3.1 generated from the route schemas', async () => {
    const res = await ctx.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('PlasTrace API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/ready',
        '/api/calculations/material-types',
        '/api/calculations/process-types',
        '/api/calculations/epr-countries',
      ]),
    );
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
    const params = doc.paths['/api/calculations/material-types'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(params).toEqual(expect.arrayContaining(['limit', 'cursor', 'q', 'polymer']));
    expect(doc.components.schemas.MaterialType.properties.code).toEqual({ type: 'string' });
    // No meaningless ±2^53 bounds on integers; real bounds stay.
    expect(JSON.stringify(doc)).not.toContain('9007199254740991');
    const limit = doc.paths['/api/calculations/material-types'].get.parameters.find(
      (p: { name: string }) => p.name === 'limit',
    );
    expect(limit.schema).toMatchObject({ minimum: 1, maximum: 200 });
  });
});
