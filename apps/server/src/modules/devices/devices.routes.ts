import {
  calibrationCreateSchema,
  calibrationSchema,
  deviceCreateSchema,
  deviceListQuerySchema,
  deviceSchema,
  deviceUpdateSchema,
  page,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './devices.service.ts';

const tags = ['devices'];
const idParams = z.object({ id: z.string().uuid() });
const KIND_RULES =
  'A weighbridge or platform scale needs facility_id and capacity_kg; an energy meter production_line_id (its facility is the line’s); a GPS tracker vehicle_id; an environment sensor facility_id. A field the kind does not use is a field error.';

/**
 * /api/devices: the scales, energy meters, GPS trackers and environment sensors that write readings,
 * each answered with its status, last reading and (scales) calibration state; a scale's calibrations.
 */
export const devicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/devices',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'Devices with their status, last reading and calibration (search, filters, keyset pages)',
        description:
          'status: online while a reading came within offline_after_minutes, offline after that, never without one.',
        querystring: deviceListQuerySchema,
        response: { 200: page(deviceSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.query),
  );

  app.get(
    '/devices/export.csv',
    {
      schema: {
        'x-permission': 'data.export',
        tags,
        summary: 'The filtered devices as CSV, every row (streamed)',
        querystring: deviceListQuerySchema.omit({ limit: true, cursor: true }),
        produces: ['text/csv'],
      },
    },
    async (req, reply) => service.exportCsv(ctx, callerOf(req), req.query, reply),
  );

  app.get(
    '/devices/:id',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'One device',
        params: idParams,
        response: { 200: deviceSchema },
      },
    },
    async (req) => service.get(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/devices',
    {
      schema: {
        'x-permission': 'devices.manage',
        tags,
        summary: 'Registers a device (codes are unique in the organization)',
        description: KIND_RULES,
        body: deviceCreateSchema,
        response: { 201: deviceSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(ctx, callerOf(req), req.body)),
  );

  app.patch(
    '/devices/:id',
    {
      schema: {
        'x-permission': 'devices.manage',
        tags,
        summary: 'Changes a device; send only the fields that change, with the version you read',
        description: `The kind cannot change. ${KIND_RULES}`,
        params: idParams,
        body: deviceUpdateSchema,
        response: { 200: deviceSchema },
      },
    },
    async (req) => service.update(ctx, callerOf(req), req.params.id, req.body),
  );

  for (const [action, archived] of [
    ['archive', true],
    ['restore', false],
  ] as const) {
    app.post(
      `/devices/:id/${action}`,
      {
        schema: {
          'x-permission': 'devices.manage',
          tags,
          summary: archived
            ? 'Archives a device: hidden from lists and pickers, its readings refused; kept for past records'
            : 'Restores an archived device',
          params: idParams,
          response: { 200: deviceSchema },
        },
      },
      async (req) => service.setArchived(ctx, callerOf(req), req.params.id, archived),
    );
  }

  app.get(
    '/devices/:id/calibrations',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'A scale’s calibrations, the latest first',
        params: idParams,
        response: { 200: z.object({ items: z.array(calibrationSchema) }) },
      },
    },
    async (req) => service.calibrations(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/devices/:id/calibrations',
    {
      schema: {
        'x-permission': 'devices.manage',
        tags,
        summary: 'Records a scale’s calibration (its certificate and when the next one is due)',
        description:
          'Only weighbridges and platform scales (else 422). next_due_on must be after calibrated_on, which cannot be in the future.',
        params: idParams,
        body: calibrationCreateSchema,
        response: { 201: calibrationSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.addCalibration(ctx, callerOf(req), req.params.id, req.body)),
  );
};
