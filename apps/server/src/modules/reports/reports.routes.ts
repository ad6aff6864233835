import {
  REPORT_DESCRIPTIONS,
  REPORT_LABELS,
  type ReportKind,
  reportAnnualQuerySchema,
  reportDailyQuerySchema,
  reportInventoryQuerySchema,
  reportMonthlyQuerySchema,
  reportRecipientListSchema,
  reportScheduleInputSchema,
  reportScheduleListSchema,
  reportScheduleParamsSchema,
  reportScheduleSchema,
  reportScheduleUpdateSchema,
  reportSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './reports.service.ts';
import * as schedules from './schedules.service.ts';

const tags = ['reports'];
const read = 'reports.read' as const;
const schedule = 'reports.schedule' as const;

const QUERIES = {
  daily: reportDailyQuerySchema,
  monthly: reportMonthlyQuerySchema,
  annual: reportAnnualQuerySchema,
  inventory: reportInventoryQuerySchema,
} satisfies Record<ReportKind, unknown>;

/**
 * /api/reports: the daily, monthly, annual and inventory reports as JSON, PDF or XLSX, and the schedules
 * that e-mail them (docs/architecture.md "Reports").
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  for (const kind of Object.keys(QUERIES) as ReportKind[]) {
    app.get(
      `/reports/${kind}`,
      {
        schema: {
          'x-permission': read,
          tags,
          summary: `The ${REPORT_LABELS[kind].toLowerCase()}: JSON, or a PDF or XLSX download`,
          description: `${REPORT_DESCRIPTIONS[kind]} Every generation is logged (GENERATE_REPORT). A period that has not begun is refused (400).`,
          querystring: QUERIES[kind],
          produces: ['application/json', service.MIME.pdf, service.MIME.xlsx],
          response: { 200: reportSchema },
        },
      },
      async (req, reply) => {
        const out = await service.generate(ctx, callerOf(req), kind, req.query);
        if (out.format === 'json') return out.report;
        return (
          reply
            .type(out.mime)
            .header('content-disposition', `attachment; filename="${out.filename}"`)
            .header('cache-control', 'private, no-store')
            // A Buffer is sent as it is: the 200 schema (and its serializer) is the JSON answer's.
            .send(out.bytes as never)
        );
      },
    );
  }

  app.get(
    '/reports/schedules',
    {
      schema: {
        'x-permission': read,
        tags,
        summary: 'The organization’s report schedules, with their recipients',
        response: { 200: reportScheduleListSchema },
      },
    },
    async (req) => schedules.list(ctx, callerOf(req)),
  );

  app.get(
    '/reports/recipients',
    {
      schema: {
        'x-permission': schedule,
        tags,
        summary: 'Who a schedule may send to: active members who may read reports',
        response: { 200: reportRecipientListSchema },
      },
    },
    async (req) => schedules.recipients(ctx, callerOf(req)),
  );

  app.post(
    '/reports/schedules',
    {
      schema: {
        'x-permission': schedule,
        tags,
        summary: 'Schedules a report to be e-mailed, as PDF or XLSX, to chosen members',
        description:
          'Daily and inventory at 18:00 each day, monthly on the 1st for the month before, annual on 1 January for the year before, in the organization’s time zone. A recipient who is not an active member who may read reports is refused (422) under their field.',
        headers: idempotencyHeaders,
        body: reportScheduleInputSchema,
        response: { 201: reportScheduleSchema },
      },
    },
    async (req, reply) => {
      const out = await schedules.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.put(
    '/reports/schedules/:id',
    {
      schema: {
        'x-permission': schedule,
        tags,
        summary: 'Changes a schedule (409 when it changed since you read it)',
        params: reportScheduleParamsSchema,
        body: reportScheduleUpdateSchema,
        response: { 200: reportScheduleSchema },
      },
    },
    async (req) => schedules.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.delete(
    '/reports/schedules/:id',
    {
      schema: {
        'x-permission': schedule,
        tags,
        summary: 'Removes a schedule',
        params: reportScheduleParamsSchema,
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (req, reply) => {
      await schedules.remove(ctx, callerOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
};
