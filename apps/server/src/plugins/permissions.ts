import { ACTIONS, type Action, can, PERMISSIONS } from '@plastrace/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Caller } from '../context.ts';
import { forbidden } from '../lib/errors.ts';
import { assertMay } from '../lib/policy.ts';
import { sessionExpired } from './auth.ts';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Who may call the route: an action of the shared permission table (packages/shared
     * permissions.ts), or 'public' for routes anyone may call without a session. Every /api route
     * names one; it also appears in the OpenAPI document as `x-permission`.
     */
    'x-permission'?: Action | 'public';
  }
}

const KNOWN = new Set<string>([...ACTIONS, 'public']);

const READS = new Set(['GET', 'HEAD']);

/**
 * An organization API key does one of two things, whatever its issuer's role: send readings (the
 * `ingest` scope) or read what an auditor may read (the `read` scope, GET only). Everything else —
 * writes, and the account routes, which need a session — is refused. The one rule for the guard and
 * for the OpenAPI document's security (plugins/openapi.ts).
 */
export function keyScopeFor(method: string, action: Action): 'ingest' | 'read' | null {
  if (action === 'readings.ingest') return 'ingest';
  if (READS.has(method.toUpperCase()) && action !== 'account.self' && can('auditor', action)) return 'read';
  return null;
}

function assertKeyMay(req: FastifyRequest, key: NonNullable<Caller['apiKey']>, action: Action): void {
  const scope = keyScopeFor(req.method, action);
  if (scope && key.scopes.includes(scope)) return;
  if (scope === 'ingest')
    throw forbidden('This API key may not send readings: it was issued without the ingest scope.');
  if (scope === 'read')
    throw forbidden('This API key may not read data: it was issued without the read scope.');
  throw forbidden(
    `This API key may not ${PERMISSIONS[action].does}: a key only sends readings or reads what an auditor may.`,
  );
}

function guard(action: Action) {
  // preParsing: after the session is resolved (onRequest), before the body is even read.
  return async (req: FastifyRequest) => {
    if (!req.caller) throw sessionExpired();
    if (req.caller.apiKey) assertKeyMay(req, req.caller.apiKey, action);
    else assertMay(req.caller, action);
  };
}

/**
 * Checks each route's permission before anything else runs, and refuses to start with an /api route
 * that names none: a module cannot forget to say who may call it.
 */
function onRoute(route: RouteOptions): void {
  if (!route.url.startsWith('/api/')) return;
  const permission = route.schema?.['x-permission'];
  if (!permission || !KNOWN.has(permission))
    throw new Error(
      `${route.method} ${route.url}: name its permission (schema['x-permission']) — an action of packages/shared permissions.ts, or 'public'`,
    );
  if (permission === 'public') {
    route.schema = { ...route.schema, security: [] };
    return;
  }
  addRouteHook(route, 'preParsing', guard(permission), true);
}

export function registerPermissions(app: FastifyInstance): void {
  app.addHook('onRoute', onRoute);
}
