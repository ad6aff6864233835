import { DrizzleQueryError, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { registerErrorHandling } from './errors.ts';

async function appThrowing(err: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get('/boom', async () => {
    throw err;
  });
  await app.ready();
  return app;
}

describe('error handler', () => {
  it('turns a deadlock, serialization failure or lock timeout into a 409 the caller may retry', async () => {
    for (const code of ['40P01', '40001', '55P03']) {
      // As Drizzle throws them: the driver's error, with its SQLSTATE, is the cause.
      const pgError = Object.assign(new Error('deadlock detected'), { code });
      const app = await appThrowing(new DrizzleQueryError('SELECT 1', [], pgError));
      const res = await app.inject('/boom');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict', error: res.json().message });
      expect(res.body).not.toContain('deadlock');
    }
  });

  it('hides the internals of any other failure', async () => {
    const app = await appThrowing(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }));
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'internal_error',
      message: 'Internal server error',
      error: 'Internal server error',
    });
  });

  describe('on a real database', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(async () => database?.drop());

    it('answers 400, not 500, when PostgreSQL refuses a value (class 22)', async () => {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      app.get('/date', async () => database.db.execute(sql`SELECT ${'0000-01-01'}::date`));
      app.get('/int', async () => database.db.execute(sql`SELECT ${'2147483648'}::int`));
      for (const url of ['/date', '/int']) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('validation_failed');
      }
    });

    it('answers 409 to the victim of a real deadlock', async () => {
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      // Each request locks one key, waits until the other holds its key, then asks for the other's.
      let arrived = 0;
      let release: () => void = () => undefined;
      const bothHoldOne = new Promise<void>((r) => {
        release = r;
      });
      app.get<{ Querystring: { first: string } }>('/lock', async (req) => {
        const first = Number(req.query.first);
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${first})`);
          if (++arrived === 2) release();
          await bothHoldOne;
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${3 - first})`);
        });
        return { ok: true };
      });
      const codes = (await Promise.all([app.inject('/lock?first=1'), app.inject('/lock?first=2')]))
        .map((r) => r.statusCode)
        .sort();
      expect(codes).toEqual([200, 409]);
    });
  });
});
