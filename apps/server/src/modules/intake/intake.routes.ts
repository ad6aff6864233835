import {
  page,
  RECEIVE_BATCH_MAX,
  receiveBatchBodySchema,
  receiveBatchResultSchema,
  receiveCreateQuerySchema,
  receiveExportQuerySchema,
  receiveListQuerySchema,
  receiveRecordInputSchema,
  receiveRecordSchema,
  receiveRecordUpdateSchema,
  voidBodySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { photoRoutes } from '../photos/photos.routes.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './intake.service.ts';
import { receivePhotos } from './photos.ts';

const tags = ['receive records'];
const idParams = z.object({ id: z.string().uuid() });
/** Deliveries received from suppliers: draft → posted → voided (docs/architecture.md: API conventions, Domain model). */
export const intakeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  await app.register(
    photoRoutes({
      path: '/receive-records',
      tags,
      noun: 'receive record',
      permissions: { read: 'records.read', write: 'records.write' },
      view: receiveRecordSchema,
      service: receivePhotos,
    }),
    { ctx },
  );

  app.get(
    '/receive-records',
    {
      schema: {
        'x-permission': 'records.read',
        tags,
        summary: 'Receive records, newest first',
        querystring: receiveListQuerySchema,
        response: { 200: page(receiveRecordSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/receive-records/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered receive records as CSV, one row per line, every record (streamed)',
        querystring: receiveExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.post(
    '/receive-records',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary:
          'Drafts a receive record, or with ?post=true saves and posts it; unit prices default from the price list',
        headers: idempotencyHeaders,
        querystring: receiveCreateQuerySchema,
        body: receiveRecordInputSchema,
        response: { 201: receiveRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req), req.query.post);
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.post(
    '/receive-records/batch',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: `Saves and posts up to ${RECEIVE_BATCH_MAX} records (scales, imports); each record stands alone`,
        description:
          'Each record is saved and posted as a unit of its own: one that is refused is answered with its error (status 4xx) and leaves nothing behind, while the others post (201). Each record may carry its own idempotency_key, so a retried batch posts no record twice and answers as the first time. The whole batch is one database call and one commit.',
        body: receiveBatchBodySchema,
        response: { 200: receiveBatchResultSchema },
      },
    },
    async (req) => {
      const results = await service.batch(ctx, callerOf(req), req.body.records);
      const posted = results.filter((r) => r.error === null).length;
      return { results, posted, refused: results.length - posted };
    },
  );

  app.get(
    '/receive-records/:id',
    {
      schema: {
        'x-permission': 'records.read',
        tags,
        summary: 'One receive record with its lines and lots',
        params: idParams,
        response: { 200: receiveRecordSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.put(
    '/receive-records/:id',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: 'Replaces a draft (with its version)',
        params: idParams,
        body: receiveRecordUpdateSchema,
        response: { 200: receiveRecordSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/receive-records/:id/post',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: 'Posts a draft: a lot per line, stock in, and a payable on the supplier ledger',
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: receiveRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.post(ctx, callerOf(req), req.params.id, idempotencyKeyOf(req));
      return reply.code(out.status as 200).send(out.body);
    },
  );

  app.post(
    '/receive-records/:id/void',
    {
      schema: {
        'x-permission': 'records.void',
        tags,
        summary: 'Voids a posted record (reversal rows); refused once a lot has moved on',
        params: idParams,
        body: voidBodySchema,
        response: { 200: receiveRecordSchema },
      },
    },
    async (req) => service.voidRecord(ctx, callerOf(req), req.params.id, req.body.reason),
  );
};
