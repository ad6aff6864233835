import type {
  marketListingSchema,
  marketPriceHistorySchema,
  receivedRfqSchema,
  rfqSchema,
  savedSearchSchema,
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

// /api/market/saved-searches, /rfqs, /price-history and /listings/{id}/matches as the API client hands them
// over (keys camelCased, quantities and money as exact decimal strings).

export type SavedSearch = Wire<typeof savedSearchSchema>;
export type Rfq = Wire<typeof rfqSchema>;
export type ReceivedRfq = Wire<typeof receivedRfqSchema>;
export type PriceHistory = Wire<typeof marketPriceHistorySchema>;
export type Listing = Wire<typeof marketListingSchema>;
type Page<T> = { items: T[]; nextCursor: string | null };

export const enhancedKey = ['market', 'enhanced'] as const;

function usePages<T>(key: readonly unknown[], path: string, query: Record<string, string | undefined> = {}) {
  return useInfiniteQuery({
    queryKey: [...enhancedKey, ...key, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, { signal, query: { ...query, limit: 50, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

export const useSavedSearches = () => usePages<SavedSearch>(['searches'], '/market/saved-searches');
export const useRfqs = () => usePages<Rfq>(['rfqs'], '/market/rfqs');
export const useReceivedRfqs = () => usePages<ReceivedRfq>(['received'], '/market/rfqs/received');

/** Writes change what these lists show, and a quote is an offer of the marketplace's own lists. */
function useWrite<V, R>(request: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: ['market'] }),
  });
}

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });
const at = (id: string) => encodeURIComponent(id);

/** Bodies are sent in the wire's own keys (snake_case): filters are the search's query keys. */
export const useCreateSavedSearch = () =>
  useWrite(({ key, body }: { key: string; body: Record<string, unknown> }) =>
    api.post<SavedSearch>('/market/saved-searches', body, { ...keyed(key), rawRequestBody: true }),
  );

export const useUpdateSavedSearch = () =>
  useWrite(({ id, body }: { id: string; body: Record<string, unknown> }) =>
    api.patch<SavedSearch>(`/market/saved-searches/${at(id)}`, body, { rawRequestBody: true }),
  );

export const useDeleteSavedSearch = () =>
  useWrite(({ id }: { id: string }) => api.delete<null>(`/market/saved-searches/${at(id)}`));

export const useCreateRfq = () =>
  useWrite(({ key, body }: { key: string; body: Record<string, unknown> }) =>
    api.post<Rfq>('/market/rfqs', body, { ...keyed(key), rawRequestBody: true }),
  );

export const useQuoteRfq = () =>
  useWrite(({ id, body }: { id: string; body: Record<string, unknown> }) =>
    api.post<ReceivedRfq>(`/market/rfqs/${at(id)}/quote`, body, { rawRequestBody: true }),
  );

export const useDeclineRfq = () =>
  useWrite(({ id, reason }: { id: string; reason?: string }) =>
    api.post<ReceivedRfq>(`/market/rfqs/${at(id)}/decline`, reason ? { reason } : {}),
  );

export const useCancelRfq = () =>
  useWrite(({ id }: { id: string }) => api.post<Rfq>(`/market/rfqs/${at(id)}/cancel`, {}));

export type PriceQuery = {
  kind: 'material' | 'credits';
  polymer?: string;
  form?: string;
  grade?: string;
  interval: 'month' | 'quarter';
};

export const usePriceHistory = (query: PriceQuery) =>
  useQuery({
    queryKey: [...enhancedKey, 'prices', query],
    queryFn: ({ signal }) => api.get<PriceHistory>('/market/price-history', { signal, query }),
    placeholderData: keepPreviousData,
  });

export const useMatches = (listingId: string | null) =>
  useQuery({
    enabled: listingId !== null,
    queryKey: [...enhancedKey, 'matches', listingId],
    queryFn: ({ signal }) =>
      api.get<{ items: Listing[] }>(`/market/listings/${at(listingId ?? '')}/matches`, { signal }),
  });

/** Sell listings of material of other organizations for a request's polymer, form and grade. */
export const useRfqCandidates = (spec: { polymer: string; form: string; grade?: string }, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: [...enhancedKey, 'candidates', spec],
    queryFn: ({ signal }) =>
      api.get<Page<Listing>>('/market/search', {
        signal,
        query: { side: 'sell', kind: 'material', ...spec, sort: 'price_asc', limit: 50 },
      }),
  });

/** The caller's active listings: what matching starts from. */
export const useMyActiveListings = () =>
  useQuery({
    queryKey: [...enhancedKey, 'mine'],
    queryFn: ({ signal }) =>
      api.get<Page<Listing>>('/market/listings', { signal, query: { status: 'active', limit: 100 } }),
  });
