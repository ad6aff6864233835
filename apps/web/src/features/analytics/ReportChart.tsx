import { Box, Text } from '@mantine/core';
import { type AnalyticsGroup, analyticsPeriodLabel } from '@plastrace/shared';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../components/charts/palette.ts';
import type { View, ViewRow } from './reports.tsx';

// The chart of a tab: a bar per period, one series per key (the largest seven, the rest as "Other"
// when they stack; the eight largest side by side when they do not). Drawn for the eye: the table
// below it has the same numbers, and a bar opens the same records as the table's period does.

const MAX_SERIES = 8;

export type Series = { dataKey: string; label: string; narrow?: ViewRow['narrow'] };

/** The chart's rows (one per period, a number per series) and its series, largest first. */
export function chartData(view: View, group: AnalyticsGroup, stacked: boolean) {
  const size = new Map<string, { row: ViewRow; sum: number }>();
  for (const r of view.rows) {
    if (r.value === null) continue;
    const k = r.key ?? '';
    const entry = size.get(k) ?? { row: r, sum: 0 };
    entry.sum += Math.abs(r.value);
    size.set(k, entry);
  }
  const ranked = [...size.entries()].sort((a, b) => b[1].sum - a[1].sum);
  const crowded = stacked && ranked.length > MAX_SERIES;
  const shown = ranked.slice(0, crowded ? MAX_SERIES - 1 : MAX_SERIES);
  const series: Series[] = shown.map(([, { row }], i) => ({
    dataKey: `s${i}`,
    label: row.label,
    narrow: row.narrow,
  }));
  if (crowded) series.push({ dataKey: 'other', label: 'Other' });
  const seriesOf = new Map(shown.map(([k], i) => [k, `s${i}`]));
  const data = view.periods.map((period) => {
    const point: Record<string, string | number> = { period, name: analyticsPeriodLabel(period, group) };
    for (const r of view.rows) {
      if (r.period !== period || r.value === null) continue;
      const dataKey = seriesOf.get(r.key ?? '') ?? (crowded ? 'other' : undefined);
      if (dataKey) point[dataKey] = ((point[dataKey] as number | undefined) ?? 0) + r.value;
    }
    return point;
  });
  return { data, series, omitted: crowded ? 0 : ranked.length - shown.length };
}

export function ReportChart({
  view,
  group,
  stacked,
  label,
  tick,
  onPick,
}: {
  view: View;
  group: AnalyticsGroup;
  stacked: boolean;
  /** What the chart shows, for screen readers: "Net kg received by month and supplier". */
  label: string;
  tick: (n: number) => string;
  onPick: (period: string, series: Series) => void;
}) {
  const { data, series, omitted } = chartData(view, group, stacked);
  return (
    <Box component="figure" m={0} aria-label={label}>
      <BarChart responsive style={{ width: '100%', height: 320 }} data={data} accessibilityLayer>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" />
        <YAxis tickFormatter={tick} width={90} />
        <Tooltip formatter={(v) => (typeof v === 'number' ? tick(v) : String(v))} />
        <Legend />
        {series.map((s, i) => (
          <Bar
            key={s.dataKey}
            dataKey={s.dataKey}
            name={s.label}
            stackId={stacked ? 'all' : undefined}
            fill={chartColor(i)}
            cursor="pointer"
            onClick={(bar) => {
              const period = (bar.payload as { period?: string } | undefined)?.period;
              if (period) onPick(period, s);
            }}
          />
        ))}
      </BarChart>
      <Text component="figcaption" size="xs" c="dimmed">
        {label}. Choose a bar, or a period in the table, to list its records.
        {omitted > 0 && ` ${omitted} smaller series are left out of the chart; the table lists them.`}
      </Text>
    </Box>
  );
}
