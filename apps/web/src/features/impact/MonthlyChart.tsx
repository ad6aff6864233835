import { Box, Table, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { formatKg } from '@plastrace/shared';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../components/charts/palette.ts';
import type { ImpactMonth } from './api.ts';
import { formatCo2e } from './figures.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03' → 'Mar 2026'. */
export const monthLabel = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

const SERIES = [
  { key: 'collected', name: 'Collected (kg)', color: chartColor(0) },
  { key: 'diverted', name: 'Diverted (kg)', color: chartColor(1) },
  { key: 'co2e', name: 'CO2e avoided, net (kg)', color: chartColor(2) },
] as const;

/**
 * Collected and diverted kilograms (bars) and the net CO2e avoided (line) month by month. The chart is for
 * the eye; the table under it says the same in words, exactly.
 */
export function MonthlyChart({ months }: { months: ImpactMonth[] }) {
  // Drawn once the box has a width (never in a layout-less test DOM, where the table still speaks).
  const { ref, width } = useElementSize();
  // Charts draw numbers; the table beside them keeps the exact figures.
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    collected: Number(m.collectedKg),
    diverted: Number(m.divertedKg),
    co2e: Number(m.kgCo2eAvoided),
  }));
  return (
    <>
      <Box h={300} ref={ref} aria-hidden>
        {width > 0 && (
          <ComposedChart
            width={width}
            height={300}
            data={data}
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            // The picture is hidden from assistive technology (its table twin is read): nothing in it takes focus.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="month" />
            <YAxis yAxisId="kg" />
            <YAxis yAxisId="co2e" orientation="right" />
            <Tooltip />
            <Legend />
            {SERIES.slice(0, 2).map((s) => (
              <Bar key={s.key} yAxisId="kg" dataKey={s.key} name={s.name} fill={s.color} />
            ))}
            <Line
              yAxisId="co2e"
              dataKey="co2e"
              name={SERIES[2].name}
              stroke={SERIES[2].color}
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        )}
      </Box>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} fz="sm" aria-label="Month by month">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th ta="right">Collected</Table.Th>
              <Table.Th ta="right">Diverted</Table.Th>
              <Table.Th ta="right">Recycled</Table.Th>
              <Table.Th ta="right">CO2e avoided (net)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{monthLabel(m.month)}</Table.Td>
                <Table.Td ta="right">{formatKg(m.collectedKg)}</Table.Td>
                <Table.Td ta="right">{formatKg(m.divertedKg)}</Table.Td>
                <Table.Td ta="right">{formatKg(m.recycledKg)}</Table.Td>
                <Table.Td ta="right">{formatCo2e(m.kgCo2eAvoided)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {months.length === 0 && (
        <Text size="sm" c="dimmed">
          No months in this range.
        </Text>
      )}
    </>
  );
}
