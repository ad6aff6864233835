import {
  apiKeyCreateSchema,
  apiKeyListQuerySchema,
  apiKeySchema,
  issuedApiKeySchema,
  page,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './api-keys.service.ts';

const tags = ['API keys'];
const idParams = z.object({ id: z.string().uuid() });

/**
 * /api/api-keys: the organization's machine credentials. A key is sent in the `x-api-key` header; with
 * the `ingest` scope it sends readings (only its device's, when bound to one), with `read` it calls the
 * GET routes an auditor may.
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/api-keys',
    {
      schema: {
        'x-permission': 'api_keys.manage',
        tags,
        summary: 'The organization’s API keys, newest first (never their secrets)',
        querystring: apiKeyListQuerySchema,
        response: { 200: page(apiKeySchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        'x-permission': 'api_keys.manage',
        tags,
        summary: 'Issues a key; the answer carries its secret, the only time it is ever sent',
        description:
          'scopes: ingest (send readings) and/or read (the read API, as an auditor). A key bound to device_id may only have the ingest scope; the device must be the organization’s and not archived.',
        body: apiKeyCreateSchema,
        response: { 201: issuedApiKeySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.issue(ctx, callerOf(req), req.body)),
  );

  app.post(
    '/api-keys/:id/revoke',
    {
      schema: {
        'x-permission': 'api_keys.manage',
        tags,
        summary: 'Revokes a key: refused from the next request on (revoking twice is a no-op)',
        params: idParams,
        response: { 200: apiKeySchema },
      },
    },
    async (req) => service.revoke(ctx, callerOf(req), req.params.id),
  );
};
