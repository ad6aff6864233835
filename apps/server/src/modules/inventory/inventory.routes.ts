import { inventoryExportQuerySchema, inventoryQuerySchema, inventoryReportSchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { exportCsv, inventory } from './inventory.service.ts';

const tags = ['inventory'];

export const inventoryRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  app.get(
    '/inventory',
    {
      schema: {
        'x-permission': 'stock.read',
        tags,
        summary:
          'Stock by facility × material × lot, valued at weighted-average cost (PHP); keyset pages, totals of the whole filter',
        querystring: inventoryQuerySchema,
        response: { 200: inventoryReportSchema },
      },
    },
    async (req) => inventory(ctx, callerOf(req), req.query),
  );

  app.get(
    '/inventory/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The same balances (filters, grouping, as-of day) as CSV',
        querystring: inventoryExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => exportCsv(ctx, callerOf(req), req.query, reply),
  );
};
