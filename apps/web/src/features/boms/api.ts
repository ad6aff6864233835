import type { bomCreateSchema, bomSchema, bomVersionInputSchema, componentSchema } from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

export type Bom = Wire<typeof bomSchema>;
export type BomVersion = Bom['versions'][number];
export type ComponentOption = Wire<typeof componentSchema>;
export const bomsKey = ['boms'] as const;

export function useBoms(q: string) {
  return useInfiniteQuery({
    queryKey: [...bomsKey, 'list', q],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Bom>>('/boms', { signal, query: { q: q || undefined, limit: 50, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useBom(id: string) {
  return useQuery({
    queryKey: [...bomsKey, 'one', id],
    queryFn: ({ signal }) => api.get<Bom>(`/boms/${encodeURIComponent(id)}`, { signal }),
  });
}

/** The active components, for the lines of a BOM version. */
export function useComponentOptions() {
  return useQuery({
    queryKey: ['components', 'options'],
    queryFn: ({ signal }) => api.get<Page<ComponentOption>>('/components', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

export function useCreateBom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof bomCreateSchema>) => api.post<Bom>('/boms', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bomsKey }),
  });
}

export function useAddBomVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof bomVersionInputSchema>) => api.post<Bom>(`/boms/${id}/versions`, body),
    onSuccess: (bom) => {
      queryClient.setQueryData([...bomsKey, 'one', bom.id], bom);
      void queryClient.invalidateQueries({ queryKey: bomsKey });
    },
  });
}
