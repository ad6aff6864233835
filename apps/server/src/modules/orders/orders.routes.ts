import {
  orderCancelBodySchema,
  orderCloseBodySchema,
  orderConfirmBodySchema,
  orderCreateSchema,
  orderExportQuerySchema,
  orderListQuerySchema,
  orderRecordDetailSchema,
  orderRecordSchema,
  orderUpdateSchema,
  page,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './orders.service.ts';

const tags = ['orders'];
const idParams = z.object({ id: z.string().uuid() });
const detail = { 200: orderRecordDetailSchema };

/**
 * /api/orders: sales orders to customers, purchase orders to suppliers. draft → confirmed → (partly)
 * fulfilled by the dispatches posted against it → closed, or cancelled.
 */
export const orderRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/orders',
    {
      schema: {
        'x-permission': 'orders.read',
        tags,
        summary: 'Orders with their totals and how much of each sales order was shipped',
        querystring: orderListQuerySchema,
        response: { 200: page(orderRecordSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/orders/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered orders as CSV, one row per order, every order (streamed)',
        querystring: orderExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        'x-permission': 'orders.read',
        tags,
        summary: 'One order: its lines with what was shipped of each, and the dispatches against it',
        params: idParams,
        response: detail,
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/orders',
    {
      schema: {
        'x-permission': 'orders.write',
        tags,
        summary: 'Drafts an order, or with confirm: true creates it confirmed; numbered SO-/PO-YYYY-nnnnnn',
        description: 'Line prices are the ones entered: the price list holds buying prices only.',
        headers: idempotencyHeaders,
        body: orderCreateSchema,
        response: { 201: orderRecordDetailSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        'x-permission': 'orders.write',
        tags,
        summary: 'Changes a draft (with its version): fields sent replace, `lines` replaces every line',
        params: idParams,
        body: orderUpdateSchema,
        response: detail,
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/orders/:id/confirm',
    {
      schema: {
        'x-permission': 'orders.write',
        tags,
        summary: 'Confirms a draft: a confirmed sales order can be dispatched against',
        params: idParams,
        body: orderConfirmBodySchema,
        response: detail,
      },
    },
    async (req) => service.confirm(ctx, callerOf(req), req.params.id, req.body.version),
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        'x-permission': 'orders.write',
        tags,
        summary: 'Cancels a draft or confirmed order; refused once a dispatch against it is posted',
        params: idParams,
        body: orderCancelBodySchema,
        response: detail,
      },
    },
    async (req) => service.cancel(ctx, callerOf(req), req.params.id, req.body.reason, req.body.version),
  );

  app.post(
    '/orders/:id/close',
    {
      schema: {
        'x-permission': 'orders.write',
        tags,
        summary: 'Closes a fulfilled or partly fulfilled order, or a confirmed one short (with a reason)',
        params: idParams,
        body: orderCloseBodySchema,
        response: detail,
      },
    },
    async (req) => service.close(ctx, callerOf(req), req.params.id, req.body.reason, req.body.version),
  );

  app.delete(
    '/orders/:id',
    {
      schema: {
        'x-permission': 'orders.write',
        tags,
        summary: 'Deletes a draft',
        params: idParams,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (req, reply) => {
      await service.remove(ctx, callerOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
