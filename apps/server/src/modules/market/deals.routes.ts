import {
  dealActionSchema,
  dealCancelSchema,
  dealConfirmPaymentSchema,
  dealListQuerySchema,
  dealSchema,
  page,
  ratingCreateSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './deals.service.ts';

const tags = ['Marketplace'];
const idParams = z.object({ id: z.string().uuid() });

/** Marketplace deals (docs/architecture.md "Marketplace"): only the two parties see one; others get 404. */
export const marketDealsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/market/deals',
    {
      schema: {
        'x-permission': 'market.read',
        tags,
        summary: 'Deals the organization sold or bought in, newest first',
        querystring: dealListQuerySchema,
        response: { 200: page(dealSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/market/deals/:id',
    {
      schema: {
        'x-permission': 'market.read',
        tags,
        summary: 'One deal',
        params: idParams,
        response: { 200: dealSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/market/deals/:id/confirm-payment',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'The seller confirms payment of a credit deal: the credits move to the buyer',
        params: idParams,
        headers: idempotencyHeaders,
        body: dealConfirmPaymentSchema,
        response: { 200: dealSchema },
      },
    },
    async (req) => {
      const out = await service.confirmPayment(
        ctx,
        callerOf(req),
        req.params.id,
        req.body,
        idempotencyKeyOf(req),
      );
      return out.body;
    },
  );

  app.post(
    '/market/deals/:id/complete',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'The buyer confirms receipt of a material deal, once something was dispatched against it',
        params: idParams,
        body: dealActionSchema,
        response: { 200: dealSchema },
      },
    },
    async (req) => service.complete(ctx, callerOf(req), req.params.id, req.body.version),
  );

  app.post(
    '/market/deals/:id/cancel',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Cancels an open deal and both orders, before anything was dispatched or paid',
        params: idParams,
        body: dealCancelSchema,
        response: { 200: dealSchema },
      },
    },
    async (req) => service.cancel(ctx, callerOf(req), req.params.id, req.body.reason, req.body.version),
  );

  app.post(
    '/market/deals/:id/rating',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Rates a completed deal, once per party (409 on a second rating)',
        params: idParams,
        headers: idempotencyHeaders,
        body: ratingCreateSchema,
        response: { 201: dealSchema },
      },
    },
    async (req, reply) => {
      const out = await service.rate(ctx, callerOf(req), req.params.id, req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );
};
