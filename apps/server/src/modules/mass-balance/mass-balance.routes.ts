import {
  massBalanceQuerySchema,
  massBalanceSchema,
  periodCloseBodySchema,
  periodCloseSchema,
  periodClosesSchema,
  periodReopenBodySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { statementCsv, statementPdf } from './documents.ts';
import * as service from './mass-balance.service.ts';

const tags = ['mass balance'];
const read = { 'x-permission': 'mass_balance.read' as const, tags };
const fileName = (label: string, ext: string) =>
  `mass-balance-${label.replace(/[^0-9A-Za-z-]+/g, '_')}.${ext}`;

/**
 * /api/mass-balance: the statement per facility × material × period, and closing and reopening periods
 * (docs/architecture.md, "Mass balance and closed periods").
 */
export const massBalanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/mass-balance',
    {
      schema: {
        ...read,
        summary:
          'The mass balance of a month, a quarter or from–to (at most 3 months) per facility × material',
        description:
          'opening + in − out − consumed − losses + adjustments + voids = closing, from the stock ledger; conversion factors per process; book vs counted stock flagged above 0.5 %; recycled-content credits. A closed period answers its stored statement.',
        querystring: massBalanceQuerySchema,
        response: { 200: massBalanceSchema },
      },
    },
    async (req) => service.view(ctx, callerOf(req), req.query),
  );

  app.get(
    '/mass-balance/statement.csv',
    {
      schema: {
        ...read,
        summary: 'The statement as CSV',
        querystring: massBalanceQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const d = await service.document(ctx, callerOf(req), req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName(d.statement.period.label, 'csv')}"`)
        .send(statementCsv(d));
    },
  );

  app.get(
    '/mass-balance/statement.pdf',
    {
      schema: {
        ...read,
        summary: 'The statement as an A4 PDF, with its SHA-256',
        querystring: massBalanceQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const d = await service.document(ctx, callerOf(req), req.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName(d.statement.period.label, 'pdf')}"`)
        .header('cache-control', 'private, no-store')
        .send(await statementPdf(d, d.organization));
    },
  );

  app.get(
    '/mass-balance/closes',
    {
      schema: { ...read, summary: 'Closed periods, newest first', response: { 200: periodClosesSchema } },
    },
    async (req) => service.listCloses(ctx, callerOf(req)),
  );

  app.post(
    '/mass-balance/closes',
    {
      schema: {
        'x-permission': 'mass_balance.close',
        tags,
        summary:
          'Closes an ended month or quarter: stores its statement and moves “books closed through” to its end',
        description:
          'Refused (422) while the period has not ended in the organization’s time zone or when a balance is negative at its end; 409 when it is closed already. From then on a posting dated in it is refused with 422.',
        body: periodCloseBodySchema,
        response: { 201: periodCloseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.close(ctx, callerOf(req), req.body)),
  );

  app.post(
    '/mass-balance/closes/:id/reopen',
    {
      schema: {
        'x-permission': 'mass_balance.reopen',
        tags,
        summary:
          'Reopens a closed period with a reason (audited): “books closed through” moves back before it',
        params: z.object({ id: z.string().uuid() }),
        body: periodReopenBodySchema,
        response: { 200: periodCloseSchema },
      },
    },
    async (req) => service.reopen(ctx, callerOf(req), req.params.id, req.body.reason),
  );
};
