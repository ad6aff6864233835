import type { CreditFate, CreditStatus, publicCreditSchema } from '@plastrace/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// /api/public/credits: the registry anyone reads without an account — no holders, prices or people.

export type PublicCredit = Wire<typeof publicCreditSchema>;
type Page<T> = { items: T[]; nextCursor: string | null };

export type RegistryFilter = { q?: string; vintage?: number; fate?: CreditFate; status?: CreditStatus };

export function usePublicCredits(filter: RegistryFilter) {
  return useInfiniteQuery({
    queryKey: ['public-credits', filter],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<PublicCredit>>('/public/credits', {
        signal,
        auth: false,
        query: { ...filter, limit: 50, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The serial range holding one serial. */
export function usePublicCredit(serial: string) {
  return useQuery({
    queryKey: ['public-credit', serial],
    queryFn: ({ signal }) =>
      api.get<PublicCredit>(`/public/credits/${encodeURIComponent(serial)}`, { signal, auth: false }),
  });
}
