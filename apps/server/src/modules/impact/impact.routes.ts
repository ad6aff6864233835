import {
  impactPageInputSchema,
  impactPageSchema,
  impactQuerySchema,
  impactSchema,
  publicImpactParams,
  publicImpactSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './impact.service.ts';

const tags = ['impact'];

/** What an organization chose to publish: its impact, for anyone. */
export const publicImpactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public/impact/:slug',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary:
          'A published impact page: the organization’s name, headline, and this year’s and all time’s figures',
        description:
          'Only once the organization published its page; otherwise 404, as for an unknown slug. No money, no supplier or customer names, no people. Rate limited per address.',
        params: publicImpactParams,
        response: { 200: publicImpactSchema },
      },
    },
    async (req) => service.publicView(ctx, req.params.slug, req.ip),
  );
};

/** /api/impact: the organization's environmental impact, and its public page. */
export const impactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/impact',
    {
      schema: {
        'x-permission': 'impact.read',
        tags,
        summary:
          'Collected kg and where it went, CO2e avoided per material type on three bases (each factor with its source), energy per tonne, equivalents, months',
        description:
          'Read from the daily facts. Every figure’s rule is in `basis`; a type without a factor on a basis is listed as not calculated, with the reason. Default range: 1 January to the organization’s today; at most 10 years.',
        querystring: impactQuerySchema,
        response: { 200: impactSchema },
      },
    },
    async (req) => service.impact(ctx, callerOf(req), req.query),
  );

  app.get(
    '/impact/page',
    {
      schema: {
        'x-permission': 'impact.read',
        tags,
        summary: 'Whether the impact page is published, its headline and public address',
        response: { 200: impactPageSchema },
      },
    },
    async (req) => service.getPage(ctx, callerOf(req)),
  );

  app.put(
    '/impact/page',
    {
      schema: {
        'x-permission': 'impact.publish',
        tags,
        summary: 'Publishes or unpublishes the impact page, with an optional headline',
        description: 'Send the `version` you read (0 before the page was first saved); a stale one is 409.',
        body: impactPageInputSchema,
        response: { 200: impactPageSchema },
      },
    },
    async (req) => service.savePage(ctx, callerOf(req), req.body),
  );
};
