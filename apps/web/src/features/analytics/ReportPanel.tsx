import { Stack, Text } from '@mantine/core';
import { ANALYTICS_GROUP_LABELS, type AnalyticsGroup, analyticsPeriodLabel } from '@plastrace/shared';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { type Bar, type ReportName, type ReportParams, useReport } from './api.ts';
import { ReportChart } from './ReportChart.tsx';
import { ReportTable } from './ReportTable.tsx';
import type { ReportSpec, ViewRow } from './reports.tsx';

/** One tab's figures once loaded: the chart, its note and the table with the same numbers. */
export function ReportPanel<R extends ReportName>({
  spec,
  params,
  enabled,
  onPick,
}: {
  spec: ReportSpec<R>;
  params: ReportParams;
  /** False while the range is one the server would refuse (the filter bar says why). */
  enabled: boolean;
  onPick: (bar: Bar) => void;
}) {
  const report = useReport(spec.name, params, enabled);
  if (!enabled) return null;
  if (report.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading the {spec.label.toLowerCase()} figures…
      </Text>
    );
  if (report.isError)
    return (
      <QueryError
        error={report.error}
        what={`The ${spec.label.toLowerCase()} figures`}
        onRetry={() => report.refetch()}
        retrying={report.isFetching}
      />
    );
  const group = params.group as AnalyticsGroup;
  const by = params.by ?? 'period';
  const view = spec.view(report.data, by);
  if (view.rows.length === 0)
    return (
      <EmptyState title="Nothing in this range">{spec.empty} Widen the range or clear a filter.</EmptyState>
    );

  const split = spec.by.length === 0 || by !== 'period';
  const keyHeader = split ? spec.keyHeader(by) : null;
  const what = `${spec.chart.what} by ${ANALYTICS_GROUP_LABELS[group].toLowerCase()}${keyHeader ? ` and ${keyHeader.toLowerCase()}` : ''}`;
  const pick = (period: string, label: string | null, narrow: ViewRow['narrow']) =>
    onPick({
      measure: spec.measure,
      periodStart: period,
      title: `${analyticsPeriodLabel(period, group)}${label ? ` · ${label}` : ''}`,
      ...(narrow ?? {}),
    });
  return (
    <Stack gap="md">
      {report.isPlaceholderData && (
        <Text size="sm" c="dimmed" role="status">
          Loading…
        </Text>
      )}
      <ReportChart
        view={view}
        group={group}
        stacked={spec.chart.stacked}
        label={what}
        tick={spec.chart.tick}
        onPick={(period, s) => pick(period, s.narrow ? s.label : null, s.narrow)}
      />
      {view.note}
      <ReportTable
        view={view}
        group={group}
        label={what}
        keyHeader={keyHeader}
        onPick={(r) => pick(r.period, keyHeader ? r.label : null, r.narrow)}
      />
    </Stack>
  );
}
