import type {
  AnalyticsGroup,
  AnalyticsMeasure,
  analyticsIntakeSchema,
  analyticsPricesSchema,
  analyticsProductionSchema,
  analyticsRecordsSchema,
  analyticsSalesSchema,
} from '@plastrace/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// /api/analytics (docs/architecture.md "Insight: analytics"): figures per period × key from the daily
// facts, and the records behind a bar.

export type Intake = Wire<typeof analyticsIntakeSchema>;
export type Prices = Wire<typeof analyticsPricesSchema>;
export type Production = Wire<typeof analyticsProductionSchema>;
export type Sales = Wire<typeof analyticsSalesSchema>;
export type RecordsPage = Wire<typeof analyticsRecordsSchema>;
export type AnalyticsRecord = RecordsPage['items'][number];

export type ReportName = 'intake' | 'prices' | 'production' | 'sales';
export type Answers = { intake: Intake; prices: Prices; production: Production; sales: Sales };

/** What every report is asked with; blank filters are left out of the URL. */
export type ReportParams = {
  from: string;
  to: string;
  group: AnalyticsGroup;
  facilityId?: string;
  materialId?: string;
  by?: string;
};

/** A report's figures; the figures shown stay while other filters load. */
export function useReport<R extends ReportName>(report: R, params: ReportParams, enabled = true) {
  return useQuery({
    queryKey: ['analytics', report, params],
    queryFn: ({ signal }) => api.get<Answers[R]>(`/analytics/${report}`, { signal, query: params }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The bar a drill-down opens: its period, and the key of the row or segment when it is one. */
export type Bar = {
  measure: AnalyticsMeasure;
  periodStart: string;
  /** What the drawer's title names: "Oct 2026 · Green Junkshop". */
  title: string;
  by?: string;
  key?: string;
};

export const RECORDS_PAGE_SIZE = 50;

export function useBarRecords(bar: Bar | null, params: ReportParams) {
  const { by: _by, ...filters } = params;
  return useInfiniteQuery({
    queryKey: ['analytics', 'records', bar, filters],
    queryFn: ({ pageParam, signal }) =>
      api.get<RecordsPage>('/analytics/records', {
        signal,
        query: {
          ...filters,
          measure: bar?.measure,
          periodStart: bar?.periodStart,
          by: bar?.by,
          key: bar?.key,
          limit: RECORDS_PAGE_SIZE,
          cursor: pageParam,
        },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: bar !== null,
  });
}
