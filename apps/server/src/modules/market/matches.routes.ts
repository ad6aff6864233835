import { marketListingSchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './matches.service.ts';

/** /api/market/listings/:id/matches: what could fill one of my buy listings, or what my sell listing could fill. */
export const matchesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/market/listings/:id/matches',
    {
      schema: {
        'x-permission': 'market.read',
        tags: ['marketplace'],
        summary: 'Active listings of other organizations that match one of my listings (at most 50)',
        description:
          'For a buy listing: sell listings of its polymer, form and grade (those it names), with at least its minimum order left, at or below its price when both have one. For a sell listing: the buy requests it could fill. Nearest first when my listing has a point.',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.object({ items: z.array(marketListingSchema) }) },
      },
    },
    async (req) => service.matches(ctx, callerOf(req), req.params.id),
  );
};
