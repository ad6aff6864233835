import {
  franchiseeCreateSchema,
  franchiseeListQuerySchema,
  franchiseePerformanceQuerySchema,
  franchiseePerformanceSchema,
  franchiseeSchema,
  franchiseeUpdateSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './franchisees.service.ts';

/** GET /api/franchisees/performance: beside the record routes, with its own session check. */
const performanceRoute: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  app.get(
    '/franchisees/performance',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags: ['franchisees'],
        summary:
          'Per franchisee and month (the organization’s): volume and purchases from its supplier’s posted receipts, target and % of it, fee due, payouts; with the network’s totals',
        querystring: franchiseePerformanceQuerySchema,
        response: { 200: franchiseePerformanceSchema },
      },
    },
    async (req) => service.performance(ctx, callerOf(req), req.query),
  );
};

/**
 * /api/franchisees: the organization's franchised collection points, kept as master data, and
 * /api/franchisees/performance: their volume against target, fees due and payouts month by month.
 */
export const franchiseesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(
    recordRoutes({
      path: '/franchisees',
      tag: 'franchisees',
      noun: 'franchisee',
      schemas: {
        list: franchiseeListQuerySchema,
        create: franchiseeCreateSchema,
        update: franchiseeUpdateSchema,
        view: franchiseeSchema,
      },
      service,
    }),
    { ctx },
  );
  await app.register(performanceRoute, { ctx });
};
