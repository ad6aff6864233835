import {
  ACTIVITY_EVENTS,
  CSRF_REFETCH_INTERVAL_MS,
  SESSION_ACTIVITY_WINDOW_MS,
  SESSION_REFRESH_AFTER_MS,
  SESSION_REFRESH_CHECK_MS,
} from '@plastrace/shared';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { refreshCsrfToken } from '../api/csrf.ts';
import { sessionStore } from './sessionStore.ts';

/**
 * Keeps the CSRF token fresh (spec §9): every 60 s while the page is visible, and as soon as the tab
 * becomes visible again. Failures are ignored here: the next state-changing call retries by itself.
 */
export function useCsrfRefresh(): void {
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') refreshCsrfToken().catch(() => {});
    };
    const timer = setInterval(refresh, CSRF_REFETCH_INTERVAL_MS);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, []);
}

interface RefreshResponse {
  session?: { accessToken?: string; expiresAt?: string };
}

/**
 * Extends an active session (spec §9): every 60 s, if the user was active in the last 30 minutes and
 * 12 hours passed since the last refresh, `POST /api/session/refresh` with an empty body. Opening the
 * page counts as activity; afterwards mouse down, key down, scroll and touch start do.
 */
export function useSessionRefresh(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    let lastActivity = Date.now();
    let refreshing = false;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = async () => {
      const now = Date.now();
      if (refreshing || now - lastActivity > SESSION_ACTIVITY_WINDOW_MS) return;
      if (now - sessionStore.getLastRefresh() < SESSION_REFRESH_AFTER_MS) return;
      refreshing = true;
      try {
        const result = await api.post<RefreshResponse>('/session/refresh');
        sessionStore.setLastRefresh(Date.now());
        if (result?.session?.accessToken) sessionStore.setToken(result.session.accessToken);
      } catch {
        // A 401 already ended the session in the client; anything else is tried again next minute.
      } finally {
        refreshing = false;
      }
    };
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    const timer = setInterval(() => void check(), SESSION_REFRESH_CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true });
    };
  }, [signedIn]);
}
