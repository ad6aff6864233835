import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { matchesRoutes } from './matches.routes.ts';
import { priceHistoryRoutes } from './price-history.routes.ts';
import { rfqsRoutes } from './rfqs.routes.ts';
import { savedSearchesRoutes } from './saved-searches.routes.ts';

/** The enhanced marketplace's routes: saved searches, requests for quotation, price history, matches. */
export const enhancedMarketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(savedSearchesRoutes, { ctx });
  await app.register(rfqsRoutes, { ctx });
  await app.register(priceHistoryRoutes, { ctx });
  await app.register(matchesRoutes, { ctx });
};
