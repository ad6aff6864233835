import { healthSchema, readySchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { readiness } from './system.service.ts';

export const systemRoutes: FastifyPluginAsyncZod<{ db: Db; version: string }> = async (
  app,
  { db, version },
) => {
  app.get(
    '/health',
    {
      schema: {
        'x-permission': 'public',
        tags: ['system'],
        summary: 'Liveness: the process is up',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const, version, uptime_s: Math.round(process.uptime()) }),
  );

  app.get(
    '/ready',
    {
      schema: {
        'x-permission': 'public',
        tags: ['system'],
        summary: 'Readiness: the database is reachable and every migration is applied',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_req, reply) => {
      const ready = await readiness(db);
      return reply.code(ready.status === 'ready' ? 200 : 503).send(ready);
    },
  );
};
