import type { RouteOptions } from 'fastify';

type HookName = 'preParsing' | 'preValidation';

/**
 * Adds a hook to one route as it is registered (from an onRoute hook): `first` before the hooks the
 * route has, else after them. A check added only where it applies leaves the other routes without
 * that lifecycle step at all — Fastify skips a step no hook is registered for.
 */
export function addRouteHook(route: RouteOptions, name: HookName, hook: unknown, first = false): void {
  const had = route[name] as unknown;
  const hooks = Array.isArray(had) ? had : had ? [had] : [];
  (route as Record<HookName, unknown>)[name] = first ? [hook, ...hooks] : [...hooks, hook];
}

/** The methods a route answers, upper case. */
export const methodsOf = (route: RouteOptions): string[] =>
  (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
