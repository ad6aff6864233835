import { Table, Text, VisuallyHidden } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../components/charts/palette.ts';
import { dateTimeFormat } from '../../components/common/format.ts';
import type { DashboardSummary } from './summary.ts';

type Trend = NonNullable<DashboardSummary['operations']>['trend'];

const SERIES = [
  { key: 'receivedKg', label: 'Received' },
  { key: 'producedKg', label: 'Produced' },
  { key: 'dispatchedKg', label: 'Dispatched' },
] as const;

const monthLabel = (month: string) =>
  dateTimeFormat('en-PH', { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const tonnes = (kg: number) => `${(kg / 1000).toLocaleString('en-PH', { maximumFractionDigits: 1 })} t`;

/**
 * Twelve months of received, produced and dispatched kg. The chart is a picture for sighted readers; the
 * same figures are a table for screen readers (and for whoever wants the exact grams).
 */
export function TrendChart({ trend }: { trend: Trend }) {
  const data = trend.map((t) => ({
    month: monthLabel(t.month),
    receivedKg: Number(t.receivedKg),
    producedKg: Number(t.producedKg),
    dispatchedKg: Number(t.dispatchedKg),
  }));
  const empty = data.every((d) => d.receivedKg === 0 && d.producedKg === 0 && d.dispatchedKg === 0);
  if (empty)
    return (
      <Text c="dimmed" size="sm">
        Nothing received, produced or dispatched in the last twelve months yet.
      </Text>
    );
  return (
    <>
      <div aria-hidden="true" style={{ width: '100%', height: 260 }}>
        <ResponsiveContainer>
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" tick={{ fontSize: 12 }} />
            <YAxis tickFormatter={tonnes} tick={{ fontSize: 12 }} width={64} />
            <Tooltip formatter={(value) => formatKg(Number(value).toFixed(3))} />
            <Legend />
            {SERIES.map((s, i) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={chartColor(i)} />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Received, produced and dispatched by month</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              {SERIES.map((s) => (
                <Table.Th key={s.key}>{s.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trend.map((t) => (
              <Table.Tr key={t.month}>
                <Table.Td>{t.month}</Table.Td>
                {SERIES.map((s) => (
                  <Table.Td key={s.key}>{formatKg(t[s.key])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
