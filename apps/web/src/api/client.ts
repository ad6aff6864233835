import { API_BASE_PATH, type ErrorBody, REQUEST_TIMEOUT_MS } from '@plastrace/shared';
import { sessionStore } from '../auth/sessionStore.ts';
import { authHeaders } from './authHeaders.ts';
import { camelKeys, snakeKeys, toSnakeKey } from './caseConvert.ts';
import { clearCsrfToken, getCsrfToken, refreshCsrfToken } from './csrf.ts';
import { ApiError, NetworkError, RequestTimeoutError } from './errors.ts';

export { ApiError, NetworkError, RequestTimeoutError } from './errors.ts';

export const SESSION_EXPIRED_NOTICE = 'Your session has expired. Please log in again.';
export const SESSION_EXPIRED_ERROR = 'Session expired. Please log in again.';
export const CSRF_EXPIRED_NOTICE = 'Your session has expired due to security reasons. Please log in again.';
const FORBIDDEN_FALLBACK = 'You do not have permission to do this.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Query-string parameters; keys are converted to snake_case, empty values left out. */
  query?: Record<string, QueryValue>;
  /**
   * false for calls made without a session (sign-in, sign-up, magic link, invitations, password reset,
   * email verification): they send the public key, and a 401 or CSRF failure is just an error, never
   * a sign-out.
   */
  auth?: boolean;
  /** false: a 401/CSRF failure is thrown without ending the session (sign-out itself uses it). */
  endSessionOnFailure?: boolean;
  /** Send the body exactly as given (the login payload is camelCase, sign-up sends both cases). */
  rawRequestBody?: boolean;
  /** Return the body exactly as received (documents whose keys are data, like the OpenAPI file). */
  rawResponseBody?: boolean;
  /** Overrides the time limit: by default 30 s on POST and PUT (spec §8), none on the others. */
  timeoutMs?: number;
  /** Extra request headers, e.g. `Idempotency-Key` on creates and posts (docs/architecture.md: API conventions). */
  headers?: Record<string, string>;
}

const isStateChanging = (method: Method) => method !== 'GET';

/** The organization this tab shows, named on every signed-in call (the server's stale-organization guard). */
export const ORGANIZATION_HEADER = 'x-organization-id';
export const ORGANIZATION_SWITCHED_NOTICE =
  'You switched to another organization in another tab; reload to continue.';

// Set when the server refused a call because the session now belongs to another organization than the
// one this tab shows (another tab switched): the layout then asks for a reload, which shows the new one.
let organizationSwitched = false;
const switchedListeners = new Set<() => void>();
export const staleOrganization = {
  subscribe(listener: () => void): () => void {
    switchedListeners.add(listener);
    return () => switchedListeners.delete(listener);
  },
  get: (): boolean => organizationSwitched,
  set(value: boolean): void {
    if (organizationSwitched === value) return;
    organizationSwitched = value;
    for (const listener of switchedListeners) listener();
  },
};

/**
 * The one HTTP client (spec §7–8). Every call goes to /api with the bearer token or the public key;
 * state-changing calls carry the CSRF token with the cookie. Keys are converted both ways.
 */
async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const useSession = options.auth ?? true;
  const endSession = useSession && (options.endSessionOnFailure ?? true);
  const stateChanging = isStateChanging(method);
  const timeoutMs =
    options.timeoutMs ?? (method === 'POST' || method === 'PUT' ? REQUEST_TIMEOUT_MS : undefined);
  const url = buildUrl(path, options.query);
  const init = buildInit(method, body, options);

  let csrfToken = stateChanging ? await csrfTokenForRequest() : null;
  for (let attempt = 0; ; attempt++) {
    const { headers: auth, token } = authHeaders(useSession);
    const headers: Record<string, string> = { ...init.headers, ...auth };
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
    const organizationId = token ? sessionStore.getSnapshot().user?.organization.id : undefined;
    if (organizationId) headers[ORGANIZATION_HEADER] = organizationId;
    const response = await send(url, { ...init, headers }, timeoutMs, options.signal);
    if (response.ok) return (await readBody(response, options.rawResponseBody)) as T;

    const error = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
    if (response.status === 403 && error?.code === 'csrf_invalid') {
      // Spec §8: drop the token, fetch a fresh one and retry once; a second failure ends the session.
      clearCsrfToken();
      if (attempt === 0) {
        csrfToken = await refreshCsrfToken().catch(() => null);
        continue;
      }
      if (endSession && token) sessionStore.expire(token, CSRF_EXPIRED_NOTICE);
      throw new ApiError(CSRF_EXPIRED_NOTICE, 403, 'csrf_invalid', serverText(error));
    }
    if (response.status === 409 && error?.code === 'organization_switched') {
      staleOrganization.set(true);
      throw new ApiError(ORGANIZATION_SWITCHED_NOTICE, 409, error.code, serverText(error));
    }
    if (response.status === 401 && endSession && token) {
      sessionStore.expire(token, SESSION_EXPIRED_NOTICE);
      throw new ApiError(SESSION_EXPIRED_ERROR, 401, error?.code, serverText(error));
    }
    throw toApiError(response.status, error);
  }
}

/** `/api{path}?{query}` with snake_case keys; empty values are left out. */
export function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(toSnakeKey(key), String(value));
  }
  const search = params.toString();
  return `${API_BASE_PATH}${path}${search ? `?${search}` : ''}`;
}

function buildInit(method: Method, body: unknown, options: RequestOptions) {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(options.rawRequestBody ? body : snakeKeys(body));
  }
  // The CSRF cookie must travel with every state-changing call (docs/architecture.md: Sessions and requests).
  const credentials: RequestCredentials = isStateChanging(method) ? 'include' : 'same-origin';
  return { method, headers, body: payload, credentials };
}

// A held token, else one fetch; without one the call still goes out and the 403 path retries it.
async function csrfTokenForRequest(): Promise<string | null> {
  return getCsrfToken() ?? (await refreshCsrfToken().catch(() => null));
}

async function send(url: string, init: RequestInit, timeoutMs: number | undefined, signal?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  if (signal?.aborted) controller.abort(signal.reason);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new RequestTimeoutError(timeoutMs ?? 0);
    // The caller's own cancellation (TanStack Query unmounting) is passed on as is.
    if (signal?.aborted) throw error;
    throw new NetworkError();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

async function readBody(response: Response, raw: boolean | undefined): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  const parsed: unknown = JSON.parse(text);
  return raw ? parsed : camelKeys(parsed);
}

const serverText = (body: Partial<ErrorBody> | null) => {
  const text = body?.error ?? body?.message;
  return { serverMessage: typeof text === 'string' && text ? text : undefined, details: body?.details };
};

// Spec §8: the server's message, else 'HTTP error! status: {code}'. The body may not be JSON at all
// (a proxy's error page), so a parse failure falls back to the generic message.
export function toApiError(status: number, body: Partial<ErrorBody> | null): ApiError {
  const extra = serverText(body);
  const fallback =
    status === 403 && body?.code === 'forbidden' ? FORBIDDEN_FALLBACK : `HTTP error! status: ${status}`;
  return new ApiError(body?.message || body?.error || fallback, status, body?.code, extra);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  /** Multipart POST (files); the form's field names are sent as given. */
  upload: <T>(path: string, form: FormData, options?: RequestOptions) =>
    request<T>('POST', path, form, options),
};
