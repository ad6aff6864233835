import type { invitationVerifySchema, successSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { SessionResponse } from '../../auth/authApi.ts';
import type { SessionUser } from '../../auth/sessionStore.ts';

export type InvitationVerification = Wire<typeof invitationVerifySchema>;
export type InvitationDetails = NonNullable<InvitationVerification['invitation']>;

export interface AcceptInvitationInput {
  token: string;
  password: string;
  firstName: string;
  lastName: string;
  phone?: string;
}

export const invitationKey = (token: string) => ['invitation', token] as const;

/** `GET /api/dashboard/invitations/verify/{token}`, made without a session; not again once used here. */
export function useInvitation(token: string, enabled = true) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) =>
      api.get<InvitationVerification>(`/dashboard/invitations/verify/${encodeURIComponent(token)}`, {
        auth: false,
        signal,
      }),
    enabled: enabled && token !== '',
    // An invalid or used token stays invalid: answer at once instead of after three retries.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `POST /api/invitations/accept {token, password, first_name, last_name, phone}` → `{success, message}`. */
export const acceptInvitation = (input: AcceptInvitationInput) =>
  api.post<Wire<typeof successSchema>>('/invitations/accept', input, { auth: false });

/**
 * `POST /api/invitations/accept-existing {token, password}`: the invited email has an account; its password
 * proves it is theirs. Answers a session in the organization joined.
 */
export const acceptInvitationWithAccount = (input: { token: string; password: string }) =>
  api.post<SessionResponse>('/invitations/accept-existing', input, { auth: false });

/**
 * `POST /api/invitations/join {token}`: signed in as the invited email, the session is the proof. Answers
 * a new session in the organization joined; the one this browser held is signed out.
 */
export const joinInvitation = (token: string) =>
  api.post<SessionResponse & { user: SessionUser }>('/invitations/join', { token });
