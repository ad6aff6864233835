import { iotAlertAcknowledgeSchema, iotAlertListQuerySchema, iotAlertSchema, page } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './iot-alerts.service.ts';

const tags = ['devices'];

/**
 * /api/iot/alerts: what the anomaly rules found — a device offline, a weight typed where a scale stands, a
 * run's kWh per tonne out of its line's band, a run above capacity, a truck far from the scale that weighed
 * it, a scale past its calibration — newest first; acknowledged with a note.
 */
export const iotAlertsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/iot/alerts',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'Anomaly alerts, the newest raised first; open ones by default',
        description:
          '`state`: open (neither acknowledged nor resolved), acknowledged (seen, condition still there), resolved (the condition ended or the record was voided), or all.',
        querystring: iotAlertListQuerySchema,
        response: { 200: page(iotAlertSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.post(
    '/iot/alerts/:id/acknowledge',
    {
      schema: {
        'x-permission': 'devices.manage',
        tags,
        summary: 'Acknowledges an alert, with an optional note (audited); 422 when already acknowledged',
        params: z.object({ id: z.string().uuid() }),
        body: iotAlertAcknowledgeSchema,
        response: { 200: iotAlertSchema },
      },
    },
    async (req) => service.acknowledge(ctx, callerOf(req), req.params.id, req.body.note),
  );
};
