import type {
  PassportDetails,
  PassportStatus,
  passportSchema,
  passportSummarySchema,
  passportVersionSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// /api/passports: product passports of lots (docs/architecture.md, "Product passports and Digital Link").

export type PassportSummary = Wire<typeof passportSummarySchema>;
export type Passport = Wire<typeof passportSchema>;
export type PassportContent = Passport['preview'];
export type PassportVersion = Wire<typeof passportVersionSchema>;
type Page<T> = { items: T[]; nextCursor: string | null };

export const passportsKey = ['passports'] as const;

export function usePassports(query: { q?: string; status?: PassportStatus }) {
  return useInfiniteQuery({
    queryKey: [...passportsKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<PassportSummary>>('/passports', {
        signal,
        query: { ...query, limit: 50, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function usePassport(id: string) {
  return useQuery({
    queryKey: [...passportsKey, 'one', id],
    queryFn: ({ signal }) => api.get<Passport>(`/passports/${encodeURIComponent(id)}`, { signal }),
  });
}

/** A lot's id from the code on its label, through the lots list's search. */
export async function lotIdByCode(code: string): Promise<string | null> {
  const found = await api.get<Page<{ id: string; code: string }>>('/lots', {
    query: { q: code.trim(), limit: 5 },
  });
  return found.items.find((l) => l.code.toUpperCase() === code.trim().toUpperCase())?.id ?? null;
}

export function useCreatePassport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lotId: string) => api.post<{ id: string }>('/passports', { lotId }),
    onSuccess: () => client.invalidateQueries({ queryKey: passportsKey }),
  });
}

export function useSaveDetails(id: string) {
  const client = useQueryClient();
  return useMutation({
    // Details are the maker's words: sent as typed (snake_case keys), not case-converted twice.
    mutationFn: (body: { details: PassportDetails; version: number }) =>
      api.patch<Passport>(`/passports/${encodeURIComponent(id)}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: passportsKey }),
  });
}

export function usePublish(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<PassportVersion>(`/passports/${encodeURIComponent(id)}/publish`),
    onSuccess: () => client.invalidateQueries({ queryKey: passportsKey }),
  });
}
