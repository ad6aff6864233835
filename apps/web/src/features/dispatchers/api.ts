import type { driverSchema, haulerSchema, vehicleSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Option } from '../catalog/formModel.ts';
import type { Page } from '../team/api.ts';

export type Driver = Wire<typeof driverSchema>;
export type Vehicle = Wire<typeof vehicleSchema>;
export type Hauler = Wire<typeof haulerSchema>;

/** Active drivers, vehicles or haulers, for the pickers of dispatches and trips. */
export function useFleetOptions<T>(path: '/vehicles' | '/drivers' | '/haulers') {
  return useQuery({
    queryKey: [path.slice(1), 'options'],
    queryFn: ({ signal }) => api.get<{ items: T[] }>(path, { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

// An expired licence or accreditation is shown in a picker, not hidden, so the bay sees why one cannot go.
export const driverLabel = (d: Driver) =>
  `${d.name} (${d.code})${d.licenceStatus === 'expired' ? ' — licence expired' : d.licenceStatus === 'expiring' ? ' — licence expiring' : ''}`;
export const haulerLabel = (h: Hauler) =>
  `${h.name}${h.accreditationStatus === 'expired' ? ' — accreditation expired' : ''}`;

/** Active haulers, to give a vehicle to or to filter the vehicles by. */
export function useHaulerOptions(): Option[] {
  const query = useQuery({
    queryKey: ['haulers', 'vehicle-options'],
    queryFn: ({ signal }) => api.get<Page<Hauler>>('/haulers', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
  return (query.data?.items ?? []).map((h) => ({ value: h.id, label: `${h.name} (${h.code})` }));
}

/** How many active records to name in a warning; the rest are counted. */
export const DUE_PAGE = 50;

/**
 * Active records whose licence or accreditation has `status` (expired, expiring): the list's own
 * filter, so the warning and the list agree. Under the resource's key, so a save refreshes it.
 */
export function useDue<T>(resource: 'drivers' | 'haulers', filter: Record<string, string>) {
  return useQuery({
    queryKey: [resource, 'due', filter],
    queryFn: ({ signal }) =>
      api.get<Page<T>>(`/${resource}`, { signal, query: { ...filter, sort: 'name', limit: DUE_PAGE } }),
  });
}
