import {
  complianceProfileInputSchema,
  complianceProfileSchema,
  complianceYearBodySchema,
  complianceYearParamsSchema,
  complianceYearQuerySchema,
  complianceYearSchema,
  computedFootprintSchema,
  ecarListQuerySchema,
  ecarReportSchema,
  ecarReviewInputSchema,
  ecarSignOffSchema,
  ecarSummarySchema,
  footprintInputSchema,
  footprintYearSchema,
  page,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './compliance.service.ts';
import * as ecar from './ecar.service.ts';

const tags = ['compliance'];
const read = 'compliance.read' as const;
const manage = 'compliance.manage' as const;
const review = 'compliance.review' as const;
const idParams = z.object({ id: z.string().uuid() });

/**
 * /api/compliance: an obliged enterprise's RA 11898 year — profile, footprint, target, recovered credits,
 * shortfall and fine exposure — and its EPR Compliance Audit Report, reviewed and signed off by an auditor.
 */
export const complianceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/compliance/profile',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'The organization’s RA 11898 standing (version 0 until first saved)',
        response: { 200: complianceProfileSchema },
      },
    },
    async (req) => service.getProfile(ctx, callerOf(req)),
  );

  app.put(
    '/compliance/profile',
    {
      schema: {
        'x-permission': manage,
        tags,
        summary: 'Declares the standing: version 0 creates it, else the version read (409 when it moved on)',
        body: complianceProfileInputSchema,
        response: { 200: complianceProfileSchema },
      },
    },
    async (req) => service.putProfile(ctx, callerOf(req), req.body),
  );

  app.get(
    '/compliance/footprints',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'A year’s plastic footprint: the entry in force per category, and every entry',
        querystring: complianceYearQuerySchema,
        response: { 200: footprintYearSchema },
      },
    },
    async (req) => service.footprintYear(ctx, callerOf(req), req.query.year),
  );

  app.post(
    '/compliance/footprints',
    {
      schema: {
        'x-permission': manage,
        tags,
        summary: 'Enters a category’s footprint for a year (a new entry; the latest is in force)',
        headers: idempotencyHeaders,
        body: footprintInputSchema,
        response: { 201: footprintYearSchema },
      },
    },
    async (req, reply) => {
      const out = await service.addFootprint(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/compliance/footprints/computed',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'The footprint the year’s posted manufacturing runs make: units × their BOM’s grams per category',
        querystring: complianceYearQuerySchema,
        response: { 200: computedFootprintSchema },
      },
    },
    async (req) => service.computed(ctx, callerOf(req), req.query.year),
  );

  app.post(
    '/compliance/footprints/adopt',
    {
      schema: {
        'x-permission': manage,
        tags,
        summary: 'Stores the computed footprint as the year’s (source boms); 422 without manufacturing runs',
        headers: idempotencyHeaders,
        body: complianceYearBodySchema,
        response: { 201: footprintYearSchema },
      },
    },
    async (req, reply) => {
      const out = await service.adoptComputed(ctx, callerOf(req), req.body.year, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/compliance/years/:year',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'The year: footprint, target, required, recovered, surplus or shortfall, fine exposure, ECAR and checklist',
        params: complianceYearParamsSchema,
        response: { 200: complianceYearSchema },
      },
    },
    async (req) => service.year(ctx, callerOf(req), req.params.year),
  );

  app.post(
    '/compliance/years/:year/ecar',
    {
      schema: {
        'x-permission': manage,
        tags,
        summary: 'Drafts the next version of the year’s ECAR, its content frozen as the figures stand now',
        headers: idempotencyHeaders,
        params: complianceYearParamsSchema,
        response: { 201: ecarReportSchema },
      },
    },
    async (req, reply) => {
      const out = await ecar.draft(ctx, callerOf(req), req.params.year, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/compliance/ecar',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'ECAR versions, newest year and version first',
        querystring: ecarListQuerySchema,
        response: { 200: page(ecarSummarySchema) },
      },
    },
    async (req) => ecar.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/compliance/ecar/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'An ECAR: its content, each item’s latest review and their history',
        params: idParams,
        response: { 200: ecarReportSchema },
      },
    },
    async (req) => ecar.get(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/compliance/ecar/:id/pdf',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'The ECAR as an A4 PDF (“DRAFT” until signed off)',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const { file, name } = await ecar.pdf(ctx, callerOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(file);
    },
  );

  app.post(
    '/compliance/ecar/:id/reviews',
    {
      schema: {
        'x-permission': review,
        tags,
        summary:
          'The auditor accepts, queries or rejects an item (422 once signed off, or for an unknown item)',
        params: idParams,
        body: ecarReviewInputSchema,
        response: { 201: ecarReportSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await ecar.review(ctx, callerOf(req), req.params.id, req.body)),
  );

  app.post(
    '/compliance/ecar/:id/sign-off',
    {
      schema: {
        'x-permission': review,
        tags,
        summary:
          'The auditor signs off once every item is accepted (422 naming the others); the report freezes',
        params: idParams,
        body: ecarSignOffSchema,
        response: { 200: ecarReportSchema },
      },
    },
    async (req) => ecar.signOff(ctx, callerOf(req), req.params.id, req.body.opinion),
  );
};
