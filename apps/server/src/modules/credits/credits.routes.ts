import {
  creditBatchListQuerySchema,
  creditBatchSchema,
  creditBatchSummarySchema,
  creditBlockSchema,
  creditHoldingsExportQuerySchema,
  creditHoldingsQuerySchema,
  creditIssueSchema,
  creditMovementSchema,
  creditMovementsQuerySchema,
  creditOrganizationParams,
  creditOrganizationSchema,
  creditRecoveryQuerySchema,
  creditRecoverySchema,
  creditRetireSchema,
  creditSummarySchema,
  creditTransferResultSchema,
  creditTransferSchema,
  page,
  publicCreditSchema,
  publicCreditSerialParams,
  publicCreditsQuerySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import { eligibleRecovery, issue } from './credits.issue.ts';
import { retire, transfer } from './credits.moves.ts';
import * as service from './credits.service.ts';

const tags = ['EPR credits'];
const read = 'credits.read' as const;
const move = 'credits.move' as const;

/**
 * /api/credits: EPR credits (1 credit = 1 tonne of verified recovery) issued in batches of serials from
 * the claims ledger, held, transferred to other organizations of the installation and retired for a
 * beneficiary (docs/architecture.md "EPR").
 */
export const creditsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/credits/recovery',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'Verified recovery not yet backing EPR credits, oldest first, with whole credits issuable per facility × fate × material type × vintage',
        querystring: creditRecoveryQuerySchema,
        response: { 200: creditRecoverySchema },
      },
    },
    async (req) => eligibleRecovery(ctx, callerOf(req), req.query),
  );

  app.post(
    '/credits/batches',
    {
      schema: {
        'x-permission': 'credits.issue',
        tags,
        summary:
          'Issues a batch of credits from the oldest eligible recovery of a facility, fate and vintage (1 credit = 1,000 kg)',
        description:
          'Refused (422) when less is left than asked, naming what is; 409 when another issuance claimed the same kilograms first (nothing is issued: retry).',
        headers: idempotencyHeaders,
        body: creditIssueSchema,
        response: { 201: creditBatchSchema },
      },
    },
    async (req, reply) => {
      const out = await issue(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.get(
    '/credits/batches',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Batches your organization issued or held credits of, latest first',
        querystring: creditBatchListQuerySchema,
        response: { 200: page(creditBatchSummarySchema) },
      },
    },
    async (req) => service.listBatches(ctx, callerOf(req), req.query),
  );

  app.get(
    '/credits/batches/:id',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'A batch: its facts; for the issuer its evidence, collector pay and every block, for a holder its own blocks',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: creditBatchSchema },
      },
    },
    async (req) => service.getBatch(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/credits/holdings',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'The serial ranges your organization holds or retired',
        querystring: creditHoldingsQuerySchema,
        response: { 200: page(creditBlockSchema) },
      },
    },
    async (req) => service.holdings(ctx, callerOf(req), req.query),
  );

  app.get(
    '/credits/holdings/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered holdings as CSV, every row (streamed)',
        querystring: creditHoldingsExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportHoldings(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/credits/holdings/summary',
    {
      schema: {
        'x-permission': read,
        tags,
        summary:
          'Credits your organization holds by vintage × fate × status (issued, transferred to you, retired)',
        response: { 200: creditSummarySchema },
      },
    },
    async (req) => service.summary(ctx, callerOf(req)),
  );

  app.get(
    '/credits/movements',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'Issues, transfers and retirements your organization took part in, latest first',
        querystring: creditMovementsQuerySchema,
        response: { 200: page(creditMovementSchema) },
      },
    },
    async (req) => service.movements(ctx, callerOf(req), req.query),
  );

  app.get(
    '/credits/organizations/:slug',
    {
      schema: {
        'x-permission': move,
        tags,
        summary: 'An organization of this installation by its identifier: confirms who a transfer goes to',
        params: creditOrganizationParams,
        response: { 200: creditOrganizationSchema },
      },
    },
    async (req) => service.organization(ctx, req.params.slug),
  );

  app.post(
    '/credits/transfers',
    {
      schema: {
        'x-permission': move,
        tags,
        summary: 'Transfers the first `quantity` serials of a block you hold to another organization',
        description:
          'Refused (422) for retired credits, more than the block holds, or your own organization; 404 for an unknown organization.',
        headers: idempotencyHeaders,
        body: creditTransferSchema,
        response: { 201: creditTransferResultSchema },
      },
    },
    async (req, reply) => {
      const out = await transfer(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.post(
    '/credits/retirements',
    {
      schema: {
        'x-permission': move,
        tags,
        summary:
          'Retires the first `quantity` serials of a block you hold for a beneficiary, compliance year and purpose: for good',
        headers: idempotencyHeaders,
        body: creditRetireSchema,
        response: { 201: creditBlockSchema },
      },
    },
    async (req, reply) => {
      const out = await retire(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );
};

/** /api/public/credits: the registry anyone may search — serials, status, vintage, fate, retirements. */
export const publicCreditsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public/credits',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary:
          'The EPR credit registry: serial ranges with their status, vintage, fate, issuer and retirements (no holders or prices)',
        querystring: publicCreditsQuerySchema,
        response: { 200: page(publicCreditSchema) },
      },
    },
    async (req) => service.publicList(ctx, req.ip, req.query),
  );

  app.get(
    '/public/credits/:serial',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'The serial range holding one credit serial',
        params: publicCreditSerialParams,
        response: { 200: publicCreditSchema },
      },
    },
    async (req) => service.publicSerial(ctx, req.ip, req.params.serial),
  );
};
