import type {
  TripStatus,
  tripCreateSchema,
  tripDetailSchema,
  tripSchema,
  vehiclePositionSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import type { Page } from '../team/api.ts';

export type Trip = Wire<typeof tripSchema>;
export type TripDetail = Wire<typeof tripDetailSchema>;
export type TripStop = TripDetail['stops'][number];
/** What the form sends: the wire's own body (snake_case keys pass the client's conversion unchanged). */
export type TripInput = z.output<typeof tripCreateSchema>;

export const TRIP_PAGE_SIZE = 30;
export const tripsKey = ['trips'] as const;

export interface TripQuery {
  status?: TripStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

export function useTrips(query: TripQuery, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...tripsKey, 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Trip>>('/trips', {
        signal,
        query: { ...query, limit: TRIP_PAGE_SIZE, cursor: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useTrip(id: string) {
  return useQuery({
    queryKey: [...tripsKey, 'one', id],
    queryFn: ({ signal }) => api.get<TripDetail>(`/trips/${encodeURIComponent(id)}`, { signal }),
  });
}

/** After a write: the trip as answered, and every list (a trip changed column). */
function useSettled() {
  const queryClient = useQueryClient();
  return (trip: TripDetail) => {
    queryClient.setQueryData([...tripsKey, 'one', trip.id], trip);
    void queryClient.invalidateQueries({ queryKey: [...tripsKey, 'list'] });
  };
}

export function useCreateTrip() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: TripInput; idempotencyKey: string }) =>
      api.post<TripDetail>('/trips', input, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: settled,
  });
}

/** A move of a trip: start, a stop reached or left, completion, cancelling. */
export type TripMove =
  | { kind: 'start' }
  | { kind: 'arrive' | 'depart'; stopId: string }
  | { kind: 'complete'; distanceKm?: string | undefined }
  | { kind: 'cancel'; reason: string };

const pathOf = (id: string, move: TripMove) =>
  move.kind === 'arrive' || move.kind === 'depart'
    ? `/trips/${id}/stops/${move.stopId}/${move.kind}`
    : `/trips/${id}/${move.kind}`;

/** Sends a move with the version the page read, so a trip someone else moved on is refused (409). */
export function useMoveTrip(trip: Pick<TripDetail, 'id' | 'version'>) {
  const settled = useSettled();
  return useMutation({
    mutationFn: (move: TripMove) => {
      const body =
        move.kind === 'complete'
          ? { distance_km: move.distanceKm, version: trip.version }
          : move.kind === 'cancel'
            ? { reason: move.reason, version: trip.version }
            : move.kind === 'start'
              ? { version: trip.version }
              : {};
      return api.post<TripDetail>(pathOf(trip.id, move), body);
    },
    onSuccess: settled,
  });
}

export type VehiclePosition = Wire<typeof vehiclePositionSchema>;
/** Trackers report every few seconds to minutes: the live panel asks again this often. */
export const POSITIONS_REFRESH_MS = 15_000;

/** Where each vehicle with a GPS tracker is now (GET /api/logistics/positions), refreshed while shown. */
export function usePositions() {
  return useQuery({
    queryKey: [...tripsKey, 'positions'],
    queryFn: ({ signal }) => api.get<{ items: VehiclePosition[] }>('/logistics/positions', { signal }),
    refetchInterval: POSITIONS_REFRESH_MS,
  });
}
