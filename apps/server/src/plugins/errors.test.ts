import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
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
  it('turns a deadlock or serialization failure into a 409 the caller may retry', async () => {
    for (const code of ['40P01', '40001']) {
      const app = await appThrowing(Object.assign(new Error('deadlock detected'), { code }));
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
});
