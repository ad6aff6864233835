import type { publicLotSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type PublicLot = Wire<typeof publicLotSchema>;

/** Anyone holding the QR code: no session, only the public facts. */
export function usePublicLot(id: string) {
  return useQuery({
    queryKey: ['public-lot', id],
    queryFn: ({ signal }) =>
      api.get<PublicLot>(`/public/lots/${encodeURIComponent(id)}`, { signal, auth: false }),
  });
}
