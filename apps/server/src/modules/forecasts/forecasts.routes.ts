import {
  forecastQuerySchema,
  forecastSchema,
  forecastWarningsQuerySchema,
  forecastWarningsSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { forecast, warnings } from './forecasts.service.ts';

const tags = ['forecasts'];
const BACKTEST =
  'With its backtest: the same model fitted without the last 8 weeks, its forecast of them, MAPE over the weeks with an actual above 0, and the naive forecast’s (the last value repeated). Fewer than 19 weeks of history: no forecast, `message` says why.';

/**
 * /api/forecasts: weekly intake and prices paid per material forecast 4–12 weeks ahead by ARIMA (each with
 * its backtest error), and the stock-out and over-stock warnings they lead to.
 */
export const forecastsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  app.get(
    '/forecasts/intake',
    {
      schema: {
        'x-permission': 'forecasts.read',
        tags,
        summary: `Net kg received a week (weeks from Monday, organization time zone, up to 104 back), forecast with a 95 % band. ${BACKTEST}`,
        querystring: forecastQuerySchema,
        response: { 200: forecastSchema },
      },
    },
    async (req) => forecast(ctx, callerOf(req), 'intake', req.query),
  );

  app.get(
    '/forecasts/prices',
    {
      schema: {
        'x-permission': 'forecasts.read',
        tags,
        summary: `Average price paid a week (PHP owed ÷ payable kg; the last price carried through weeks without deliveries), forecast with a 95 % band. ${BACKTEST}`,
        querystring: forecastQuerySchema,
        response: { 200: forecastSchema },
      },
    },
    async (req) => forecast(ctx, callerOf(req), 'prices', req.query),
  );

  app.get(
    '/forecasts/warnings',
    {
      schema: {
        'x-permission': 'forecasts.read',
        tags,
        summary:
          'Per material, stock projected week by week: today’s stock + forecast intake − open sales orders’ remaining kg (in the week due). Stock-out: the first week below 0; over-stock: above 12 weeks of average outflow (dispatched + consumed, last 13 weeks) at the horizon’s end',
        querystring: forecastWarningsQuerySchema,
        response: { 200: forecastWarningsSchema },
      },
    },
    async (req) => warnings(ctx, callerOf(req), req.query),
  );
};
