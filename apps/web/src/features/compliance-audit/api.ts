import type {
  ComplianceProfileInput,
  complianceProfileSchema,
  complianceYearSchema,
  computedFootprintSchema,
  EcarDecision,
  ecarReportSchema,
  ecarSummarySchema,
  FootprintInput,
  footprintYearSchema,
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

// /api/compliance: the obliged enterprise's RA 11898 year and its EPR Compliance Audit Reports
// (docs/architecture.md, "EPR"). Figures are exact decimal strings, keys camelCased.

export type Profile = Wire<typeof complianceProfileSchema>;
export type Year = Wire<typeof complianceYearSchema>;
export type Footprints = Wire<typeof footprintYearSchema>;
export type Computed = Wire<typeof computedFootprintSchema>;
export type EcarSummary = Wire<typeof ecarSummarySchema>;
export type EcarReport = Wire<typeof ecarReportSchema>;
export type EcarItem = EcarReport['content']['items'][number];
type Page<T> = { items: T[]; nextCursor: string | null };

export const complianceKey = ['compliance'] as const;

export function useProfile() {
  return useQuery({
    queryKey: [...complianceKey, 'profile'],
    queryFn: ({ signal }) => api.get<Profile>('/compliance/profile', { signal }),
  });
}

export function useYear(year: number) {
  return useQuery({
    queryKey: [...complianceKey, 'year', year],
    queryFn: ({ signal }) => api.get<Year>(`/compliance/years/${year}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useFootprints(year: number) {
  return useQuery({
    queryKey: [...complianceKey, 'footprints', year],
    queryFn: ({ signal }) => api.get<Footprints>('/compliance/footprints', { signal, query: { year } }),
    placeholderData: keepPreviousData,
  });
}

/** What the year's manufacturing runs make the footprint: asked only when the user asks. */
export function useComputed(year: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...complianceKey, 'computed', year],
    queryFn: ({ signal }) =>
      api.get<Computed>('/compliance/footprints/computed', { signal, query: { year } }),
  });
}

export function useEcars(year: number) {
  return useInfiniteQuery({
    queryKey: [...complianceKey, 'ecar', 'list', year],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<EcarSummary>>('/compliance/ecar', {
        signal,
        query: { year, limit: 50, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useEcar(id: string) {
  return useQuery({
    queryKey: [...complianceKey, 'ecar', 'one', id],
    queryFn: ({ signal }) => api.get<EcarReport>(`/compliance/ecar/${encodeURIComponent(id)}`, { signal }),
  });
}

/** Every change moves the year's figures, its checklist and the reports: all compliance reads refresh. */
function useChange<V, T>(request: (vars: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: complianceKey }),
  });
}

export const useSaveProfile = () =>
  useChange((body: ComplianceProfileInput) => api.put<Profile>('/compliance/profile', body));

const withKey = (key: string) => ({ headers: { 'Idempotency-Key': key } });

export const useEnterFootprint = () =>
  useChange((v: { input: FootprintInput; key: string }) =>
    api.post<Footprints>('/compliance/footprints', v.input, withKey(v.key)),
  );

export const useAdoptComputed = () =>
  useChange((v: { year: number; key: string }) =>
    api.post<Footprints>('/compliance/footprints/adopt', { year: v.year }, withKey(v.key)),
  );

export const useDraftEcar = () =>
  useChange((v: { year: number; key: string }) =>
    api.post<EcarReport>(`/compliance/years/${v.year}/ecar`, undefined, withKey(v.key)),
  );

export const useReview = (id: string) =>
  useChange((v: { itemKey: string; decision: EcarDecision; comment: string | null }) =>
    api.post<EcarReport>(`/compliance/ecar/${encodeURIComponent(id)}/reviews`, v),
  );

export const useSignOff = (id: string) =>
  useChange((opinion: string) =>
    api.post<EcarReport>(`/compliance/ecar/${encodeURIComponent(id)}/sign-off`, { opinion }),
  );
