import { debugSchema } from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { type DebugOptions, debugReport } from './debug.service.ts';

/** /api/debug: the admin tools' one read, for support tickets and a stuck installation. */
export const debugRoutes: FastifyPluginAsyncZod<DebugOptions> = async (app, opts) => {
  app.addHook('onRequest', authenticate(opts.db));
  app.get(
    '/debug',
    {
      schema: {
        'x-permission': 'debug.read',
        tags: ['debug'],
        summary:
          'Version, build, configuration (secrets only as set or not set), database, migrations, the mail outbox and the record log’s queue (admins only)',
        response: { 200: debugSchema },
      },
    },
    async (req) => debugReport(opts, callerOf(req)),
  );
};
