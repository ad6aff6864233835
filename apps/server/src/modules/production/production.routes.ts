import {
  lineMonthSchema,
  lineMonthsQuerySchema,
  meterEnergyQuerySchema,
  meterEnergySchema,
  page,
  productionCreateQuerySchema,
  productionExportQuerySchema,
  productionListQuerySchema,
  productionPostBodySchema,
  productionRecordFields,
  productionRecordSchema,
  productionRecordUpdateSchema,
  productionRunRules,
  voidBodySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { meterEnergy } from '../devices-use/devices-use.service.ts';
import { photoRoutes } from '../photos/photos.routes.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import { productionPhotos } from './photos.ts';
import * as service from './production.service.ts';

const tags = ['production records'];
const idParams = z.object({ id: z.string().uuid() });

/** Production runs: draft → posted → voided (docs/architecture.md: Domain model, Posting). */
export const productionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  await app.register(
    photoRoutes({
      path: '/production-records',
      tags,
      noun: 'production record',
      permissions: { read: 'production.read', write: 'production.write' },
      view: productionRecordSchema,
      service: productionPhotos,
    }),
    { ctx },
  );

  app.get(
    '/production-records',
    {
      schema: {
        'x-permission': 'production.read',
        tags,
        summary: 'Production runs, latest end first; q finds a number, crew, line, note or lot code',
        querystring: productionListQuerySchema,
        response: { 200: page(productionRecordSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/production-records/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered production runs as CSV, one row per run, every run (streamed)',
        querystring: productionExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.post(
    '/production-records',
    {
      schema: {
        'x-permission': 'production.write',
        tags,
        summary: 'Drafts a production run, or with ?post=true saves and posts it',
        headers: idempotencyHeaders,
        querystring: productionCreateQuerySchema,
        body: productionRecordFields
          .extend({ over_capacity_reason: productionPostBodySchema.unwrap().shape.over_capacity_reason })
          .superRefine(productionRunRules),
        response: { 201: productionRecordSchema },
      },
    },
    async (req, reply) => {
      const { over_capacity_reason, ...input } = req.body;
      const out = await service.create(
        ctx,
        callerOf(req),
        input,
        idempotencyKeyOf(req),
        req.query.post,
        over_capacity_reason,
      );
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/production-records/by-line',
    {
      schema: {
        'x-permission': 'production.read',
        tags,
        summary:
          'Posted runs per production line and month: runs, kg in and out, yield, kWh and kWh per tonne',
        querystring: lineMonthsQuerySchema,
        response: { 200: z.object({ items: z.array(lineMonthSchema) }) },
      },
    },
    async (req) => service.lineMonths(ctx, callerOf(req), req.query),
  );

  app.get(
    '/production-lines/:id/meter-energy',
    {
      schema: {
        'x-permission': 'production.read',
        tags,
        summary:
          'The line’s energy meter readings at a run’s start (from) and end (to) and the kWh between them',
        params: idParams,
        querystring: meterEnergyQuerySchema,
        response: { 200: meterEnergySchema },
      },
    },
    async (req) => meterEnergy(ctx, callerOf(req), req.params.id, req.query.from, req.query.to),
  );

  app.get(
    '/production-records/:id',
    {
      schema: {
        'x-permission': 'production.read',
        tags,
        summary: 'One production run with its inputs, outputs, losses, energy and values',
        params: idParams,
        response: { 200: productionRecordSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.put(
    '/production-records/:id',
    {
      schema: {
        'x-permission': 'production.write',
        tags,
        summary: 'Replaces a draft (with its version)',
        params: idParams,
        body: productionRecordUpdateSchema,
        response: { 200: productionRecordSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/production-records/:id/post',
    {
      schema: {
        'x-permission': 'production.write',
        tags,
        summary:
          'Posts a draft: mass balance within tolerance, inputs out of stock, a lot per output, lineage; a run above the line’s capacity needs a manager’s reason',
        headers: idempotencyHeaders,
        params: idParams,
        body: productionPostBodySchema,
        response: { 200: productionRecordSchema },
      },
    },
    async (req, reply) => {
      const out = await service.post(
        ctx,
        callerOf(req),
        req.params.id,
        idempotencyKeyOf(req),
        req.body?.over_capacity_reason,
      );
      return reply.code(out.status as 200).send(out.body);
    },
  );

  app.post(
    '/production-records/:id/void',
    {
      schema: {
        'x-permission': 'production.void',
        tags,
        summary: 'Voids a posted run (reversal rows); refused once a lot it made has moved on',
        params: idParams,
        body: voidBodySchema,
        response: { 200: productionRecordSchema },
      },
    },
    async (req) => service.voidRecord(ctx, callerOf(req), req.params.id, req.body.reason),
  );
};
