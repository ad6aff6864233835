import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { API_VERSION } from '../../apps/server/src/app.ts';
import { httpScenario } from '../lib/http.ts';
import { benchApp } from './app.ts';

/** What the framework alone costs: one GET returning the small JSON object /api/health answers. */
export const bareRoute = httpScenario({
  id: 'bare-route',
  name: 'bare Fastify GET /ping',
  note: 'bare Fastify GET /ping: the framework alone (no logger, no hooks), answering what /api/health answers: {status, version, uptime_s}.',
  path: '/ping',
  server: async () => {
    const app = Fastify();
    app.get('/ping', async () => ({
      status: 'ok',
      version: API_VERSION,
      uptime_s: Math.round(process.uptime()),
    }));
    return app;
  },
});

/** The same answer through the real app: zod serialization, security headers, request ids, hooks. */
export const health = httpScenario({
  id: 'health',
  name: 'app GET /api/health',
  baseline: bareRoute.id,
  note: 'app GET /api/health: the same answer through the whole app as it runs (request id, input guard, permissions check, CSRF and security headers, zod response serialization, the one log line per request at LOG_LEVEL=info, written to /dev/null); no database. Target ≥ 0.8×.',
  path: '/api/health',
  server: benchApp,
  check: (body) => assert.equal((body as { status?: unknown }).status, 'ok'),
});

export const healthScenarios = [bareRoute, health];
