import type {
  accuracySchema,
  identificationSchema,
  identificationSummarySchema,
  identifyResultSchema,
  referenceSpectrumSchema,
  SpectrumTechnique,
  valueSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { ReceiveRecord } from '../receive-records/api.ts';
import type { Page } from '../team/api.ts';

export type IdentifyResult = Wire<typeof identifyResultSchema>;
export type Identification = Wire<typeof identificationSchema>;
export type IdentificationSummary = Wire<typeof identificationSummarySchema>;
export type ReferenceSpectrum = Wire<typeof referenceSpectrumSchema>;
export type Accuracy = Wire<typeof accuracySchema>;
export type IdentificationValue = Wire<typeof valueSchema>;

const key = ['identification'] as const;

export interface IdentifyInput {
  csv: string;
  technique: SpectrumTechnique;
  fileName?: string;
}

export function useIdentify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdentifyInput) =>
      api.post<IdentifyResult>('/identification/spectra', {
        ...input,
        fileName: input.fileName || undefined,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...key, 'list'] }),
  });
}

export function useIdentifications() {
  return useInfiniteQuery({
    queryKey: [...key, 'list'],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<IdentificationSummary>>('/identification/identifications', {
        signal,
        query: { limit: 20, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useIdentification(id: string | null) {
  return useQuery({
    enabled: !!id,
    queryKey: [...key, 'one', id],
    queryFn: ({ signal }) => api.get<Identification>(`/identification/identifications/${id}`, { signal }),
  });
}

export type Target = { lotId: string } | { receiveLineId: string };

/** kg × today's buying price of the material, as the server values it. */
export function useValue(materialId: string, target: Target | null) {
  return useQuery({
    enabled: !!materialId && !!target,
    queryKey: [...key, 'value', materialId, target],
    queryFn: ({ signal }) =>
      api.get<IdentificationValue>('/identification/value', { signal, query: { materialId, ...target } }),
  });
}

export function useConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; materialId: string; version: number } & Target) =>
      api.post<Identification>(`/identification/identifications/${id}/confirm`, body),
    onSuccess: (ident) => {
      queryClient.setQueryData([...key, 'one', ident.id], ident);
      void queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['lots'] });
      void queryClient.invalidateQueries({ queryKey: ['receive-records'] });
    },
  });
}

/** Draft receive records, whose lines an identification may set the material of. */
export function useDraftReceipts(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['receive-records', 'drafts-for-identification'],
    queryFn: ({ signal }) =>
      api.get<Page<ReceiveRecord>>('/receive-records', { signal, query: { status: 'draft', limit: 50 } }),
  });
}

export function useReferences() {
  return useQuery({
    queryKey: [...key, 'references'],
    queryFn: ({ signal }) =>
      api.get<{ items: ReferenceSpectrum[] }>('/identification/references', { signal }),
  });
}

export function useAccuracy(technique: SpectrumTechnique) {
  return useQuery({
    queryKey: [...key, 'accuracy', technique],
    queryFn: ({ signal }) =>
      api.get<Accuracy>('/identification/references/accuracy', { signal, query: { technique } }),
  });
}

export interface ReferenceInput {
  polymer: string;
  name: string;
  technique: SpectrumTechnique;
  csv: string;
  notes?: string;
}

const libraryChanged = (queryClient: ReturnType<typeof useQueryClient>) => {
  void queryClient.invalidateQueries({ queryKey: [...key, 'references'] });
  void queryClient.invalidateQueries({ queryKey: [...key, 'accuracy'] });
};

export function useAddReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferenceInput) =>
      api.post<ReferenceSpectrum>('/identification/references', {
        ...input,
        notes: input.notes || undefined,
      }),
    onSuccess: () => libraryChanged(queryClient),
  });
}

export function useArchiveReference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ReferenceSpectrum>(`/identification/references/${id}/archive`),
    onSuccess: () => libraryChanged(queryClient),
  });
}

/** The shipped library's ATTRIBUTION.md (sources and licences), as text. */
export function useAttribution(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...key, 'attribution'],
    queryFn: ({ signal }) => api.get<string>('/identification/attribution', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
