import type { ContactBody, contactInfoSchema, contactReceiptSchema } from '@plastrace/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Wire } from '../../../api/caseConvert.ts';
import { api } from '../../../api/client.ts';

export type ContactReceipt = Wire<typeof contactReceiptSchema>;
export type ContactInfo = Wire<typeof contactInfoSchema>;

/** The configured support address (SUPPORT_EMAIL), for people who prefer to write directly. */
export function useContactInfo() {
  return useQuery({
    queryKey: ['contact-info'],
    queryFn: ({ signal }) => api.get<ContactInfo>('/contact', { signal, auth: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** No session needed (the sender may have no account); the client adds the CSRF token as on every POST. */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBody) => api.post<ContactReceipt>('/contact', body, { auth: false }),
  });
}
