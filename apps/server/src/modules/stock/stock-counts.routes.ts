import {
  page,
  stockCountCancelBodySchema,
  stockCountCreateSchema,
  stockCountDetailSchema,
  stockCountLinesBodySchema,
  stockCountListQuerySchema,
  stockCountPostBodySchema,
  stockCountSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './stock-counts.service.ts';

const tags = ['stock counts'];
const idParams = z.object({ id: z.string().uuid() });

/** /api/stock-counts: physical counts whose differences post as stock adjustments. */
export const stockCountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/stock-counts',
    {
      schema: {
        'x-permission': 'stock.read',
        tags,
        summary: 'Stock counts, newest first, with their totals',
        querystring: stockCountListQuerySchema,
        response: { 200: page(stockCountSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.post(
    '/stock-counts',
    {
      schema: {
        'x-permission': 'stock.count',
        tags,
        summary: 'Opens a count sheet of every lot with stock at a facility (optionally of one material)',
        description:
          'Each line keeps the lot’s book balance as of now; posting refuses a lot that has moved since.',
        body: stockCountCreateSchema,
        response: { 201: stockCountDetailSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.open(ctx, callerOf(req), req.body)),
  );

  app.get(
    '/stock-counts/:id',
    {
      schema: {
        'x-permission': 'stock.read',
        tags,
        summary: 'A stock count with its lines, differences and their value at average cost (PHP)',
        params: idParams,
        response: { 200: stockCountDetailSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.put(
    '/stock-counts/:id/lines',
    {
      schema: {
        'x-permission': 'stock.count',
        tags,
        summary: 'Enters counted kg for lots on an open count (null clears a count); repeatable',
        params: idParams,
        body: stockCountLinesBodySchema,
        response: { 200: stockCountDetailSchema },
      },
    },
    async (req) => service.saveLines(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/stock-counts/:id/post',
    {
      schema: {
        'x-permission': 'stock.adjust',
        tags,
        summary: 'Posts each difference as a stock adjustment, all or nothing (managers and admins)',
        params: idParams,
        body: stockCountPostBodySchema.optional(),
        response: { 200: stockCountDetailSchema },
      },
    },
    async (req) => service.post(ctx, callerOf(req), req.params.id, req.body?.version),
  );

  app.post(
    '/stock-counts/:id/cancel',
    {
      schema: {
        'x-permission': 'stock.count',
        tags,
        summary: 'Cancels an open count; nothing is posted',
        params: idParams,
        body: stockCountCancelBodySchema,
        response: { 200: stockCountDetailSchema },
      },
    },
    async (req) => service.cancel(ctx, callerOf(req), req.params.id, req.body.reason),
  );
};
