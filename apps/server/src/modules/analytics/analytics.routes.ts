import {
  type AnalyticsReport,
  analyticsIntakeExportQuerySchema,
  analyticsIntakeQuerySchema,
  analyticsIntakeSchema,
  analyticsPricesExportQuerySchema,
  analyticsPricesQuerySchema,
  analyticsPricesSchema,
  analyticsProductionExportQuerySchema,
  analyticsProductionQuerySchema,
  analyticsProductionSchema,
  analyticsRecordsQuerySchema,
  analyticsRecordsSchema,
  analyticsSalesExportQuerySchema,
  analyticsSalesQuerySchema,
  analyticsSalesSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './analytics.service.ts';
import { XLSX_TYPE } from './analytics.xlsx.ts';

const tags = ['analytics'];
const read = 'analytics.read';
const RANGE =
  'Days are the organization’s; `from` defaults to the first of the month eleven months before `to`, `to` to today; at most five years. Periods are date_trunc’s (weeks start on Monday).';

type ExportQuery =
  | typeof analyticsIntakeExportQuerySchema
  | typeof analyticsPricesExportQuerySchema
  | typeof analyticsProductionExportQuerySchema
  | typeof analyticsSalesExportQuerySchema;

/**
 * /api/analytics: intake, prices paid, production and sales grouped by period and one dimension, read
 * from the daily facts (docs/architecture.md "Insight: analytics"); each as CSV or XLSX, and the records
 * behind a bar.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/analytics/intake',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'Received kg net and payable, PHP owed, lines and PHP per kg per period × supplier, supplier type, material or facility; the informal sector’s share',
        description: `${RANGE} Filters: facility, material, supplier. The informal sector is waste pickers and junkshops.`,
        querystring: analyticsIntakeQuerySchema,
        response: { 200: analyticsIntakeSchema },
      },
    },
    async (req) => service.intake(ctx, callerOf(req), req.query),
  );

  app.get(
    '/analytics/prices',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Average paid per payable kg per period × material × region, against the buying price list',
        description: `${RANGE} Filters: facility, material, supplier.`,
        querystring: analyticsPricesQuerySchema,
        response: { 200: analyticsPricesSchema },
      },
    },
    async (req) => service.prices(ctx, callerOf(req), req.query),
  );

  app.get(
    '/analytics/production',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'Runs’ inputs, outputs, yield, losses by fate, kWh and kWh per tonne per period × line, process or facility',
        description: `${RANGE} Filter: facility (runs carry no single material). kWh per tonne counts only runs whose kWh is known.`,
        querystring: analyticsProductionQuerySchema,
        response: { 200: analyticsProductionSchema },
      },
    },
    async (req) => service.production(ctx, callerOf(req), req.query),
  );

  app.get(
    '/analytics/sales',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Dispatched kg, sales, cost of the lots sold and margin per period × customer or material',
        description: `${RANGE} Filters: facility, material, customer.`,
        querystring: analyticsSalesQuerySchema,
        response: { 200: analyticsSalesSchema },
      },
    },
    async (req) => service.sales(ctx, callerOf(req), req.query),
  );

  const exportRoute = (report: AnalyticsReport, querystring: ExportQuery) =>
    app.get(
      `/analytics/${report}/export`,
      {
        schema: {
          'x-permission': 'data.export',
          tags,
          summary: `The ${report} answer as CSV or XLSX (format), one row per period × key`,
          description:
            'The XLSX has a title row (organization, report, range), a header row and typed numeric cells. Logged as EXPORT_DATA.',
          querystring,
          produces: ['text/csv', XLSX_TYPE],
        },
      },
      async (req, reply) =>
        service.exportReport(ctx, callerOf(req), report, req.query as z.output<ExportQuery>, reply),
    );
  exportRoute('intake', analyticsIntakeExportQuerySchema);
  exportRoute('prices', analyticsPricesExportQuerySchema);
  exportRoute('production', analyticsProductionExportQuerySchema);
  exportRoute('sales', analyticsSalesExportQuerySchema);

  app.get(
    '/analytics/records',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'The posted records behind one bar: receive records, dispatches or production runs of one period, with links',
        description:
          'The period is `period_start` (a bar’s `period`) and `group`, within from–to; the filters are the bar’s report’s. Oldest first, keyset pages.',
        querystring: analyticsRecordsQuerySchema,
        response: { 200: analyticsRecordsSchema },
      },
    },
    async (req) => service.records(ctx, callerOf(req), req.query),
  );
};
