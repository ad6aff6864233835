import { sessionStore } from '../auth/sessionStore.ts';

/** The web app's public client key (spec §6): identifies the client, it is not a secret. */
export const PUBLIC_API_KEY: string = import.meta.env.VITE_PUBLIC_API_KEY ?? 'plastrace-web';

/**
 * Bearer token when one is stored, otherwise the public key. `useSession: false` (sign-in, sign-up,
 * one-time links) always sends the public key, so a stale token can't get in the way.
 */
export function authHeaders(useSession = true): { headers: Record<string, string>; token: string | null } {
  const token = useSession ? sessionStore.getToken() : null;
  return token
    ? { headers: { Authorization: `Bearer ${token}` }, token }
    : { headers: { 'x-api-key': PUBLIC_API_KEY }, token: null };
}
