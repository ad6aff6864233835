import type { publicDispatchSchema, publicLotSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type PublicLot = Wire<typeof publicLotSchema>;
export type PublicDispatch = Wire<typeof publicDispatchSchema>;

/** Anyone holding the QR code: no session, only the public facts. */
export function usePublicLot(id: string) {
  return useQuery({
    queryKey: ['public-lot', id],
    queryFn: ({ signal }) =>
      api.get<PublicLot>(`/public/lots/${encodeURIComponent(id)}`, { signal, auth: false }),
  });
}

/** A delivery receipt's QR code names its dispatch: asked once the id is not a lot's. */
export function usePublicDispatch(id: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['public-dispatch', id],
    queryFn: ({ signal }) =>
      api.get<PublicDispatch>(`/public/dispatches/${encodeURIComponent(id)}`, { signal, auth: false }),
  });
}
