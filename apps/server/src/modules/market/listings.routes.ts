import {
  marketListingCloseSchema,
  marketListingCreateSchema,
  marketListingListQuerySchema,
  marketListingSchema,
  marketListingUpdateSchema,
  marketSearchQuerySchema,
  page,
  publicMarketListingSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import { listingPhotoRoutes, publicListingPhotoRoutes } from './listings.photos.routes.ts';
import * as service from './listings.service.ts';

const tags = ['Marketplace'];
const read = 'market.read' as const;
const trade = 'market.trade' as const;
const params = z.object({ id: z.string().uuid() });

/**
 * /api/market/listings and /api/market/search: an organization's offers to sell and requests to buy
 * material or EPR credits, and the members' search of everyone's (docs/architecture.md "Marketplace").
 */
export const marketListingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  await app.register(listingPhotoRoutes, { ctx });

  app.post(
    '/market/listings',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary: 'Lists material or EPR credits to sell, or asks to buy them',
        description:
          'A sell listing of lots reserves their kg, a sell listing of credits the block’s credits: refused (422, under the lot’s kg or the quantity) beyond what is free.',
        headers: idempotencyHeaders,
        body: marketListingCreateSchema,
        response: { 201: marketListingSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/market/listings',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Your organization’s listings, newest first',
        querystring: marketListingListQuerySchema,
        response: { 200: page(marketListingSchema) },
      },
    },
    async (req) => service.listMine(ctx, callerOf(req), req.query),
  );

  app.get(
    '/market/listings/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'A listing: your own in any status, another organization’s while it is active',
        params,
        response: { 200: marketListingSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.patch(
    '/market/listings/:id',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary: 'Changes a listing’s price, minimum order, description or dates, or pauses or resumes it',
        description: '409 when the version sent is not the latest; a closed listing does not change (422).',
        params,
        body: marketListingUpdateSchema,
        response: { 200: marketListingSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/market/listings/:id/close',
    {
      schema: {
        'x-permission': trade,
        tags,
        summary: 'Withdraws a listing: releases what it reserves; its open offers expire',
        params,
        body: marketListingCloseSchema,
        response: { 200: marketListingSchema },
      },
    },
    async (req) => service.close(ctx, callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/market/search',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Active listings of every organization, with their sellers, by filters, distance and sort',
        querystring: marketSearchQuerySchema,
        response: { 200: page(marketListingSchema) },
      },
    },
    async (req) => service.search(ctx, callerOf(req), req.query),
  );
};

/** /api/public/market/listings: the marketplace anyone may browse, without who lists. */
export const publicMarketListingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  await app.register(publicListingPhotoRoutes, { ctx });
  app.get(
    '/public/market/listings',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Active listings by filters, distance and sort, without the seller’s identity',
        querystring: marketSearchQuerySchema,
        response: { 200: page(publicMarketListingSchema) },
      },
    },
    async (req) => service.publicSearch(ctx, req.ip, req.query),
  );

  app.get(
    '/public/market/listings/:id',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'An active listing, without the seller’s identity',
        params,
        response: { 200: publicMarketListingSchema },
      },
    },
    async (req) => service.publicGet(ctx, req.ip, req.params.id),
  );
};
