import {
  certificateAvailableQuerySchema,
  certificateAvailableSchema,
  certificateCreateSchema,
  certificateDetailSchema,
  certificateExportQuerySchema,
  certificateListQuerySchema,
  certificateRevokeSchema,
  certificateSchema,
  page,
  publicCertificateSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { qrPng, qrSvg } from '../lots/lots.qr.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './certificates.service.ts';

const tags = ['waste diversion certificates'];
const idParams = z.object({ id: z.string().uuid() });
const read = 'certificates.read' as const;
const issue = 'certificates.issue' as const;

/** What a certificate's QR code opens: its public facts, for anyone. */
export const publicCertificatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public/certificates/:id',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary:
          'Public facts of a certificate: issuer, client, period, kg by material and fate, signatory, and whether it was revoked',
        description: 'No people but the signatory, no prices, no suppliers. Rate limited per address.',
        params: idParams,
        response: { 200: publicCertificateSchema },
      },
    },
    async (req) => service.publicView(ctx, req.params.id, req.ip),
  );
};

/**
 * /api/certificates: waste diversion certificates — kilograms diverted from landfill for a client over a
 * period, backed by claims on verified recovery (docs/architecture.md, "EPR").
 */
export const certificatesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/certificates/available',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'Unclaimed verified recovery of a period per material type × fate: what a certificate can claim',
        querystring: certificateAvailableQuerySchema,
        response: { 200: certificateAvailableSchema },
      },
    },
    async (req) => service.available(ctx, callerOf(req), req.query),
  );

  app.get(
    '/certificates',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Certificates, newest first; q finds a number or client',
        querystring: certificateListQuerySchema,
        response: { 200: page(certificateSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/certificates/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered certificates as CSV, one row per certificate, every one (streamed)',
        querystring: certificateExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.post(
    '/certificates',
    {
      schema: {
        'x-permission': issue,
        tags,
        summary:
          'Issues a certificate numbered WDC-{year}-nnnn, claiming its kilograms from verified recovery',
        description:
          'Each line’s kg is taken from the unclaimed recovery of its material type and fate within the period, oldest first; more than there is is refused (422) under the line’s kg, naming what is available. A rival issuance that claimed the same kilograms first makes this one 409.',
        headers: idempotencyHeaders,
        body: certificateCreateSchema,
        response: { 201: certificateDetailSchema },
      },
    },
    async (req, reply) => {
      const out = await service.issue(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/certificates/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'A certificate with the evidence it claims: lots, deliveries, tickets, recovery records, kg',
        params: idParams,
        response: { 200: certificateDetailSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/certificates/:id/pdf',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'The certificate as an A4 PDF with the organization’s logo and a QR code to its public page',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { number, bytes } = await service.pdf(ctx, callerOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/certificates/:id/qr.:format',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'The QR code of the certificate’s public page: SVG, or a PNG with the number under it',
        params: idParams.extend({ format: z.enum(['svg', 'png']) }),
        produces: ['image/png', 'image/svg+xml'],
      },
    },
    async (req, reply) => {
      const { url, number } = await service.qrTarget(ctx, callerOf(req), req.params.id);
      reply
        .header('content-disposition', `inline; filename="${number}.${req.params.format}"`)
        .header('cache-control', 'private, max-age=3600');
      return req.params.format === 'svg'
        ? reply.type('image/svg+xml').send(await qrSvg(url))
        : reply.type('image/png').send(await qrPng(url, [number]));
    },
  );

  app.post(
    '/certificates/:id/revoke',
    {
      schema: {
        'x-permission': issue,
        tags,
        summary: 'Revokes a certificate with a reason (once): its kilograms become claimable again',
        params: idParams,
        body: certificateRevokeSchema,
        response: { 200: certificateDetailSchema },
      },
    },
    async (req) => service.revoke(ctx, callerOf(req), req.params.id, req.body.reason),
  );
};
