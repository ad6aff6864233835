import {
  currentPriceQuerySchema,
  page,
  priceCreateSchema,
  priceHistoryQuerySchema,
  priceListQuerySchema,
  priceSchema,
  stockValueSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './prices.service.ts';

const tags = ['prices'];

/** /api/prices: PHP/kg by material, grade, region and effective date. No PATCH or DELETE: history is evidence. */
export const pricesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/prices',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags,
        summary: 'The price list, newest effective date first (filters, keyset pages)',
        querystring: priceListQuerySchema,
        response: { 200: page(priceSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/prices/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered price list as CSV, every row (streamed)',
        querystring: priceListQuerySchema.omit({ limit: true, cursor: true }),
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/prices/current',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags,
        summary: 'The price in force on a date: the latest row effective on or before it',
        querystring: currentPriceQuerySchema,
        response: { 200: priceSchema },
      },
    },
    async (req) => service.current(ctx, callerOf(req), req.query),
  );

  app.get(
    '/prices/history',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags,
        summary: 'Every price of a material, oldest first (for the chart)',
        querystring: priceHistoryQuerySchema,
        response: { 200: z.object({ items: z.array(priceSchema) }) },
      },
    },
    async (req) => service.history(ctx, callerOf(req), req.query),
  );

  app.get(
    '/prices/stock-value',
    {
      schema: {
        'x-permission': 'stock.read',
        tags,
        summary:
          "Today's stock per facility and material at the price in force today for the material's grade in the facility's region",
        response: { 200: stockValueSchema },
      },
    },
    async (req) => service.stockValue(ctx, callerOf(req)),
  );

  app.get(
    '/prices/:id',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags,
        summary: 'One price row',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: priceSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/prices',
    {
      schema: {
        'x-permission': 'masterdata.write',
        tags,
        summary:
          'Adds a price; one per material, grade, region and date (correct a wrong one with a later date)',
        body: priceCreateSchema,
        response: { 201: priceSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctx, callerOf(req), req.body)),
  );
};
