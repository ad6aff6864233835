import type { TraceDirection, traceSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { ApiError, api } from '../../api/client.ts';

// GET /api/trace/…: a lot's lineage (docs/architecture.md, "Traceability"). The answer is the shared
// `traceSchema` as the API client hands it over: keys camelCased, figures as exact decimal strings.

export type Trace = Wire<typeof traceSchema>;
export type TraceLot = Trace['lots'][number];
export type TraceEdge = Trace['edges'][number];
export type TraceOrigin = Trace['origins'][number];
export type TraceDestination = Trace['destinations'][number];
export type TraceSupplierShare = Trace['suppliers'][number];
export type TraceCustomerShare = Trace['customers'][number];
export type { TraceDirection };

export interface TraceRequest {
  /** What was typed or scanned: a lot code, or the id of a lot or a record. */
  q: string;
  direction: TraceDirection;
  depth: number;
}

export const traceKey = ['trace'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value.trim());

const is404 = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * An id is tried as a lot's first, then as a record's (a delivery, a production run, a dispatch: their
 * lots are the start); anything else is a lot code as printed on its label.
 */
export async function fetchTrace(
  { q, direction, depth }: TraceRequest,
  signal?: AbortSignal,
): Promise<Trace> {
  const text = q.trim();
  const query = { direction, depth };
  if (!isUuid(text)) return api.get<Trace>(`/trace/codes/${encodeURIComponent(text)}`, { signal, query });
  const id = encodeURIComponent(text.toLowerCase());
  try {
    return await api.get<Trace>(`/trace/lots/${id}`, { signal, query });
  } catch (error) {
    if (!is404(error)) throw error;
    return api.get<Trace>(`/trace/records/${id}`, { signal, query });
  }
}

/**
 * The trace the page's address names. Changing the direction or the depth of the same search keeps the
 * last answer on screen while the new one loads; a new search starts blank.
 */
export function useTrace(request: TraceRequest) {
  const q = request.q.trim();
  return useQuery({
    enabled: q !== '',
    queryKey: [...traceKey, q.toLowerCase(), request.direction, request.depth],
    queryFn: ({ signal }) => fetchTrace(request, signal),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === q.toLowerCase() ? previous : undefined,
  });
}
