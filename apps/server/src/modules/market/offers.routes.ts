import {
  dealSchema,
  offerCounterSchema,
  offerCreateSchema,
  offerListQuerySchema,
  offerReasonSchema,
  offerSchema,
  offerThreadSchema,
  page,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import { accept } from './deals.accept.ts';
import * as service from './offers.service.ts';

const tags = ['Marketplace'];
const idParams = z.object({ id: z.string().uuid() });
const answer = 'Only the party that did not make it, while it is open and unexpired (422 otherwise)';

/**
 * Offers on marketplace listings and the negotiation that follows (docs/architecture.md "Marketplace"):
 * only the two parties see an offer; anyone else gets 404.
 */
export const marketOffersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.post(
    '/market/listings/:id/offers',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Makes an offer on another organization’s active listing',
        description:
          'The quantity is at least the minimum order and at most what is left (whole credits for a credit listing); 422 on your own listing, 404 on a listing you cannot see.',
        params: idParams,
        headers: idempotencyHeaders,
        body: offerCreateSchema,
        response: { 201: offerSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.params.id, req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/market/offers',
    {
      schema: {
        'x-permission': 'market.read',
        tags,
        summary: 'Offers the organization made or received, newest first',
        querystring: offerListQuerySchema,
        response: { 200: page(offerSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/market/offers/:id',
    {
      schema: {
        'x-permission': 'market.read',
        tags,
        summary: 'One offer',
        params: idParams,
        response: { 200: offerSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/market/offers/:id/thread',
    {
      schema: {
        'x-permission': 'market.read',
        tags,
        summary: 'The negotiation an offer belongs to, oldest offer first, with its listing',
        params: idParams,
        response: { 200: offerThreadSchema },
      },
    },
    async (req) => service.thread(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/market/offers/:id/counter',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Counters an offer: it becomes countered and a new offer opens in the thread',
        description: answer,
        params: idParams,
        headers: idempotencyHeaders,
        body: offerCounterSchema,
        response: { 201: offerSchema },
      },
    },
    async (req, reply) => {
      const out = await service.counter(ctx, callerOf(req), req.params.id, req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.post(
    '/market/offers/:id/accept',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Accepts an offer: a deal, with both parties’ orders for material',
        description: `${answer}. Refused (422) when less of the listing is left than the offer's quantity.`,
        params: idParams,
        headers: idempotencyHeaders,
        body: z.object({}).optional(),
        response: { 201: dealSchema },
      },
    },
    async (req, reply) => {
      const out = await accept(ctx, callerOf(req), req.params.id, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.post(
    '/market/offers/:id/decline',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Declines an offer',
        description: answer,
        params: idParams,
        body: offerReasonSchema,
        response: { 200: offerSchema },
      },
    },
    async (req) => service.close(ctx, callerOf(req), req.params.id, 'declined', req.body.reason),
  );

  app.post(
    '/market/offers/:id/withdraw',
    {
      schema: {
        'x-permission': 'market.trade',
        tags,
        summary: 'Withdraws an offer the organization made, while it is open and unexpired',
        params: idParams,
        body: offerReasonSchema,
        response: { 200: offerSchema },
      },
    },
    async (req) => service.close(ctx, callerOf(req), req.params.id, 'withdrawn', req.body.reason),
  );
};
