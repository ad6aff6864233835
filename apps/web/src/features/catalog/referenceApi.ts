import type {
  eprCountrySchema,
  facilitySchema,
  materialTypeSchema,
  processTypeSchema,
} from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Option } from './formModel.ts';

export type MaterialType = Wire<typeof materialTypeSchema>;
export type ReferenceProcessType = Wire<typeof processTypeSchema>;
export type EprCountry = Wire<typeof eprCountrySchema>;
export type FacilityRecord = Wire<typeof facilitySchema>;

const DAY = 24 * 60 * 60 * 1000;

/** Reference data changes with a release, not during a session. */
export function useMaterialTypes() {
  return useQuery({
    queryKey: ['reference', 'material-types'],
    queryFn: ({ signal }) =>
      api.get<{ items: MaterialType[] }>('/calculations/material-types', { signal, query: { limit: 200 } }),
    staleTime: DAY,
  });
}

export function useReferenceProcessTypes() {
  return useQuery({
    queryKey: ['reference', 'process-types'],
    queryFn: ({ signal }) =>
      api.get<{ items: ReferenceProcessType[] }>('/calculations/process-types', { signal }),
    staleTime: DAY,
  });
}

export function useEprCountries() {
  return useQuery({
    queryKey: ['reference', 'epr-countries'],
    queryFn: ({ signal }) => api.get<{ items: EprCountry[] }>('/calculations/epr-countries', { signal }),
    staleTime: DAY,
  });
}

/** The organization's facilities with their regions (pickers, price regions). */
export function useFacilities() {
  return useQuery({
    queryKey: ['facilities', 'all'],
    queryFn: ({ signal }) =>
      api.get<{ items: FacilityRecord[] }>('/facilities', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

export const useMaterialTypeOptions = (): Option[] =>
  (useMaterialTypes().data?.items ?? []).map((t) => ({ value: t.code, label: `${t.name} (${t.code})` }));

export const useProcessTypeOptions = (): Option[] =>
  (useReferenceProcessTypes().data?.items ?? []).map((t) => ({ value: t.code, label: t.name }));

export const useFacilityOptionList = (): Option[] =>
  (useFacilities().data?.items ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code})` }));
