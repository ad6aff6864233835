import {
  cursorParam,
  page,
  savedSearchCreateSchema,
  savedSearchSchema,
  savedSearchUpdateSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './saved-searches.service.ts';

const tags = ['marketplace'];
const idParams = z.object({ id: z.string().uuid() });
const read = 'market.read' as const;

/** /api/market/saved-searches: the member's own saved marketplace searches and their daily alerts. */
export const savedSearchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/market/saved-searches',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'My saved searches, oldest first',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(50),
          cursor: cursorParam(),
        }),
        response: { 200: page(savedSearchSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.post(
    '/market/saved-searches',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Saves a search; with alert on, new matching listings are e-mailed to me daily at 08:00',
        headers: idempotencyHeaders,
        body: savedSearchCreateSchema,
        response: { 201: savedSearchSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/market/saved-searches/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'One of my saved searches',
        params: idParams,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.patch(
    '/market/saved-searches/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Renames a saved search, changes its filters or turns its alert on or off',
        description: 'New filters, or an alert turned back on, start from now: no backlog is sent.',
        params: idParams,
        body: savedSearchUpdateSchema,
        response: { 200: savedSearchSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/market/saved-searches/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Deletes one of my saved searches',
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await service.remove(ctx, callerOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
