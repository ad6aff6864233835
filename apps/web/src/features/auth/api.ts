import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { SessionResponse } from '../../auth/authApi.ts';

// Every call here is made without a session: a 401 is an answer to show, never a sign-out.
const PUBLIC = { auth: false } as const;

interface MessageResponse {
  message?: string;
}

export interface PublicConfig {
  demo: { email: string; password: string } | null;
}

export const publicConfigKey = ['public-config'] as const;

/** `GET /api/public/config`: the demo sign-in hint, when the server has a demo organization. */
export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigKey,
    queryFn: ({ signal }) => api.get<PublicConfig>('/public/config', { ...PUBLIC, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Only a hint: without it the dialog works the same, so a failure is not retried or shown.
    retry: false,
  });
}

export const requestMagicLink = (email: string) =>
  api.post<MessageResponse | undefined>('/auth/magiclink', { email }, PUBLIC);

export const redeemMagicLink = (token: string) =>
  api.post<SessionResponse>('/auth/magiclink/verify', { token }, PUBLIC);

export const requestPasswordReset = (email: string) =>
  api.post<MessageResponse | undefined>('/auth/password/forgot', { email }, PUBLIC);

export const resetPassword = (token: string, password: string) =>
  api.post<MessageResponse | undefined>('/auth/password/reset', { token, password }, PUBLIC);

export const verifyEmail = (token: string) =>
  api.post<MessageResponse | undefined>('/auth/verify-email', { token }, PUBLIC);

/** The sign-up payload is sent as built (each profile field in both cases), not key-converted. */
export const signup = (body: Record<string, string>) =>
  api.post<MessageResponse | undefined>('/auth/signup', body, { ...PUBLIC, rawRequestBody: true });
