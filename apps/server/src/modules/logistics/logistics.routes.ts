import {
  page,
  stopTimeSchema,
  tripCancelSchema,
  tripCompleteSchema,
  tripCreateSchema,
  tripDetailSchema,
  tripExportQuerySchema,
  tripListQuerySchema,
  tripPointsResultSchema,
  tripPointsSchema,
  tripSchema,
  tripStartSchema,
  tripUpdateSchema,
  vehiclePositionSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { idempotencyHeaders, idempotencyKeyOf } from '../security/idempotency.ts';
import * as service from './logistics.service.ts';
import * as track from './track.ts';
import * as transit from './transit.service.ts';

const tags = ['logistics'];
const idParams = z.object({ id: z.string().uuid() });
const stopParams = idParams.extend({ stopId: z.string().uuid() });
const detail = { 200: tripDetailSchema };

/**
 * /api/trips: a vehicle and its driver through ordered stops — pick-ups of posted deliveries and
 * deliveries of posted dispatches. planned → in transit (stop times, GPS points) → completed with the
 * distance and the transport CO2e, or cancelled.
 */
export const logisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/trips',
    {
      schema: {
        'x-permission': 'logistics.read',
        tags,
        summary: 'Trips, the latest planned first, with their vehicle, driver, stops, kg, distance and CO2e',
        querystring: tripListQuerySchema,
        response: { 200: page(tripSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/logistics/positions',
    {
      schema: {
        'x-permission': 'logistics.read',
        tags,
        summary:
          'Where each vehicle with a GPS tracker is: its latest position, the trip it is on in transit, stale when older than the tracker’s offline time',
        response: { 200: z.object({ items: z.array(vehiclePositionSchema) }) },
      },
    },
    async (req) => track.positions(ctx, callerOf(req)),
  );

  app.get(
    '/trips/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered trips as CSV, one row per trip, every trip (streamed)',
        querystring: tripExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/trips/:id',
    {
      schema: {
        'x-permission': 'logistics.read',
        tags,
        summary: 'One trip: its stops in order with their records, the GPS track and the emission factor',
        params: idParams,
        response: detail,
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/trips',
    {
      schema: {
        'x-permission': 'logistics.write',
        tags,
        summary: 'Plans a trip with its stops; numbered TR-YYYY-nnnnnn by the planned day’s year',
        description:
          'Refused (422) for an archived vehicle or driver, a licence expired on the day, a record not posted or already on another trip, or stops heavier than the vehicle carries.',
        headers: idempotencyHeaders,
        body: tripCreateSchema,
        response: { 201: tripDetailSchema },
      },
    },
    async (req, reply) => {
      const out = await service.create(ctx, callerOf(req), req.body, idempotencyKeyOf(req));
      return reply.code(out.status as 201).send(out.body);
    },
  );

  app.patch(
    '/trips/:id',
    {
      schema: {
        'x-permission': 'logistics.write',
        tags,
        summary:
          'Changes a planned trip (with its version): fields sent replace, `stops` replaces every stop',
        params: idParams,
        body: tripUpdateSchema,
        response: detail,
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/trips/:id/start',
    {
      schema: {
        'x-permission': 'logistics.write',
        tags,
        summary: 'Starts a planned trip: in transit from `started_at` (now by default)',
        params: idParams,
        body: tripStartSchema,
        response: detail,
      },
    },
    async (req) => transit.start(ctx, callerOf(req), req.params.id, req.body),
  );

  for (const [event, run, what] of [
    ['arrive', transit.arrive, 'Records reaching a stop'],
    ['depart', transit.depart, 'Records leaving a stop, after reaching it'],
  ] as const)
    app.post(
      `/trips/:id/stops/:stopId/${event}`,
      {
        schema: {
          'x-permission': 'logistics.write',
          tags,
          summary: `${what} (in transit; not before the start, \`at\` now by default)`,
          params: stopParams,
          body: stopTimeSchema,
          response: detail,
        },
      },
      async (req) => run(ctx, callerOf(req), req.params.id, req.params.stopId, req.body),
    );

  app.post(
    '/trips/:id/points',
    {
      schema: {
        'x-permission': 'logistics.write',
        tags,
        summary:
          'Adds up to 500 GPS points of a trip in transit; one already recorded at its instant is skipped',
        params: idParams,
        body: tripPointsSchema,
        response: { 200: tripPointsResultSchema },
      },
    },
    async (req) => transit.addPoints(ctx, callerOf(req), req.params.id, req.body.points),
  );

  app.post(
    '/trips/:id/complete',
    {
      schema: {
        'x-permission': 'logistics.write',
        tags,
        summary: 'Completes a trip in transit: distance, payload and transport CO2e',
        description:
          'The distance is `distance_km`, else the GPS track’s length (422 "Enter the distance driven" under two points). CO2e = payload tonnes × km × the vehicle type’s kg CO2e per tonne-km, exact to the gram.',
        params: idParams,
        body: tripCompleteSchema,
        response: detail,
      },
    },
    async (req) => transit.complete(ctx, callerOf(req), req.params.id, req.body),
  );

  app.post(
    '/trips/:id/cancel',
    {
      schema: {
        'x-permission': 'logistics.write',
        tags,
        summary: 'Cancels a planned trip or one in transit, with a reason',
        params: idParams,
        body: tripCancelSchema,
        response: detail,
      },
    },
    async (req) => service.cancel(ctx, callerOf(req), req.params.id, req.body.reason, req.body.version),
  );
};
