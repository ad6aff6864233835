import {
  TRACE_DEFAULT_DEPTH,
  TRACE_DIRECTIONS,
  TRACE_MAX_DEPTH,
  type TraceDirection,
} from '@plastrace/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { oneOf } from '../../components/common/useUrlFilters.ts';

// The trace lives in the address (?q=…&direction=…&depth=…), so it can be bookmarked and shared. A new
// search is a new history entry (Back returns to the previous trace); a changed direction or depth
// replaces the current one. Defaults are left out of the address, and a value the API would refuse
// (a typed-in URL) reads as the default.

const isDirection = oneOf(TRACE_DIRECTIONS);
export const isDepth = (value: number) => Number.isInteger(value) && value >= 1 && value <= TRACE_MAX_DEPTH;

export interface TraceParams {
  q: string;
  direction: TraceDirection;
  depth: number;
}

export function readTraceParams(params: URLSearchParams): TraceParams {
  const direction = params.get('direction') ?? '';
  const depth = Number(params.get('depth') ?? '');
  return {
    q: params.get('q')?.trim() ?? '',
    direction: isDirection(direction) ? (direction as TraceDirection) : 'both',
    depth: isDepth(depth) ? depth : TRACE_DEFAULT_DEPTH,
  };
}

export function traceSearch({ q, direction, depth }: TraceParams): URLSearchParams {
  const next = new URLSearchParams();
  if (q.trim()) next.set('q', q.trim());
  if (direction !== 'both') next.set('direction', direction);
  if (depth !== TRACE_DEFAULT_DEPTH) next.set('depth', String(depth));
  return next;
}

export function useTraceParams() {
  const [params, setParams] = useSearchParams();
  const current = readTraceParams(params);
  const key = params.toString();
  const update = useCallback(
    (patch: Partial<TraceParams>) => {
      const now = readTraceParams(new URLSearchParams(key));
      const next = { ...now, ...patch };
      const newSearch = patch.q !== undefined && patch.q.trim() !== now.q;
      setParams(traceSearch(next), { replace: !newSearch, preventScrollReset: true });
    },
    [key, setParams],
  );
  return { ...current, update };
}
