import {
  page,
  receivedRfqSchema,
  rfqCreateSchema,
  rfqDeclineSchema,
  rfqListQuerySchema,
  rfqQuoteSchema,
  rfqSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './rfqs.service.ts';

const tags = ['marketplace'];
const idParams = z.object({ id: z.string().uuid() });
const read = 'market.read' as const;
const trade = 'market.trade' as const;

/**
 * /api/market/rfqs: requests for quotation. The buyer's organization sees its requests with every answer;
 * a seller sees only the requests sent to it; anyone else gets 404.
 */
export const rfqsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/market/rfqs',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'My organization’s requests for quotation, newest first, with each seller’s answer',
        querystring: rfqListQuerySchema,
        response: { 200: page(rfqSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/market/rfqs/received',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Requests for quotation sent to my organization, newest first',
        querystring: rfqListQuerySchema,
        response: { 200: page(receivedRfqSchema) },
      },
    },
    async (req) => service.received(ctx, callerOf(req), req.query),
  );

  app.post(
    '/market/rfqs',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary: 'Sends a request for quotation, numbered RFQ-{year}-nnnn, to the sellers of 1–10 listings',
        description:
          'Each listing must be another organization’s active sell listing of material, one per seller; each seller’s traders are told in the app and by e-mail.',
        headers: idempotencyHeaders,
        body: rfqCreateSchema,
        response: { 201: rfqSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/market/rfqs/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'One of my organization’s requests for quotation, with each seller’s answer',
        params: idParams,
        response: { 200: rfqSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/market/rfqs/:id/quote',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary:
          'Answers a request sent to my organization with a quote: an offer on my listing to the buyer',
        description: 'Only before the request closes (else 422), once (409 after an answer).',
        params: idParams,
        body: rfqQuoteSchema,
        response: { 200: receivedRfqSchema },
      },
    },
    async (req) => service.quote(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/market/rfqs/:id/decline',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary: 'Declines a request sent to my organization',
        params: idParams,
        body: rfqDeclineSchema,
        response: { 200: receivedRfqSchema },
      },
    },
    async (req) => service.decline(ctx, callerOf(req), req.params.id, req.body.reason),
  );

  app.post(
    '/market/rfqs/:id/cancel',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary: 'Cancels my organization’s open request; quotes already given stay offers',
        params: idParams,
        response: { 200: rfqSchema },
      },
    },
    async (req) => service.cancel(ctx, callerOf(req), req.params.id),
  );
};
