import { type ErrorCode, userSchema } from '@plastrace/shared';
import { vi } from 'vitest';
import { csrfTokenSchema, errorWire, publicConfigSchema, wire } from './wire.ts';

export interface RecordedRequest {
  method: string;
  /** The path without the query string, e.g. /api/auth/login. */
  path: string;
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body, the FormData, or undefined. */
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

export const json =
  (body: unknown, status = 200): Handler =>
  () =>
    Response.json(body, { status });

/** An error answer as the server sends it; `error` repeats `message` (docs/architecture.md: API conventions). */
export const apiError = (
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): Handler => {
  const body = wire(errorWire, { code, message, error: message, details });
  return () => Response.json(body, { status });
};

/** A request that never answers, but rejects like fetch does when its signal aborts (timeouts). */
export const hang: Handler = (request) =>
  new Promise((_, reject) => {
    request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

export const networkDown: Handler = () => Promise.reject(new TypeError('Failed to fetch'));

/** What every page may call in the background; tests override what they look at. */
const defaults: Record<string, Handler> = {
  'GET /api/csrf-token': json(wire(csrfTokenSchema, { csrfToken: 'csrf-1' })),
  'GET /api/ping': () => new Response('{"status":"ok"}', { headers: { 'x-csrf-token': 'csrf-ping' } }),
  'GET /api/public/config': json(wire(publicConfigSchema, { demo: null })),
};

/**
 * Stubs fetch with handlers keyed 'METHOD /path' and records every request, so tests can assert the
 * exact method, path, headers and body. An unknown route answers 404 (and is recorded), or as
 * `otherwise` says (e.g. `hang`, to keep pages loading).
 */
export function fakeApi(handlers: Record<string, Handler> = {}, { otherwise }: { otherwise?: Handler } = {}) {
  const routes = { ...defaults, ...handlers };
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    const request: RecordedRequest = {
      method,
      path: url.split('?')[0] ?? url,
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    const handler = routes[`${method} ${request.path}`] ?? otherwise;
    if (!handler) {
      const message = `No fake for ${method} ${request.path}`;
      return Response.json({ code: 'not_found', message, error: message }, { status: 404 });
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    /** The requests made to one route, in order. */
    calls: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /** Replaces or adds a route's handler mid-test. */
    on: (route: string, handler: Handler) => {
      routes[route] = handler;
    },
  };
}

/** A signed-in member as the server sends it (snake_case). */
export const wireUser = wire(userSchema, {
  id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  email: 'maria@ecoplast.ph',
  first_name: 'Maria',
  last_name: 'Santos',
  phone: null,
  role: 'manager',
  business_role: 'Recycler',
  email_verified: true,
  supplier_id: null,
  organization: {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
    name: 'EcoPlast Recycling Inc.',
    default_currency: 'PHP',
    time_zone: 'Asia/Manila',
    epr_license: null,
    is_demo: false,
  },
});

/** The same member after the client's key conversion, as stored in the browser. */
export const sessionUser = {
  id: wireUser.id,
  email: wireUser.email,
  firstName: 'Maria',
  lastName: 'Santos',
  phone: null,
  role: 'manager' as const,
  businessRole: 'Recycler',
  emailVerified: true,
  supplierId: null,
  organization: {
    id: wireUser.organization.id,
    name: 'EcoPlast Recycling Inc.',
    defaultCurrency: 'PHP',
    timeZone: 'Asia/Manila',
    eprLicense: null,
    isDemo: false,
  },
};

/** Puts a signed-in session in storage, as a previous visit with 'Remember me' would have left it. */
export function storeSession(token = 'token-1', user: unknown = sessionUser) {
  localStorage.setItem('plastrace.token', token);
  if (user !== undefined) localStorage.setItem('plastrace.user', JSON.stringify(user));
}
