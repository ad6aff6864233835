import { API_BASE_PATH, CSRF_CACHE_MS } from '@plastrace/shared';
import { authHeaders } from './authHeaders.ts';
import { NetworkError } from './errors.ts';

const STORAGE_KEY = 'plastrace.csrf';

/** A CSRF token could not be had; the message is the one the sign-in dialog shows (spec §8). */
export class CsrfUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsrfUnavailableError';
  }
}

export const CSRF_REQUEST_FAILED = 'Unable to obtain security token. Please refresh the page and try again.';
export const CSRF_MISSING = 'Security token unavailable. Please refresh the page and try again.';

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** The cached token, if it is younger than 30 days (spec §9). */
export function getCsrfToken(): string | null {
  try {
    const cached = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as CachedToken | null;
    if (cached && typeof cached.token === 'string' && cached.expiresAt > Date.now()) return cached.token;
  } catch {
    // unreadable or corrupt cache: fetch a new token
  }
  return null;
}

export function setCsrfToken(token: string): void {
  const cached: CachedToken = { token, expiresAt: Date.now() + CSRF_CACHE_MS };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(cached));
  } catch {
    // no storage: the token lives until the next refresh asks again
  }
}

export function clearCsrfToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // see setCsrfToken
  }
}

let inFlight: Promise<string | null> | null = null;

/**
 * `GET /api/csrf-token` → `{ csrfToken }`, cached. Returns null when the answer holds no token; throws
 * CsrfUnavailableError on a non-OK status and NetworkError when the server can't be reached.
 * Concurrent callers share one request.
 */
export function refreshCsrfToken(): Promise<string | null> {
  inFlight ??= (async () => {
    const response = await fetch(`${API_BASE_PATH}/csrf-token`, {
      headers: { Accept: 'application/json', ...authHeaders().headers },
      credentials: 'include',
    }).catch(() => {
      throw new NetworkError();
    });
    if (!response.ok) throw new CsrfUnavailableError(CSRF_REQUEST_FAILED);
    const body = (await response.json().catch(() => null)) as { csrfToken?: unknown } | null;
    const token = typeof body?.csrfToken === 'string' && body.csrfToken ? body.csrfToken : null;
    if (token) setCsrfToken(token);
    return token;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * `GET /api/ping` starts a browser session: the server sets the CSRF cookie and sends the token in the
 * `x-csrf-token` header. Throws CsrfUnavailableError on a non-OK status or a missing header, and
 * NetworkError when the server can't be reached.
 */
export async function pingForCsrfToken(): Promise<string> {
  const response = await fetch(`${API_BASE_PATH}/ping`, {
    headers: { Accept: 'application/json', ...authHeaders().headers },
    credentials: 'include',
  }).catch(() => {
    throw new NetworkError();
  });
  const token = response.ok ? response.headers.get('x-csrf-token') : null;
  if (!token) throw new CsrfUnavailableError(CSRF_REQUEST_FAILED);
  setCsrfToken(token);
  return token;
}

/**
 * The held token, else one refresh attempt (spec §5: sign-in is blocked if none is available after
 * one refresh). A NetworkError propagates, so the dialog can say the server is unreachable.
 */
export async function ensureCsrfToken(): Promise<string> {
  const token = getCsrfToken() ?? (await refreshCsrfToken());
  if (!token) throw new CsrfUnavailableError(CSRF_MISSING);
  return token;
}
