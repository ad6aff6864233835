import { readFile } from 'node:fs/promises';
import {
  accuracySchema,
  confirmIdentificationSchema,
  identificationListQuerySchema,
  identificationSchema,
  identificationSummarySchema,
  identificationValueQuerySchema,
  identifyBodySchema,
  identifyResultSchema,
  MATCH_THRESHOLD,
  page,
  referenceCreateSchema,
  referenceListQuerySchema,
  referenceSpectrumSchema,
  SPECTRUM_TECHNIQUES,
  valueSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './identification.service.ts';
import { SHIPPED_LIBRARY_DIR } from './library.ts';
import * as references from './references.service.ts';

const tags = ['identification'];
const idParams = z.object({ id: z.string().uuid() });

/** /api/identification: spectral polymer identification (Open Specy's method), the site library, confirmations. */
export const identificationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.post(
    '/identification/spectra',
    {
      schema: {
        'x-permission': 'identification.run',
        tags,
        summary: 'Identifies the polymer of a spectrum (CSV or arrays) and stores the identification',
        description: `Open Specy's method: 5 cm⁻¹ grid, Savitzky–Golay (3, 11) first derivative, absolute value, min–max, Pearson r over the shared range against each reference of the same technique. \`best\` is null when no candidate reaches ${MATCH_THRESHOLD}; candidates are the top 3 polymers. HDPE, LDPE and PE cannot be told apart by this method (\`identification.family\`). 400 for too few points, non-numeric values, wavenumbers outside 0–15,000 cm⁻¹, duplicates, a flat spectrum, or a range no reference shares.`,
        headers: idempotencyHeaders,
        body: identifyBodySchema,
        response: { 201: identifyResultSchema },
      },
    },
    async (req, reply) => {
      const out = await service.identify(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/identification/identifications',
    {
      schema: {
        'x-permission': 'identification.read',
        tags,
        summary: 'Identifications, newest first (keyset pages)',
        querystring: identificationListQuerySchema,
        response: { 200: page(identificationSummarySchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/identification/identifications/:id',
    {
      schema: {
        'x-permission': 'identification.read',
        tags,
        summary: 'An identification with its processed spectrum and the best reference',
        params: idParams,
        response: { 200: identificationSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/identification/identifications/:id/confirm',
    {
      schema: {
        'x-permission': 'identification.run',
        tags,
        summary: 'A person confirms the material onto a lot or a draft receive line (once)',
        description:
          'A lot of another material is reclassified through the ledger: its whole balance moves into a new lot of the confirmed material (split rows and a lineage edge), the old lot is consumed. A draft receive line takes the material and its price. A second confirmation is 409.',
        params: idParams,
        body: confirmIdentificationSchema,
        response: { 200: identificationSchema },
      },
    },
    async (req) => service.confirm(ctx, callerOf(req), req.params.id, req.body),
  );

  app.get(
    '/identification/value',
    {
      schema: {
        'x-permission': 'identification.read',
        tags,
        summary: 'What a lot or receive line is worth as a material: kg × today’s buying price (PHP)',
        querystring: identificationValueQuerySchema,
        response: { 200: valueSchema },
      },
    },
    async (req) => service.value(ctx, callerOf(req), req.query),
  );

  app.get(
    '/identification/references',
    {
      schema: {
        'x-permission': 'identification.read',
        tags,
        summary: 'The organization’s site library of reference spectra',
        querystring: referenceListQuerySchema,
        response: { 200: z.object({ items: z.array(referenceSpectrumSchema) }) },
      },
    },
    async (req) => references.list(ctx, callerOf(req), req.query),
  );

  app.post(
    '/identification/references',
    {
      schema: {
        'x-permission': 'identification.library',
        tags,
        summary: 'Adds a labelled reference spectrum (CSV or arrays) to the site library',
        body: referenceCreateSchema,
        response: { 201: referenceSpectrumSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await references.create(ctx, callerOf(req), req.body)),
  );

  app.get(
    '/identification/references/accuracy',
    {
      schema: {
        'x-permission': 'identification.read',
        tags,
        summary: 'Leave-one-out top-1 accuracy per polymer over the site library',
        querystring: z.object({ technique: z.enum(SPECTRUM_TECHNIQUES).default('FTIR') }),
        response: { 200: accuracySchema },
      },
    },
    async (req) => references.accuracy(ctx, callerOf(req), req.query.technique),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const)
    app.post(
      `/identification/references/:id/${action}`,
      {
        schema: {
          'x-permission': 'identification.library',
          tags,
          summary: `${archived ? 'Archives' : 'Restores'} a site reference spectrum`,
          params: idParams,
          response: { 200: referenceSpectrumSchema },
        },
      },
      async (req) => references.setArchived(ctx, callerOf(req), req.params.id, archived),
    );

  app.get(
    '/identification/attribution',
    {
      schema: {
        'x-permission': 'identification.read',
        tags,
        summary: 'The shipped reference library’s sources and licences (ATTRIBUTION.md)',
        produces: ['text/markdown'],
      },
    },
    async (_req, reply) =>
      reply
        .type('text/markdown; charset=utf-8')
        .send(await readFile(`${SHIPPED_LIBRARY_DIR}ATTRIBUTION.md`, 'utf8')),
  );
};
