import { traceCodeParamsSchema, traceQuerySchema, traceSchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './trace.service.ts';

const tags = ['traceability'];
const common = { 'x-permission': 'trace.read' as const, tags, querystring: traceQuerySchema };
const response = { 200: traceSchema };
const idParams = z.object({ id: z.string().uuid() });

/**
 * /api/trace: a lot's lineage upstream (deliveries and suppliers, with each one's share) and downstream
 * (lots, dispatches and customers, with the part of the lot each got) — docs/architecture.md, "Traceability".
 */
export const traceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/trace/lots/:id',
    {
      schema: {
        ...common,
        summary: 'A lot’s lineage: origins with their shares upstream, destinations with theirs downstream',
        params: idParams,
        response,
      },
    },
    async (req) => service.traceLot(ctx, callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/trace/codes/:code',
    {
      schema: {
        ...common,
        summary: 'The same by the lot’s code, as printed on its label',
        params: traceCodeParamsSchema,
        response,
      },
    },
    async (req) => service.traceCode(ctx, callerOf(req), req.params.code, req.query),
  );

  app.get(
    '/trace/records/:id',
    {
      schema: {
        ...common,
        summary:
          'From a record’s lots: a delivery downstream is a recall (every lot, dispatch and customer its material reached, with kg); a dispatch upstream, where a shipment came from',
        params: idParams,
        response,
      },
    },
    async (req) => service.traceRecord(ctx, callerOf(req), req.params.id, req.query),
  );
};
