import { API_BASE_PATH, type healthSchema, type readySchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import { camelKeys, type Wire } from '../../../api/caseConvert.ts';

export const STATUS_REFRESH_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

export type Health = Wire<typeof healthSchema>;
export type Ready = Wire<typeof readySchema>;

/** One answer of a probe: `httpStatus` null means no answer at all (network down, timeout). */
export interface Probe<T> {
  httpStatus: number | null;
  body: T | null;
  ms: number;
}

export interface StatusSnapshot {
  health: Probe<Health>;
  ready: Probe<Ready>;
  checkedAt: Date;
}

/**
 * Plain fetch rather than the API client: a 503 from /api/ready is an answer whose body says what is
 * wrong, where the client would turn it into an error and drop the body.
 */
async function probe<T>(path: string, signal: AbortSignal): Promise<Probe<T>> {
  const started = performance.now();
  try {
    const res = await fetch(`${API_BASE_PATH}${path}`, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]),
    });
    const body = camelKeys(await res.json().catch(() => null)) as T | null;
    return { httpStatus: res.status, body, ms: Math.round(performance.now() - started) };
  } catch (error) {
    if (signal.aborted) throw error;
    return { httpStatus: null, body: null, ms: Math.round(performance.now() - started) };
  }
}

/** Both probes together, every 30 s while the page is visible (TanStack Query pauses when hidden). */
export function useSystemStatus() {
  return useQuery({
    queryKey: ['system-status'],
    queryFn: async ({ signal }): Promise<StatusSnapshot> => {
      const [health, ready] = await Promise.all([
        probe<Health>('/health', signal),
        probe<Ready>('/ready', signal),
      ]);
      return { health, ready, checkedAt: new Date() };
    },
    refetchInterval: STATUS_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    gcTime: 0,
  });
}

export type Overall = 'operational' | 'degraded' | 'unreachable';

export function overallOf(s: StatusSnapshot): Overall {
  const apiUp = s.health.httpStatus === 200 && s.health.body?.status === 'ok';
  if (!apiUp) return 'unreachable';
  return s.ready.httpStatus === 200 && s.ready.body?.status === 'ready' ? 'operational' : 'degraded';
}
