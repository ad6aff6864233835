import {
  page,
  passportCreatedSchema,
  passportCreateSchema,
  passportListQuerySchema,
  passportSchema,
  passportSummarySchema,
  passportUpdateSchema,
  passportVersionSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { qrPng, qrSvg } from '../lots/lots.qr.ts';
import * as service from './passports.service.ts';

const tags = ['product passports'];
const idParams = z.object({ id: z.string().uuid() });
const read = 'passports.read' as const;
const write = 'passports.write' as const;

/**
 * /api/passports: a lot's product passport — draft, preview, publication as immutable versions and the
 * QR code of its GS1 Digital Link (docs/architecture.md, "Product passports and Digital Link").
 */
export const passportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/passports',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Passports, most recently changed first; search by lot code, material or product',
        querystring: passportListQuerySchema,
        response: { 200: page(passportSummarySchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.post(
    '/passports',
    {
      schema: {
        'x-permission': write,
        tags,
        summary: 'Creates the draft passport of a lot (409 with its id when the lot has one)',
        body: passportCreateSchema,
        response: { 201: passportCreatedSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctx, callerOf(req), req.body.lot_id)),
  );

  app.get(
    '/passports/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'A passport: its details, the content publishing now would make, and its versions',
        params: idParams,
        response: { 200: passportSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.patch(
    '/passports/:id',
    {
      schema: {
        'x-permission': write,
        tags,
        summary: 'Changes the certificates, notes and recycling instructions (409 when the version moved on)',
        params: idParams,
        body: passportUpdateSchema,
        response: { 200: passportSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/passports/:id/publish',
    {
      schema: {
        'x-permission': write,
        tags,
        summary:
          'Publishes the content as it stands now as the next immutable version (refused when nothing changed)',
        params: idParams,
        response: { 201: passportVersionSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.publish(ctx, callerOf(req), req.params.id)),
  );

  app.get(
    '/passports/:id/versions/:n',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'A published version, as it was published',
        params: idParams.extend({ n: z.coerce.number().int().min(1).max(1_000_000) }),
        response: { 200: passportVersionSchema },
      },
    },
    async (req) => service.getVersion(ctx, callerOf(req), req.params.id, req.params.n),
  );

  app.get(
    '/passports/:id/qr.:format',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'The QR code of the lot’s GS1 Digital Link: SVG, or a 512 px PNG with the lot code and product under it',
        params: idParams.extend({ format: z.enum(['svg', 'png']) }),
        produces: ['image/png', 'image/svg+xml'],
      },
    },
    async (req, reply) => {
      const { url, code, caption } = await service.qrTarget(ctx, callerOf(req), req.params.id);
      reply
        .header('content-disposition', `inline; filename="passport-${code}.${req.params.format}"`)
        .header('cache-control', 'private, max-age=3600');
      return req.params.format === 'svg'
        ? reply.type('image/svg+xml').send(await qrSvg(url))
        : reply.type('image/png').send(await qrPng(url, [code, caption]));
    },
  );
};
