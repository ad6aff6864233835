import type { publicCertificateSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type PublicCertificate = Wire<typeof publicCertificateSchema>;

/** Anyone holding the certificate's QR code: no session, only its public facts. */
export function usePublicCertificate(id: string) {
  return useQuery({
    queryKey: ['public-certificate', id],
    queryFn: ({ signal }) =>
      api.get<PublicCertificate>(`/public/certificates/${encodeURIComponent(id)}`, { signal, auth: false }),
  });
}
