import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestApp } from '../test/app.ts';
import { compileResponseSerializers, responseJsonSchema, serializerCompiler } from './serializer.ts';

const ctx = useTestApp();

const item = z.object({ id: z.string(), kg: z.string(), note: z.string().nullable() });
const answer = z.object({
  items: z.array(item),
  owner: z.object({ name: z.string() }).nullable(),
  status: z.enum(['draft', 'posted']),
  count: z.number().int(),
  next_cursor: z.string().nullable(),
});

async function route(data: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: answer } } }, async () => data);
  const res = await app.inject('/x');
  await app.close();
  return res;
}

describe('response serializer', () => {
  it('compiles the answer of every route', async () => {
    await ctx.app.ready();
    // Those already compiled by an earlier answer are not counted again; this app has answered nothing.
    expect(compileResponseSerializers()).toBeGreaterThan(60);
    expect(compileResponseSerializers()).toBe(0);
  });

  it('writes what the schema declares and leaves out every other field', async () => {
    const res = await route({
      items: [{ id: 'a', kg: '12.500', note: null, password_hash: 'x' }],
      owner: { name: 'Ana', token: 'secret' },
      status: 'posted',
      count: 1,
      next_cursor: null,
      internal: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '{"items":[{"id":"a","kg":"12.500","note":null}],"owner":{"name":"Ana"},"status":"posted","count":1,"next_cursor":null}',
    );
    expect(answer.parse(res.json())).toEqual(res.json());
  });

  it('writes a null object as null', async () => {
    const res = await route({ items: [], owner: null, status: 'draft', count: 0, next_cursor: 'c' });
    expect(res.json()).toEqual({ items: [], owner: null, status: 'draft', count: 0, next_cursor: 'c' });
  });

  it('refuses an answer that lacks a field the schema requires, as a server error', async () => {
    const res = await route({ items: [], owner: null, count: 0, next_cursor: null });
    expect(res.statusCode).toBe(500);
  });

  it('states nullable objects with `nullable`, so they are not validated branch by branch', () => {
    const json = responseJsonSchema(answer) as { properties: Record<string, Record<string, unknown>> };
    expect(json.properties.owner).toMatchObject({ type: 'object', nullable: true });
    expect(json.properties.owner).not.toHaveProperty('anyOf');
  });
});
