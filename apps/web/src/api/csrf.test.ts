import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, networkDown } from '../test/fakeApi.ts';
import { csrfTokenSchema, wire } from '../test/wire.ts';
import {
  CsrfUnavailableError,
  ensureCsrfToken,
  getCsrfToken,
  pingForCsrfToken,
  refreshCsrfToken,
  setCsrfToken,
} from './csrf.ts';
import { NetworkError } from './errors.ts';

describe('CSRF token store', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('caches a token for 30 days', () => {
    vi.useFakeTimers({ now: new Date('2024-06-01T00:00:00Z') });
    setCsrfToken('t1');

    vi.setSystemTime(new Date('2024-06-30T23:59:59Z'));
    expect(getCsrfToken()).toBe('t1');
    vi.setSystemTime(new Date('2024-07-01T00:00:01Z'));
    expect(getCsrfToken()).toBeNull();
  });

  it('fetches GET /api/csrf-token with credentials and caches the csrfToken', async () => {
    const server = fakeApi({ 'GET /api/csrf-token': json(wire(csrfTokenSchema, { csrfToken: 'fresh' })) });

    await expect(refreshCsrfToken()).resolves.toBe('fresh');

    expect(server.calls('GET', '/api/csrf-token')[0]?.credentials).toBe('include');
    expect(getCsrfToken()).toBe('fresh');
  });

  it('reads the x-csrf-token header of GET /api/ping', async () => {
    const server = fakeApi();

    await expect(pingForCsrfToken()).resolves.toBe('csrf-ping');

    const [request] = server.calls('GET', '/api/ping');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.accept).toBe('application/json');
    expect(getCsrfToken()).toBe('csrf-ping');
  });

  it('treats a non-OK ping as a failure', async () => {
    fakeApi({ 'GET /api/ping': apiError(500, 'internal_error', 'Down') });

    await expect(pingForCsrfToken()).rejects.toThrow(
      'Unable to obtain security token. Please refresh the page and try again.',
    );
  });

  it('ensureCsrfToken uses the held token, else makes exactly one refresh attempt', async () => {
    // Deliberately not the API's answer, which always holds a token.
    const server = fakeApi({ 'GET /api/csrf-token': json({}) });

    await expect(ensureCsrfToken()).rejects.toThrow(
      new CsrfUnavailableError('Security token unavailable. Please refresh the page and try again.'),
    );
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);

    setCsrfToken('held');
    await expect(ensureCsrfToken()).resolves.toBe('held');
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);
  });

  it('reports a refresh that fails, or that cannot reach the server', async () => {
    const server = fakeApi({ 'GET /api/csrf-token': apiError(503, 'service_unavailable', 'Down') });
    await expect(ensureCsrfToken()).rejects.toThrow(
      'Unable to obtain security token. Please refresh the page and try again.',
    );

    server.on('GET /api/csrf-token', networkDown);
    await expect(ensureCsrfToken()).rejects.toBeInstanceOf(NetworkError);
  });
});
