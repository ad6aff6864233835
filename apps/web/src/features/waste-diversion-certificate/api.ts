import type {
  CertificateInput,
  CertificateStatus,
  certificateAvailableSchema,
  certificateDetailSchema,
  certificateSchema,
} from '@plastrace/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

// /api/certificates: waste diversion certificates (docs/architecture.md, "EPR").

export type Certificate = Wire<typeof certificateSchema>;
export type CertificateDetail = Wire<typeof certificateDetailSchema>;
export type Evidence = CertificateDetail['evidence'][number];
export type Available = Wire<typeof certificateAvailableSchema>;

export const certificatesKey = ['certificates'] as const;
export const CERTIFICATE_PAGE_SIZE = 50;

export interface CertificateQuery {
  q?: string | undefined;
  status?: CertificateStatus | undefined;
  year?: string | undefined;
}

export function useCertificates(query: CertificateQuery) {
  return useInfiniteQuery({
    queryKey: [...certificatesKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Certificate>>('/certificates', {
        signal,
        query: { ...query, limit: CERTIFICATE_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useCertificate(id: string) {
  return useQuery({
    queryKey: [...certificatesKey, 'one', id],
    queryFn: ({ signal }) =>
      api.get<CertificateDetail>(`/certificates/${encodeURIComponent(id)}`, { signal }),
  });
}

/** What a certificate for the period can claim; asked only once both days are set. */
export function useAvailable(from: string, to: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...certificatesKey, 'available', from, to],
    queryFn: ({ signal }) => api.get<Available>('/certificates/available', { signal, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

/** An issue or a revocation moves what is available and every list. */
function useSettled() {
  const queryClient = useQueryClient();
  return (c: CertificateDetail) => {
    queryClient.setQueryData([...certificatesKey, 'one', c.id], c);
    void queryClient.invalidateQueries({ queryKey: [...certificatesKey, 'list'] });
    void queryClient.invalidateQueries({ queryKey: [...certificatesKey, 'available'] });
  };
}

export function useIssueCertificate() {
  const settled = useSettled();
  const queryClient = useQueryClient();
  return useMutation({
    // The wire's own body (snake_case keys pass the client's conversion unchanged).
    mutationFn: ({ input, idempotencyKey }: { input: CertificateInput; idempotencyKey: string }) =>
      api.post<CertificateDetail>('/certificates', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: settled,
    // Refused for want of kilograms (another issuance took them): the maximums shown must catch up.
    onError: () => queryClient.invalidateQueries({ queryKey: [...certificatesKey, 'available'] }),
  });
}

export function useRevokeCertificate(id: string) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (reason: string) =>
      api.post<CertificateDetail>(`/certificates/${encodeURIComponent(id)}/revoke`, { reason }),
    onSuccess: settled,
  });
}
