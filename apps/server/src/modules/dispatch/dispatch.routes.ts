import {
  dispatchCreateQuerySchema,
  dispatchExportQuerySchema,
  dispatchListQuerySchema,
  dispatchRecordInputSchema,
  dispatchRecordSchema,
  dispatchRecordUpdateSchema,
  page,
  publicDispatchSchema,
  settleBodySchema,
  voidBodySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { photoRoutes } from '../photos/photos.routes.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './dispatch.service.ts';
import { dispatchPhotos } from './photos.ts';
import { proofRoutes } from './proof.ts';

const tags = ['dispatch records'];
const idParams = z.object({ id: z.string().uuid() });

/** The QR code of a delivery receipt: the dispatch's public facts, for anyone. */
export const publicDispatchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public/dispatches/:id',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary:
          'Public facts of a posted dispatch (receipt number, dates, lots and kg; no prices or parties)',
        params: idParams,
        response: { 200: publicDispatchSchema },
      },
    },
    async (req) => service.publicView(ctx, req.params.id),
  );
};

/** Dispatches: draft → posted → voided, and a posted one delivered (docs/architecture.md: Domain model, Posting). */
export const dispatchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  await app.register(
    photoRoutes({
      path: '/dispatch-records',
      tags,
      noun: 'dispatch record',
      permissions: { read: 'dispatch.read', write: 'dispatch.write' },
      view: dispatchRecordSchema,
      service: dispatchPhotos,
    }),
    { ctx },
  );
  await app.register(proofRoutes, { ctx, tags });

  app.get(
    '/dispatch-records',
    {
      schema: {
        'x-permission': 'dispatch.read',
        tags,
        summary:
          'Dispatches, latest first; q finds a number, delivery receipt, ticket, customer, lot code or plate',
        querystring: dispatchListQuerySchema,
        response: { 200: page(dispatchRecordSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/dispatch-records/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered dispatches as CSV, one row per dispatch, every one (streamed)',
        querystring: dispatchExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.post(
    '/dispatch-records',
    {
      schema: {
        'x-permission': 'dispatch.write',
        tags,
        summary: 'Drafts a dispatch, or with ?post=true saves and posts it',
        headers: idempotencyHeaders,
        querystring: dispatchCreateQuerySchema,
        body: dispatchRecordInputSchema,
        response: { 201: dispatchRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req), req.query.post);
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/dispatch-records/:id',
    {
      schema: {
        'x-permission': 'dispatch.read',
        tags,
        summary: 'One dispatch with its lots, weights, delivery and discrepancy',
        params: idParams,
        response: { 200: dispatchRecordSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/dispatch-records/:id/receipt.pdf',
    {
      schema: {
        'x-permission': 'dispatch.read',
        tags,
        summary: 'The delivery receipt (A4 PDF) with a QR code to the dispatch’s public verification page',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await service.receipt(ctx, callerOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.put(
    '/dispatch-records/:id',
    {
      schema: {
        'x-permission': 'dispatch.write',
        tags,
        summary: 'Replaces a draft (with its version)',
        params: idParams,
        body: dispatchRecordUpdateSchema,
        response: { 200: dispatchRecordSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/dispatch-records/:id/post',
    {
      schema: {
        'x-permission': 'dispatch.write',
        tags,
        summary:
          'Posts a draft: lots out of stock (never below zero, never quarantined), lines within the weighbridge’s net, the load within the vehicle’s capacity, the order within its tolerance; the customer owes the amount',
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: dispatchRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.post(ctx, callerOf(req), req.params.id, idempotencyKeyOf(req));
      return reply.code(out.status as 200).send(out.body);
    },
  );

  app.post(
    '/dispatch-records/:id/void',
    {
      schema: {
        'x-permission': 'dispatch.void',
        tags,
        summary: 'Voids a posted dispatch (stock back, receivable reversed); refused once delivered',
        params: idParams,
        body: voidBodySchema,
        response: { 200: dispatchRecordSchema },
      },
    },
    async (req) => service.voidRecord(ctx, callerOf(req), req.params.id, req.body.reason),
  );

  app.post(
    '/dispatch-records/:id/settle',
    {
      schema: {
        'x-permission': 'dispatch.settle',
        tags,
        summary:
          'Settles an open delivery discrepancy: a write-off as transit loss, or a credit note for a shortfall at the dispatch’s average price',
        params: idParams,
        body: settleBodySchema,
        response: { 200: dispatchRecordSchema },
      },
    },
    async (req) => service.settle(ctx, callerOf(req), req.params.id, req.body),
  );
};
