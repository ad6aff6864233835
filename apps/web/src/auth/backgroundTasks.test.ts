import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCsrfToken, setCsrfToken } from '../api/csrf.ts';
import { fakeApi, json, storeSession } from '../test/fakeApi.ts';
import { csrfTokenSchema, sessionRefreshSchema, wire } from '../test/wire.ts';
import { useCsrfRefresh, useSessionRefresh } from './backgroundTasks.ts';
import { sessionStore } from './sessionStore.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

describe('useCsrfRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('re-fetches the token every 60 s while the page is visible', async () => {
    setVisibility('visible');
    const server = fakeApi({ 'GET /api/csrf-token': json(wire(csrfTokenSchema, { csrfToken: 'rotated' })) });
    renderHook(() => useCsrfRefresh());

    await vi.advanceTimersByTimeAsync(59_999);
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);
    expect(getCsrfToken()).toBe('rotated');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(2);
  });

  it('does not fetch while hidden, and fetches when the tab becomes visible', async () => {
    setVisibility('hidden');
    const server = fakeApi();
    renderHook(() => useCsrfRefresh());

    await vi.advanceTimersByTimeAsync(180_000);
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(0);

    setVisibility('visible');
    fireEvent(document, new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls('GET', '/api/csrf-token')).toHaveLength(1);
  });
});

const refreshed = json(
  wire(sessionRefreshSchema, { session: { access_token: 'token-1', expires_at: '2024-06-02T08:00:00Z' } }),
);

describe('useSessionRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2024-06-01T08:00:00Z') });
    storeSession('token-1');
    sessionStore.restore();
    setCsrfToken('held');
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.reset();
  });

  it('refreshes at the next minute check once 12 h passed and the user is active', async () => {
    sessionStore.setLastRefresh(Date.now() - 13 * HOUR);
    const server = fakeApi({
      'POST /api/session/refresh': refreshed,
    });
    renderHook(() => useSessionRefresh(true));

    await vi.advanceTimersByTimeAsync(MINUTE);

    const calls = server.calls('POST', '/api/session/refresh');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.authorization).toBe('Bearer token-1');
    expect(sessionStore.getLastRefresh()).toBe(Date.now());

    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(server.calls('POST', '/api/session/refresh')).toHaveLength(1);
  });

  it('does not refresh before 12 h have passed', async () => {
    sessionStore.setLastRefresh(Date.now() - 11 * HOUR);
    const server = fakeApi({ 'POST /api/session/refresh': refreshed });
    renderHook(() => useSessionRefresh(true));

    await vi.advanceTimersByTimeAsync(59 * MINUTE);

    expect(server.calls('POST', '/api/session/refresh')).toHaveLength(0);
  });

  it('waits for activity when the user has been idle for more than 30 minutes', async () => {
    sessionStore.setLastRefresh(Date.now() - 11.4 * HOUR);
    const server = fakeApi({ 'POST /api/session/refresh': refreshed });
    renderHook(() => useSessionRefresh(true));

    await vi.advanceTimersByTimeAsync(40 * MINUTE);
    expect(server.calls('POST', '/api/session/refresh')).toHaveLength(0);

    fireEvent.keyDown(window, { key: 'a' });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(server.calls('POST', '/api/session/refresh')).toHaveLength(1);
  });

  it('counts mouse down, scroll and touch start as activity too', async () => {
    for (const fire of [
      () => fireEvent.mouseDown(window),
      () => fireEvent.scroll(window),
      () => fireEvent.touchStart(window),
    ]) {
      sessionStore.setLastRefresh(Date.now() - 11.4 * HOUR);
      const server = fakeApi({ 'POST /api/session/refresh': refreshed });
      const { unmount } = renderHook(() => useSessionRefresh(true));
      await vi.advanceTimersByTimeAsync(40 * MINUTE);
      fire();
      await vi.advanceTimersByTimeAsync(MINUTE);
      expect(server.calls('POST', '/api/session/refresh')).toHaveLength(1);
      unmount();
    }
  });

  it('does nothing while signed out', async () => {
    sessionStore.setLastRefresh(Date.now() - 13 * HOUR);
    const server = fakeApi({ 'POST /api/session/refresh': refreshed });
    renderHook(() => useSessionRefresh(false));

    await vi.advanceTimersByTimeAsync(5 * MINUTE);

    expect(server.calls('POST', '/api/session/refresh')).toHaveLength(0);
  });
});
