import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 generated from the routes' zod schemas; the web's /docs page renders it. */
export async function registerOpenApi(app: FastifyInstance, opts: { publicUrl: string; version: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'PlasTrace API',
        version: opts.version,
        description:
          'Plastic recycling operations, traceability and EPR compliance. JSON keys are snake_case; errors share one shape ' +
          '`{code, message, error, details}`; lists are keyset-paginated (`limit`, `cursor` → `next_cursor`).',
      },
      servers: [{ url: opts.publicUrl }],
    },
    transform: createJsonSchemaTransform({}),
    transformObject: jsonSchemaTransformObject,
  });
  let doc: unknown;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    doc ??= dropSafeIntegerBounds(app.swagger());
    return doc;
  });
}

/** zod writes ±2^53−1 bounds on every integer; renderers show them as example values, so drop them. */
function dropSafeIntegerBounds<T>(node: T): T {
  if (Array.isArray(node)) {
    for (const item of node) dropSafeIntegerBounds(item);
  } else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
    if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
    for (const v of Object.values(o)) dropSafeIntegerBounds(v);
  }
  return node;
}
