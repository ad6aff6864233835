import type { debugSchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// GET /api/debug: the admin tools (docs/architecture.md, "Who may do what": debug.read, administrators).

export type Debug = Wire<typeof debugSchema>;
export type DebugSetting = NonNullable<Debug['configuration']>[number];

export const debugKey = ['debug'] as const;

/** Read when the page opens and on Refresh only: the figures are a snapshot, not a live feed. */
export function useDebug() {
  return useQuery({
    queryKey: debugKey,
    queryFn: ({ signal }) => api.get<Debug>('/debug', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
