import type {
  creditBlockSchema,
  DealStatus,
  dealSchema,
  facilitySchema,
  MarketKind,
  MarketListingStatus,
  MarketSide,
  MarketSort,
  marketListingSchema,
  OfferStatus,
  offerSchema,
  offerThreadSchema,
  publicMarketListingSchema,
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

// /api/market and /api/public/market: listings, offers and deals as the API client hands them over (keys
// camelCased, quantities and money as exact decimal strings).

export type MarketListing = Wire<typeof marketListingSchema>;
export type PublicListing = Wire<typeof publicMarketListingSchema>;
/** What a browse row or the map needs: the fields both views share. */
export type AnyListing = MarketListing | PublicListing;
export type Offer = Wire<typeof offerSchema>;
export type OfferThread = Wire<typeof offerThreadSchema>;
export type Deal = Wire<typeof dealSchema>;
type Page<T> = { items: T[]; nextCursor: string | null };

export const marketKey = ['market'] as const;
export const publicMarketKey = ['public-market'] as const;

/** The search's filters as the API's query (camelCase: the client writes them snake_case). */
export type SearchQuery = {
  q?: string;
  side?: MarketSide;
  kind?: MarketKind;
  polymer?: string;
  form?: string;
  grade?: string;
  minLevel?: string;
  minPrice?: string;
  maxPrice?: string;
  minQuantity?: string;
  nearLat?: string;
  nearLng?: string;
  withinKm?: string;
  fate?: string;
  vintage?: string;
  sort?: MarketSort;
};

function usePages<T>(key: readonly unknown[], path: string, query: object, auth = true) {
  return useInfiniteQuery({
    queryKey: [...key, query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, {
        signal,
        auth,
        query: { ...(query as Record<string, string>), limit: 50, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** Members search with sellers named; a visitor reads the public listings, anonymous. */
export const useSearch = (query: SearchQuery, member: boolean) =>
  usePages<AnyListing>(
    member ? [...marketKey, 'search'] : [...publicMarketKey, 'list'],
    member ? '/market/search' : '/public/market/listings',
    query,
    member,
  );

export type MyListingsQuery = { status?: MarketListingStatus; side?: MarketSide; kind?: MarketKind };
export const useMyListings = (query: MyListingsQuery) =>
  usePages<MarketListing>([...marketKey, 'mine'], '/market/listings', query);

export function useListing(id: string, member: boolean) {
  return useQuery<AnyListing>({
    queryKey: member ? [...marketKey, 'listing', id] : [...publicMarketKey, 'listing', id],
    queryFn: ({ signal }) =>
      member
        ? api.get<MarketListing>(`/market/listings/${encodeURIComponent(id)}`, { signal })
        : api.get<PublicListing>(`/public/market/listings/${encodeURIComponent(id)}`, {
            signal,
            auth: false,
          }),
  });
}

export type OffersQuery = { role?: 'sent' | 'received' | 'all'; status?: OfferStatus; listingId?: string };
export const useOffers = (query: OffersQuery) =>
  usePages<Offer>([...marketKey, 'offers'], '/market/offers', query);

export function useThread(offerId: string | null) {
  return useQuery({
    enabled: offerId !== null,
    queryKey: [...marketKey, 'thread', offerId],
    queryFn: ({ signal }) =>
      api.get<OfferThread>(`/market/offers/${encodeURIComponent(offerId ?? '')}/thread`, { signal }),
  });
}

export type DealsQuery = { role?: 'seller' | 'buyer' | 'all'; status?: DealStatus };
export const useDeals = (query: DealsQuery) =>
  usePages<Deal>([...marketKey, 'deals'], '/market/deals', query);

/**
 * Every write can change listings (remaining, status), offers, deals, the public browse, and — through a
 * deal's orders and reservations — stock and orders.
 */
function useMarketMutation<V, R>(request: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all(
        [marketKey, publicMarketKey, ['lots'], ['inventory'], ['orders'], ['credits']].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

const keyed = (key: string) => ({ headers: { 'Idempotency-Key': key } });

/** The create body in the wire's own keys (snake_case), sent as is. */
export const useCreateListing = () =>
  useMarketMutation(({ key, body }: { key: string; body: Record<string, unknown> }) =>
    api.post<MarketListing>('/market/listings', body, { ...keyed(key), rawRequestBody: true }),
  );

export const useUpdateListing = () =>
  useMarketMutation(({ id, body }: { id: string; body: Record<string, unknown> }) =>
    api.patch<MarketListing>(`/market/listings/${encodeURIComponent(id)}`, body, { rawRequestBody: true }),
  );

export const useCloseListing = () =>
  useMarketMutation(({ id, version }: { id: string; version: number }) =>
    api.post<MarketListing>(`/market/listings/${encodeURIComponent(id)}/close`, { version }),
  );

export type OfferTerms = {
  quantity: string;
  price: string;
  delivery_terms?: string | null;
  message?: string | null;
  expires_at?: string;
};

export const useMakeOffer = () =>
  useMarketMutation(({ listingId, key, body }: { listingId: string; key: string; body: OfferTerms }) =>
    api.post<Offer>(`/market/listings/${encodeURIComponent(listingId)}/offers`, body, {
      ...keyed(key),
      rawRequestBody: true,
    }),
  );

export const useCounterOffer = () =>
  useMarketMutation(({ offerId, key, body }: { offerId: string; key: string; body: OfferTerms }) =>
    api.post<Offer>(`/market/offers/${encodeURIComponent(offerId)}/counter`, body, {
      ...keyed(key),
      rawRequestBody: true,
    }),
  );

export type OfferAction = 'accept' | 'decline' | 'withdraw';
export const useOfferAction = () =>
  useMarketMutation(({ offerId, action, key }: { offerId: string; action: OfferAction; key: string }) =>
    api.post<Offer | Deal>(`/market/offers/${encodeURIComponent(offerId)}/${action}`, {}, keyed(key)),
  );

export type DealAction =
  /** A deal on a buy request names the seller's block the credits come from. */
  | { kind: 'confirm-payment'; creditBlockId?: string }
  | { kind: 'complete' }
  | { kind: 'cancel'; reason: string }
  | { kind: 'rating'; stars: number; comment?: string };

export const useDealAction = () =>
  useMarketMutation(({ deal, action, key }: { deal: Deal; action: DealAction; key: string }) => {
    const { kind, ...rest } = action;
    const body = kind === 'rating' ? rest : { ...rest, version: deal.version };
    return api.post<Deal>(`/market/deals/${encodeURIComponent(deal.id)}/${kind}`, body, keyed(key));
  });

export type FacilityRecord = Wire<typeof facilitySchema>;

/** The organization's facilities (with their points) — for a member only; a visitor has none. */
export function useMyFacilities(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['facilities', 'all'],
    queryFn: ({ signal }) =>
      api.get<{ items: FacilityRecord[] }>('/facilities', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
}

export type CreditBlock = Wire<typeof creditBlockSchema>;

/** The credit blocks my organization holds, to list or deliver; asked only when a form needs them. */
export function useHeldBlocks(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: ['credits', 'holdings', 'market', 'held'],
    queryFn: ({ signal }) =>
      api.get<Page<CreditBlock>>('/credits/holdings', { signal, query: { status: 'held', limit: 200 } }),
  });
}
