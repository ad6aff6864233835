import assert from 'node:assert/strict';
import Fastify from 'fastify';
import { httpScenario } from '../lib/http.ts';
import { benchApp } from './app.ts';

/** What the framework alone costs: one GET returning a small JSON object (the shape of /api/health). */
export const bareRoute = httpScenario({
  id: 'bare-route',
  name: 'bare Fastify GET /ping',
  path: '/ping',
  server: async () => {
    const app = Fastify();
    app.get('/ping', async () => ({ status: 'ok', uptime_s: Math.round(process.uptime()) }));
    return app;
  },
});

/** The same answer through the real app: zod serialization, security headers, request ids, hooks. */
export const health = httpScenario({
  id: 'health',
  name: 'app GET /api/health',
  baseline: bareRoute.id,
  path: '/api/health',
  server: benchApp,
  check: (body) => assert.equal((body as { status?: unknown }).status, 'ok'),
});

export const healthScenarios = [bareRoute, health];
