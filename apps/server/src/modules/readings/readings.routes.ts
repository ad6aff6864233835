import {
  latestReadingQuerySchema,
  latestReadingSchema,
  page,
  READINGS_BATCH_MAX,
  readingSchema,
  readingSeriesQuerySchema,
  readingSeriesSchema,
  readingsIngestResultSchema,
  readingsIngestSchema,
  readingsQuerySchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { hashToken } from '../../lib/tokens.ts';
import { authenticate, bearerToken, callerOf } from '../../plugins/auth.ts';
import { API_KEY_HEADER } from '../api-keys/api-keys.verify.ts';
import { ReadingsLive } from './readings.live.ts';
import * as service from './readings.service.ts';
import { openStream, STREAM_TIMING, type StreamTiming } from './readings.stream.ts';

const tags = ['devices'];
const idParams = z.object({ id: z.string().uuid() });

/**
 * Readings: ingest over HTTP (devices with their API key, or the office by hand), a device's raw
 * readings, time buckets for charts, the latest (stable) one for the receive and dispatch forms, and a
 * live stream (Server-Sent Events) fed by PostgreSQL LISTEN/NOTIFY so every instance sees every ingest.
 */
export const readingsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  streamTiming?: Partial<StreamTiming>;
}> = async (app, { ctx, streamTiming }) => {
  const timing = { ...STREAM_TIMING, ...streamTiming };
  app.addHook('onRequest', authenticate(ctx.db));
  const live = new ReadingsLive(ctx.db, app.log);
  const streams = new Set<() => void>();
  // Open streams end first, so closing does not wait on them; then the LISTEN connection goes.
  app.addHook('preClose', (done) => {
    for (const end of streams) end();
    done();
  });
  app.addHook('onClose', async () => live.close());

  app.post(
    '/iot/readings',
    {
      // 5,000 readings of ~200 bytes each.
      bodyLimit: READINGS_BATCH_MAX * 600,
      schema: {
        'x-permission': 'readings.ingest',
        tags,
        summary: 'Stores a batch of readings (1–5,000); each gets its own result',
        description:
          'Idempotent by device and seq: a reading already stored is a `duplicate`, not an error. Late and out-of-order readings are accepted. A reading refused (unknown device, archived device, a kind the device does not send, a unit other than the kind’s, a time more than 5 minutes ahead, a device other than the API key’s) is `rejected` with a message; the answer is 200 all the same. Devices send `x-api-key` (an ingest key) and no CSRF token.',
        body: readingsIngestSchema,
        response: { 200: readingsIngestResultSchema },
      },
    },
    async (req) => service.ingest(ctx, callerOf(req), req.body),
  );

  app.get(
    '/devices/:id/readings',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'A device’s readings, newest first (keyset pages)',
        params: idParams,
        querystring: readingsQuerySchema,
        response: { 200: page(readingSchema) },
      },
    },
    async (req) => service.list(ctx, callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/devices/:id/readings/series',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary:
          'A device’s readings of one kind in equal time buckets (count, avg, min, max, last), for charts',
        params: idParams,
        querystring: readingSeriesQuerySchema,
        response: { 200: readingSeriesSchema },
      },
    },
    async (req) => service.series(ctx, callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/devices/:id/readings/latest',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'A device’s latest reading (of a kind; `stable=true`: the latest settled weight), or null',
        params: idParams,
        querystring: latestReadingQuerySchema,
        response: { 200: latestReadingSchema },
      },
    },
    async (req) => service.latest(ctx, callerOf(req), req.params.id, req.query),
  );

  app.get(
    '/devices/:id/readings/stream',
    {
      schema: {
        'x-permission': 'devices.read',
        tags,
        summary: 'A device’s new readings as they arrive (Server-Sent Events)',
        description:
          'text/event-stream: each new reading is an event `reading` whose data is the reading’s JSON (as `GET …/readings` answers it) and whose id is the reading’s id; a comment every 15 s keeps the connection open. The stream ends when the session or key no longer holds (checked every 15 s) and after an hour at most: reconnect. Send the usual Authorization header (read it with fetch, not EventSource).',
        params: idParams,
        produces: ['text/event-stream'],
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const deviceId = req.params.id;
      await service.deviceOf(ctx, caller, deviceId);
      // authenticate took the bearer token when there is one, else the key.
      const token = bearerToken(req);
      const credential: service.StreamCredential = token
        ? { tokenHash: hashToken(token) }
        : { apiKeySecret: String(req.headers[API_KEY_HEADER]) };
      await openStream(req, reply, live, deviceId, streams, {
        ...timing,
        stillAllowed: () => service.mayStillWatch(ctx, caller, credential, deviceId),
      });
    },
  );
};
