import type {
  Camelize,
  Invitation as InvitationWire,
  MemberRole,
  Member as MemberWire,
} from '@plastrace/shared';
import {
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { dashboardSummaryKey } from '../dashboard/summary.ts';

export type Member = Camelize<MemberWire>;
export type Invitation = Camelize<InvitationWire>;
export type InvitationStatus = Invitation['status'];
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
export interface SupplierOption {
  id: string;
  code: string;
  name: string;
  type: string;
}

export const PAGE_SIZE = 50;

export interface MemberFilters {
  q?: string;
  role?: MemberRole | '';
  status?: Member['status'] | '';
}
export interface InvitationFilters {
  q?: string;
  status?: InvitationStatus | '';
}

export const membersKey = (filters?: MemberFilters) => (filters ? ['members', filters] : ['members']);
export const invitationsKey = (filters?: InvitationFilters) =>
  filters ? ['invitations', filters] : ['invitations'];

const nextPage = <T>(last: Page<T>) => last.nextCursor ?? undefined;

export function useMembers(filters: MemberFilters) {
  return useInfiniteQuery({
    queryKey: membersKey(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Member>>('/members', {
        signal,
        query: { ...filters, limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });
}

export function useInvitations(filters: InvitationFilters) {
  return useInfiniteQuery({
    queryKey: invitationsKey(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Invitation>>('/invitations', {
        signal,
        query: { ...filters, limit: PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  });
}

/** The supplier picker of the invitation form; the server searches by name or code. */
export function useSupplierLookup(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['suppliers', 'lookup', q],
    queryFn: ({ signal }) =>
      api.get<{ items: SupplierOption[] }>('/suppliers/lookup', { signal, query: { q, limit: 20 } }),
    enabled,
    staleTime: 30_000,
    // The last answer stays listed while the next search runs: the options do not vanish under the
    // pointer with each keystroke (a click landing as they did was lost).
    placeholderData: keepPreviousData,
  });
}

const refreshTeam = (queryClient: QueryClient, list: 'members' | 'invitations') => {
  void queryClient.invalidateQueries({ queryKey: [list] });
  void queryClient.invalidateQueries({ queryKey: dashboardSummaryKey });
};

/** Role change carries the version the admin saw: a stale one is refused with 409. */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, role }: { member: Member; role: MemberRole }) =>
      api.patch<Member>(`/members/${member.id}`, { role, version: member.version }),
    onSuccess: () => refreshTeam(queryClient, 'members'),
  });
}

export function useSetMemberActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ member, active }: { member: Member; active: boolean }) =>
      api.post<Member>(`/members/${member.id}/${active ? 'reactivate' : 'deactivate'}`),
    onSuccess: () => refreshTeam(queryClient, 'members'),
  });
}

export interface InviteInput {
  email: string;
  role: MemberRole;
  supplierId?: string | null;
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => api.post<Invitation>('/invitations', input),
    onSuccess: () => refreshTeam(queryClient, 'invitations'),
  });
}

export function useInvitationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ invitation, action }: { invitation: Invitation; action: 'resend' | 'revoke' }) =>
      api.post<Invitation>(`/invitations/${invitation.id}/${action}`),
    onSuccess: () => refreshTeam(queryClient, 'invitations'),
  });
}
