import {
  EPCIS_CAPTURE_MAX_BYTES,
  epcisCapturedListSchema,
  epcisCapturedQuerySchema,
  epcisCaptureResultSchema,
  epcisDocumentSchema,
  epcisEventsQuerySchema,
  epcisValidationSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './epcis.service.ts';

const tags = ['epcis'];

/**
 * /api/epcis: GS1 EPCIS 2.0 — our events as a JSON-LD document paged as the EPCIS query interface
 * (perPage, nextPageToken, Link rel="next"), and partners' documents captured (docs/architecture.md, "EPCIS").
 */
export const epcisRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  // EPCIS documents travel as JSON-LD; Fastify parses only application/json by itself.
  app.addContentTypeParser(
    'application/ld+json',
    { parseAs: 'string', bodyLimit: EPCIS_CAPTURE_MAX_BYTES },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        const err = new Error('The body is not valid JSON') as Error & { statusCode: number };
        err.statusCode = 400;
        done(err, undefined);
      }
    },
  );

  app.get(
    '/epcis/events',
    {
      schema: {
        'x-permission': 'epcis.read',
        tags,
        summary:
          'Our events as an EPCIS 2.0 document (receipts, runs, splits, merges, dispatches, deliveries), filtered and paged',
        querystring: epcisEventsQuerySchema,
        response: { 200: epcisDocumentSchema },
      },
    },
    async (req, reply) => {
      const { document, nextPageToken } = await service.exportEvents(ctx, callerOf(req), req.query);
      if (nextPageToken) {
        const url = new URL(req.url, 'http://x');
        url.searchParams.set('nextPageToken', nextPageToken);
        reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
      }
      const json =
        (req.headers.accept ?? '').includes('application/ld+json') ||
        !req.headers.accept?.includes('application/json');
      // Sent as text: the document's shape is GS1's schema's, which the tests check it against.
      return reply
        .type(json ? 'application/ld+json; charset=utf-8' : 'application/json; charset=utf-8')
        .send(JSON.stringify(document) as never);
    },
  );

  app.post(
    '/epcis/capture',
    {
      bodyLimit: EPCIS_CAPTURE_MAX_BYTES,
      schema: {
        'x-permission': 'epcis.capture',
        tags,
        summary:
          'Capture a partner’s EPCIS 2.0 document: all or nothing, each event once (by id or hash), linked to our lots',
        body: epcisDocumentSchema,
        response: { 200: epcisCaptureResultSchema },
      },
    },
    async (req) => service.capture(ctx, callerOf(req), req.body),
  );

  app.post(
    '/epcis/validate',
    {
      bodyLimit: EPCIS_CAPTURE_MAX_BYTES,
      schema: {
        'x-permission': 'epcis.read',
        tags,
        summary: 'Check a document against the GS1 EPCIS 2.0 JSON Schema, storing nothing',
        body: epcisDocumentSchema,
        response: { 200: epcisValidationSchema },
      },
    },
    async (req) => service.validateDocument(req.body),
  );

  app.get(
    '/epcis/captured',
    {
      schema: {
        'x-permission': 'epcis.read',
        tags,
        summary: 'Events partners sent us, newest first, with our lots they name',
        querystring: epcisCapturedQuerySchema,
        response: { 200: epcisCapturedListSchema },
      },
    },
    async (req) => service.listCaptured(ctx, callerOf(req), req.query),
  );
};
