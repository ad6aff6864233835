import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { addRouteHook, methodsOf } from './route-hooks.ts';

// The wire schemas refuse control characters in the text fields they know (shared `str()`), but a
// NUL can hide anywhere: a free-form metadata object, a password, a field a later module forgets to
// type. PostgreSQL refuses NUL in text and jsonb outright, so one check before validation keeps the
// whole class out of every route, present and future.

const MAX_DEPTH = 32;

/** The path of the first string (value or key) holding a NUL, e.g. "metadata.note", or undefined. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key.replaceAll('\u0000', '\\0')];
    const found = findNul(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

const MESSAGE = 'Remove control characters (such as NUL) from this text';

/** A callback, not an async hook: it runs on every request and never waits. */
function refuseNul(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  for (const [location, value] of [
    ['params', req.params],
    ['querystring', req.query],
    ['body', req.body],
  ] as const) {
    const path = findNul(value);
    if (path) {
      done(
        new AppError('validation_failed', MESSAGE, {
          fields: { [[location, ...path].join('.')]: MESSAGE },
        }),
      );
      return;
    }
  }
  done();
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Whether a request to the route can carry input its handler reads: a body (any method but GET and
 * HEAD), path parameters, or a query string it declares. A read with none of them (/api/health)
 * ignores whatever query string comes with it, so it is left without the check.
 */
function takesInput(route: RouteOptions): boolean {
  const s = route.schema;
  return (
    !methodsOf(route).every((m) => READS.has(m)) ||
    /[:*]/.test(route.url) ||
    Boolean(s?.querystring || s?.params || s?.body)
  );
}

/** The check runs on every route that takes input, before its other preValidation hooks (CSRF's). */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (takesInput(route)) addRouteHook(route, 'preValidation', refuseNul, true);
  });
}
