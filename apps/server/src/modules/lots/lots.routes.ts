import {
  adjustBodySchema,
  lotDetailSchema,
  lotExportQuerySchema,
  lotLabelsQuerySchema,
  lotListQuerySchema,
  lotSchema,
  MAX_LABELS,
  mergeBodySchema,
  page,
  publicLotSchema,
  reasonBodySchema,
  splitBodySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { qrPng, qrSvg, verifyUrl } from './lots.qr.ts';
import * as service from './lots.service.ts';

const tags = ['lots'];
const idParams = z.object({ id: z.string().uuid() });

/** The QR code's target: public fields of a lot, for anyone. */
export const publicLotRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public/lots/:id',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Public facts of a lot (material, kg, facility city, dates)',
        params: idParams,
        response: { 200: publicLotSchema },
      },
    },
    async (req) => service.publicView(ctx, req.params.id),
  );
};

export const lotRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/lots',
    {
      schema: {
        'x-permission': 'records.read',
        tags,
        summary: 'Lots, newest first, with their balances',
        querystring: lotListQuerySchema,
        response: { 200: page(lotSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/lots/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered lots as CSV, every row (streamed)',
        querystring: lotExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/lots/labels.pdf',
    {
      schema: {
        'x-permission': 'records.read',
        tags,
        summary: `An A4 sheet of QR labels (2 × 7 per page) for up to ${MAX_LABELS} lots`,
        description:
          'Each label has the QR code of {PUBLIC_URL}/verify/{lot id}, the lot code, material, kg, facility and the day received.',
        querystring: lotLabelsQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const pdf = await service.labels(ctx, callerOf(req), req.query.ids);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="lot-labels.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/lots/:id',
    {
      schema: {
        'x-permission': 'records.read',
        tags,
        summary: 'A lot with its movement history',
        params: idParams,
        response: { 200: lotDetailSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/lots/:id/qr.:format',
    {
      schema: {
        'x-permission': 'records.read',
        tags,
        summary:
          'The lot’s QR code, encoding {PUBLIC_URL}/verify/{lot id}: SVG, or a 512 px PNG with the lot code and material under it',
        params: idParams.extend({ format: z.enum(['svg', 'png']) }),
      },
    },
    async (req, reply) => {
      const lot = await service.get(ctx, callerOf(req), req.params.id);
      const url = verifyUrl(ctx.publicUrl, lot.id);
      const name = `lot-${lot.code}`;
      reply
        .header('content-disposition', `inline; filename="${name}.${req.params.format}"`)
        .header('cache-control', 'private, max-age=3600');
      return req.params.format === 'svg'
        ? reply.type('image/svg+xml').send(await qrSvg(url))
        : reply.type('image/png').send(await qrPng(url, [lot.code, lot.material.name]));
    },
  );

  app.post(
    '/lots/:id/split',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: 'Splits parts off a lot into new lots',
        params: idParams,
        body: splitBodySchema,
        response: { 200: z.object({ parent: lotDetailSchema, lots: z.array(lotDetailSchema) }) },
      },
    },
    async (req) => service.split(ctx, callerOf(req), req.params.id, req.body.parts_kg),
  );

  app.post(
    '/lots/merge',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: 'Merges lots of one material at one facility',
        body: mergeBodySchema,
        response: { 200: lotDetailSchema },
      },
    },
    async (req) => service.merge(ctx, callerOf(req), req.body.lot_ids),
  );

  app.post(
    '/lots/:id/quarantine',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: 'Holds a lot back from use',
        params: idParams,
        body: reasonBodySchema,
        response: { 200: lotDetailSchema },
      },
    },
    async (req) => service.setQuarantine(ctx, callerOf(req), req.params.id, true, req.body.reason),
  );

  app.post(
    '/lots/:id/release',
    {
      schema: {
        'x-permission': 'records.write',
        tags,
        summary: 'Releases a quarantined lot',
        params: idParams,
        body: reasonBodySchema,
        response: { 200: lotDetailSchema },
      },
    },
    async (req) => service.setQuarantine(ctx, callerOf(req), req.params.id, false, req.body.reason),
  );

  app.post(
    '/lots/:id/adjust',
    {
      schema: {
        'x-permission': 'stock.adjust',
        tags,
        summary: 'Adjusts a lot’s stock with a reason (managers and admins)',
        params: idParams,
        body: adjustBodySchema,
        response: { 200: lotDetailSchema },
      },
    },
    async (req) => service.adjust(ctx, callerOf(req), req.params.id, req.body.qty_kg, req.body.reason),
  );
};
