import { loginResponseSchema } from '@plastrace/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/sessionStore.ts';
import { apiError, fakeApi, hang, json, networkDown, storeSession, wireUser } from '../test/fakeApi.ts';
import { emptyPage } from '../test/pages.ts';
import { csrfTokenSchema, errorWire, wire } from '../test/wire.ts';
import { ApiError, api, NetworkError, RequestTimeoutError } from './client.ts';
import { setCsrfToken } from './csrf.ts';

// /api/things, /api/records, /api/x and /api/files are made-up routes: what is tested is the client,
// whatever a route answers. Real routes answer what the API sends.
const signedIn = json(
  wire(loginResponseSchema, {
    session: { access_token: 'token-new', expires_at: '2024-06-02T00:00:00Z' },
    user: wireUser,
  }),
);

describe('api client', () => {
  beforeEach(() => {
    sessionStore.restore();
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.reset();
  });

  describe('headers', () => {
    it('sends the public key and no bearer token when signed out', async () => {
      const server = fakeApi({ 'GET /api/things': json({ items: [] }) });

      await api.get('/things');

      const [request] = server.calls('GET', '/api/things');
      expect(request?.headers['x-api-key']).toBe('plastrace-web');
      expect(request?.headers.authorization).toBeUndefined();
      expect(request?.headers.accept).toBe('application/json');
    });

    it('sends the stored token as a bearer token, without the public key', async () => {
      storeSession('token-abc');
      sessionStore.restore();
      const server = fakeApi({ 'GET /api/things': json({}) });

      await api.get('/things');

      const [request] = server.calls('GET', '/api/things');
      expect(request?.headers.authorization).toBe('Bearer token-abc');
      expect(request?.headers['x-api-key']).toBeUndefined();
    });

    it('sends the public key on calls made without a session, even when a token is stored', async () => {
      storeSession('token-abc');
      sessionStore.restore();
      const server = fakeApi({ 'POST /api/auth/login': signedIn });

      await api.post('/auth/login', {}, { auth: false });

      const [request] = server.calls('POST', '/api/auth/login');
      expect(request?.headers['x-api-key']).toBe('plastrace-web');
      expect(request?.headers.authorization).toBeUndefined();
    });

    it('sends the CSRF token with credentials on state-changing calls, fetching one when none is held', async () => {
      const server = fakeApi({ 'PATCH /api/things/1': json({}), 'DELETE /api/things/1': json({}) });

      await api.patch('/things/1', { name: 'x' });
      await api.delete('/things/1');

      expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);
      for (const request of [
        ...server.calls('PATCH', '/api/things/1'),
        ...server.calls('DELETE', '/api/things/1'),
      ]) {
        expect(request.headers['x-csrf-token']).toBe('csrf-1');
        expect(request.credentials).toBe('include');
      }
    });

    it('sends no CSRF token on GET', async () => {
      setCsrfToken('held');
      const server = fakeApi({ 'GET /api/things': json({}) });

      await api.get('/things');

      expect(server.calls('GET', '/api/things')[0]?.headers['x-csrf-token']).toBeUndefined();
    });
  });

  describe('keys', () => {
    it('sends snake_case and returns camelCase, leaving metadata as given', async () => {
      setCsrfToken('held');
      const server = fakeApi({
        'POST /api/records': json({ record_id: 'r1', created_at: 'now', metadata: { record_type: 'x' } }),
      });

      const result = await api.post('/records', {
        recordType: 'receive',
        lineItems: [{ netKg: 5 }],
        metadata: { recordType: 'receive' },
      });

      expect(server.calls('POST', '/api/records')[0]?.body).toEqual({
        record_type: 'receive',
        line_items: [{ net_kg: 5 }],
        metadata: { recordType: 'receive' },
      });
      expect(result).toEqual({ recordId: 'r1', createdAt: 'now', metadata: { record_type: 'x' } });
    });

    it('sends a raw body exactly as given', async () => {
      setCsrfToken('held');
      const server = fakeApi({ 'POST /api/auth/login': signedIn });

      await api.post('/auth/login', { rememberMe: true, first_name: 'A' }, { rawRequestBody: true });

      expect(server.calls('POST', '/api/auth/login')[0]?.body).toEqual({ rememberMe: true, first_name: 'A' });
    });

    it('converts query parameter names and leaves out empty ones', async () => {
      const server = fakeApi({ 'GET /api/members': emptyPage });

      await api.get('/members', { query: { sortBy: 'name', limit: 20, cursor: undefined, q: '' } });

      expect(server.requests.at(-1)?.url).toBe('/api/members?sort_by=name&limit=20');
    });
  });

  describe('errors', () => {
    it('signs out on a 401 and throws the session-expired error', async () => {
      storeSession('token-abc');
      sessionStore.restore();
      fakeApi({ 'GET /api/things': apiError(401, 'unauthorized', 'Session expired. Please log in again.') });

      const error = await api.get('/things').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ message: 'Session expired. Please log in again.', status: 401 });
      expect(sessionStore.getSnapshot()).toMatchObject({
        status: 'anonymous',
        token: null,
        expiredMessage: 'Your session has expired. Please log in again.',
      });
      expect(localStorage.getItem('plastrace.token')).toBeNull();
      expect(localStorage.getItem('plastrace.explicitLogout')).toBe('true');
    });

    it('does not sign out on a 401 from a call made without a session', async () => {
      storeSession('token-abc');
      sessionStore.restore();
      setCsrfToken('held');
      fakeApi({ 'POST /api/auth/login': apiError(401, 'unauthorized', 'Invalid email or password') });

      const error = await api.post('/auth/login', {}, { auth: false }).catch((e: unknown) => e);

      expect(error).toMatchObject({
        message: 'Invalid email or password',
        serverMessage: 'Invalid email or password',
      });
      expect(sessionStore.getSnapshot().status).toBe('authenticated');
    });

    it('ignores a 401 for a token that is no longer the current one', async () => {
      storeSession('old-token');
      sessionStore.restore();
      let answer: (response: Response) => void = () => {};
      fakeApi({ 'GET /api/things': () => new Promise<Response>((resolve) => (answer = resolve)) });
      const pending = api.get('/things').catch((e: unknown) => e);
      await waitFor(() => expect(fetch).toHaveBeenCalled());
      sessionStore.signIn({ token: 'new-token', user: null, remember: true });

      answer(
        Response.json(wire(errorWire, { code: 'unauthorized', message: 'x', error: 'x' }), { status: 401 }),
      );
      await pending;

      expect(sessionStore.getSnapshot()).toMatchObject({ status: 'authenticated', token: 'new-token' });
    });

    it('on a CSRF failure drops the token, fetches a fresh one and retries once', async () => {
      setCsrfToken('stale');
      let attempts = 0;
      const server = fakeApi({
        'GET /api/csrf-token': json(wire(csrfTokenSchema, { csrfToken: 'fresh' })),
        'POST /api/things': () =>
          ++attempts === 1
            ? Response.json(wire(errorWire, { code: 'csrf_invalid', message: 'Invalid', error: 'Invalid' }), {
                status: 403,
              })
            : Response.json({ ok: true }),
      });

      await expect(api.post('/things', {})).resolves.toEqual({ ok: true });

      expect(server.calls('POST', '/api/things').map((r) => r.headers['x-csrf-token'])).toEqual([
        'stale',
        'fresh',
      ]);
      expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);
    });

    it('signs out with the security message when the retry fails too', async () => {
      storeSession('token-abc');
      sessionStore.restore();
      setCsrfToken('stale');
      const server = fakeApi({
        'POST /api/things': apiError(403, 'csrf_invalid', 'Invalid or missing CSRF token'),
      });

      const error = await api.post('/things', {}).catch((e: unknown) => e);

      expect(server.calls('POST', '/api/things')).toHaveLength(2);
      expect(error).toMatchObject({
        message: 'Your session has expired due to security reasons. Please log in again.',
        status: 403,
        code: 'csrf_invalid',
      });
      expect(sessionStore.getSnapshot()).toMatchObject({
        status: 'anonymous',
        expiredMessage: 'Your session has expired due to security reasons. Please log in again.',
      });
    });

    it('throws a forbidden answer as a permission error, without retrying or signing out', async () => {
      storeSession('token-abc');
      sessionStore.restore();
      setCsrfToken('held');
      const server = fakeApi({
        'POST /api/members': apiError(403, 'forbidden', 'Only an administrator can invite administrators.'),
      });

      const error = await api.post('/members', {}).catch((e: unknown) => e);

      expect(error).toMatchObject({
        status: 403,
        code: 'forbidden',
        message: 'Only an administrator can invite administrators.',
      });
      expect(server.calls('POST', '/api/members')).toHaveLength(1);
      expect(server.calls('GET', '/api/csrf-token')).toHaveLength(0);
      expect(sessionStore.getSnapshot().status).toBe('authenticated');
    });

    it("throws the server's message and code on an error status", async () => {
      fakeApi({ 'GET /api/x': apiError(404, 'not_found', 'No such record') });

      await expect(api.get('/x')).rejects.toMatchObject({
        message: 'No such record',
        status: 404,
        code: 'not_found',
      });
    });

    it('falls back to the HTTP status when the error body is not JSON', async () => {
      fakeApi({ 'GET /api/x': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

      await expect(api.get('/x')).rejects.toThrow('HTTP error! status: 502');
    });

    it('throws a NetworkError when the server cannot be reached', async () => {
      fakeApi({ 'GET /api/x': networkDown });

      await expect(api.get('/x')).rejects.toBeInstanceOf(NetworkError);
    });
  });

  describe('timeouts', () => {
    it('gives up on a POST after 30 seconds', async () => {
      vi.useFakeTimers();
      setCsrfToken('held');
      fakeApi({ 'POST /api/slow': hang });

      const result = api.post('/slow', {}).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(29_999);
      await vi.advanceTimersByTimeAsync(1);

      const error = await result;
      expect(error).toBeInstanceOf(RequestTimeoutError);
      expect(error).toMatchObject({ message: 'Request timed out after 30 seconds' });
    });

    it('gives up on a PUT after 30 seconds, and honours a shorter limit', async () => {
      vi.useFakeTimers();
      setCsrfToken('held');
      fakeApi({ 'PUT /api/slow': hang, 'POST /api/auth/login': hang });

      const put = api.put('/slow', {}).catch((e: unknown) => e);
      const login = api.post('/auth/login', {}, { timeoutMs: 10_000 }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(login).resolves.toMatchObject({ message: 'Request timed out after 10 seconds' });
      await vi.advanceTimersByTimeAsync(20_000);
      await expect(put).resolves.toMatchObject({ message: 'Request timed out after 30 seconds' });
    });
  });

  it('uploads multipart form data with the CSRF token and no JSON content type', async () => {
    setCsrfToken('held');
    const server = fakeApi({ 'POST /api/files': json({ file_id: 'f1' }, 201) });
    const form = new FormData();
    form.append('photo', new Blob(['x'], { type: 'image/png' }), 'scale.png');

    await expect(api.upload('/files', form)).resolves.toEqual({ fileId: 'f1' });

    const [request] = server.calls('POST', '/api/files');
    expect(request?.body).toBe(form);
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers['x-csrf-token']).toBe('held');
  });
});
