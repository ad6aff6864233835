import swagger from '@fastify/swagger';
import type { Action } from '@plastrace/shared';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_KEY_HEADER } from '../modules/api-keys/api-keys.verify.ts';
import { keyScopeFor } from './permissions.ts';

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
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `session.access_token` from `POST /api/auth/login`.',
          },
          csrfToken: {
            type: 'apiKey',
            in: 'header',
            name: 'x-csrf-token',
            description:
              'From the `x-csrf-token` header of `GET /api/ping` (or `GET /api/csrf-token`), sent with its cookie on every state-changing call.',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: API_KEY_HEADER,
            description:
              'An organization API key (`ptk_…`, issued by an administrator under IoT tracking → API keys, shown once) for ' +
              'machines: scales, gateways, an ERP. It acts as the member who issued it and stops when they leave. The ' +
              '`ingest` scope sends readings (`POST /api/iot/readings`, or MQTT with the key as password); the `read` scope ' +
              'calls the GET operations an auditor may. Listed on each operation with the scope it needs; no CSRF header.',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({}),
    transformObject: jsonSchemaTransformObject,
  });
  let doc: unknown;
  app.get('/api/openapi.json', { schema: { 'x-permission': 'public', hide: true } }, async () => {
    doc ??= withSecurity(dropSafeIntegerBounds(app.swagger()));
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

const UNSAFE = new Set(['post', 'put', 'patch', 'delete']);
type Operation = { security?: Record<string, string[]>[]; 'x-permission'?: Action | 'public' };

/**
 * A session unless marked public; the CSRF header on every state-changing call (docs/architecture.md:
 * Sessions and requests). Where an organization API key may call instead, it is the alternative, with
 * the scope it needs (OpenAPI 3.1 allows role names on any scheme).
 */
function withSecurity<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const ops of Object.values(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const unsafe = UNSAFE.has(method);
      const needs: Record<string, string[]> = op.security?.length === 0 ? {} : { bearerAuth: [] };
      if (unsafe) needs.csrfToken = [];
      op.security = Object.keys(needs).length ? [needs] : [];
      const action = op['x-permission'];
      const scope = action && action !== 'public' ? keyScopeFor(method, action) : null;
      if (scope) op.security.push({ apiKey: [scope] });
    }
  }
  return doc;
}
