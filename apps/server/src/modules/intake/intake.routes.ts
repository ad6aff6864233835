import {
  page,
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
import { sendCsv } from '../../lib/csv.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../../lib/idempotency.ts';
import { CSV_MAX_ROWS } from '../../lib/listing.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './intake.service.ts';
import { photoRoutes } from './photos.routes.ts';

const tags = ['receive records'];
const idParams = z.object({ id: z.string().uuid() });
/** Deliveries received from suppliers: draft → posted → voided (DESIGN.md §3, §5). */
export const intakeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  await app.register(photoRoutes, { ctx });

  app.get(
    '/receive-records',
    {
      schema: {
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
        tags,
        summary: `The filtered receive records as CSV, one row per line (at most ${CSV_MAX_ROWS} rows)`,
        querystring: receiveExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const csv = await service.exportCsv(ctx, callerOf(req), req.query);
      return sendCsv(reply, 'receive-records.csv', csv);
    },
  );

  app.post(
    '/receive-records',
    {
      schema: {
        tags,
        summary: 'Drafts a receive record; unit prices default from the price list',
        headers: idempotencyHeaders,
        body: receiveRecordInputSchema,
        response: { 201: receiveRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(201).send(out.body);
    },
  );

  app.get(
    '/receive-records/:id',
    {
      schema: {
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
        tags,
        summary: 'Posts a draft: a lot per line, stock in, and a payable on the supplier ledger',
        headers: idempotencyHeaders,
        params: idParams,
        response: { 200: receiveRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.post(ctx, callerOf(req), req.params.id, idempotencyKeyOf(req));
      return reply.code(200).send(out.body);
    },
  );

  app.post(
    '/receive-records/:id/void',
    {
      schema: {
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
