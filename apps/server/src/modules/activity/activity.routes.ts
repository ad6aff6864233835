import {
  day,
  instant,
  listQuerySchema,
  page,
  str,
  TRANSACTION_TYPES,
  transactionLogBodySchema,
  transactionLogEntrySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './activity.service.ts';

const filters = z.object({
  type: z.enum(TRANSACTION_TYPES).optional(),
  user_id: z.string().uuid().optional(),
  from: instant().or(day()).optional().describe('Inclusive start (ISO date or date-time)'),
  to: instant().or(day()).optional().describe('Exclusive end (ISO date or date-time)'),
  q: str().trim().max(200).optional(),
});
const tags = ['activity log'];

/** The activity log ("user transactions" in the spec). */
export const activityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.post(
    '/dashboard/user-transactions',
    {
      schema: {
        'x-permission': 'activity.report',
        tags,
        summary: 'Records an entry of the signed-in member’s activity (amounts in PHP)',
        body: transactionLogBodySchema,
        response: { 201: z.object({ id: z.string().uuid() }) },
      },
    },
    async (req, reply) => reply.code(201).send({ id: await service.record(ctx, callerOf(req), req.body) }),
  );

  app.get(
    '/dashboard/user-transactions',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'The activity log, newest first (admins, managers and auditors see everyone’s)',
        querystring: listQuerySchema.extend(filters.shape),
        response: { 200: page(transactionLogEntrySchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/dashboard/user-transactions/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered activity log as CSV, every entry (streamed)',
        querystring: filters,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/dashboard/user-transactions/:id',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'One activity entry',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: transactionLogEntrySchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );
};
