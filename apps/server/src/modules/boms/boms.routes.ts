import {
  bomCreateSchema,
  bomFiguresSchema,
  bomFootprintQuerySchema,
  bomListQuerySchema,
  bomSchema,
  bomUpdateSchema,
  bomVersionInputSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as service from './boms.service.ts';

const tags = ['boms'];
const idParams = z.object({ id: z.string().uuid() });

/** What a BOM version is beyond the record's routes: a new version, and the footprint of N units. */
const versionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.post(
    '/boms/:id/versions',
    {
      schema: {
        'x-permission': 'masterdata.write',
        tags,
        summary: 'Adds a BOM version in effect from a day; versions already made never change',
        params: idParams,
        body: bomVersionInputSchema,
        response: { 201: bomSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.addVersion(ctx, callerOf(req), req.params.id, req.body)),
  );

  app.get(
    '/boms/:id/footprint',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags,
        summary:
          'Plastic in N units of a product (the version in effect today unless ?version=), by polymer and RA 11898 category',
        params: idParams,
        querystring: bomFootprintQuerySchema.extend({ version: z.coerce.number().int().min(1).optional() }),
        response: {
          200: bomFiguresSchema.extend({ version_no: z.number().int(), effective_from: z.string() }),
        },
      },
    },
    async (req) => service.footprint(ctx, callerOf(req), req.params.id, req.query.units, req.query.version),
  );
};

/** /api/boms: products (SKU, GTIN, unit) with their versioned bills of materials and plastic footprint. */
export const bomRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(
    recordRoutes({
      path: '/boms',
      tag: 'boms',
      noun: 'product and its BOM',
      schemas: {
        list: bomListQuerySchema,
        create: bomCreateSchema,
        update: bomUpdateSchema,
        view: bomSchema,
      },
      service,
    }),
    { ctx },
  );
  await app.register(versionRoutes, { ctx });
};
