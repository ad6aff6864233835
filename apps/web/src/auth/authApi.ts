import { LOGIN_TIMEOUT_MS } from '@plastrace/shared';
import { api } from '../api/client.ts';
import { ensureCsrfToken } from '../api/csrf.ts';
import type { SessionUser } from './sessionStore.ts';

export interface LoginInput {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** The answer of sign-in and magic-link redemption, after key conversion. */
export interface SessionResponse {
  session: { accessToken: string; expiresAt: string };
  user?: SessionUser | null;
}

/**
 * `POST /api/auth/login`, 10 s limit. Blocked when no CSRF token can be had after one refresh
 * (spec §5). The payload goes out camelCase as the spec says (`rememberMe`).
 */
export async function requestLogin({ email, password, rememberMe }: LoginInput): Promise<SessionResponse> {
  await ensureCsrfToken();
  return api.post<SessionResponse>(
    '/auth/login',
    { email, password, rememberMe },
    { auth: false, rawRequestBody: true, timeoutMs: LOGIN_TIMEOUT_MS },
  );
}

let meInFlight: Promise<SessionUser> | null = null;

/** `GET /api/dashboard/users/me`; callers at the same moment share one request. */
export function fetchCurrentUser(): Promise<SessionUser> {
  meInFlight ??= api.get<SessionUser>('/dashboard/users/me').finally(() => {
    meInFlight = null;
  });
  return meInFlight;
}
