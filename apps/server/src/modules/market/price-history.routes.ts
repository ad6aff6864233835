import { marketPriceHistoryQuerySchema, marketPriceHistorySchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './price-history.service.ts';

/** /api/market/price-history: prices of completed deals per month or quarter, for members only. */
export const priceHistoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/market/price-history',
    {
      schema: {
        'x-permission': 'market.read',
        tags: ['marketplace'],
        summary: 'Completed deals per period: count, quantity, weighted average, minimum and maximum price',
        description:
          'Across all organizations, never naming one. from and to widen to whole months or quarters. A period with fewer than 3 deals answers its count only (enough: false, quantity and prices null); its lowest and highest price need 5 deals. Periods are local days of the caller’s organization.',
        querystring: marketPriceHistoryQuerySchema,
        response: { 200: marketPriceHistorySchema },
      },
    },
    async (req) => service.history(ctx, callerOf(req), req.query),
  );
};
