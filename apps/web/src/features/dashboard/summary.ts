import type { dashboardSummarySchema } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

export type DashboardSummary = Wire<typeof dashboardSummarySchema>;

/** Invalidated by anything that changes the team or the log, so the dashboard is never stale. */
export const dashboardSummaryKey = ['dashboard', 'summary'] as const;

export function useDashboardSummary() {
  return useQuery({
    queryKey: dashboardSummaryKey,
    queryFn: ({ signal }) => api.get<DashboardSummary>('/dashboard/summary', { signal }),
  });
}
