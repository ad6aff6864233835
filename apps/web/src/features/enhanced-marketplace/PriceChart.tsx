import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Area, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '../../components/charts/palette.ts';
import type { PriceHistory } from './api.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-03' → 'Mar 2026'; '2026-Q1' → 'Q1 2026'. */
export const periodLabel = (p: string) =>
  p.includes('Q')
    ? `${p.slice(5)} ${p.slice(0, 4)}`
    : `${MONTHS[Number(p.slice(5, 7)) - 1]} ${p.slice(0, 4)}`;

/**
 * The weighted average price per period as a line over its min–max band; periods without enough deals
 * leave a gap. A picture for the eye: it is hidden from assistive technology, whose readers get the table.
 */
export function PriceChart({ history }: { history: PriceHistory }) {
  const { ref, width } = useElementSize();
  const data = history.periods.map((p) => ({
    period: periodLabel(p.period),
    average: p.averagePrice === null ? null : Number(p.averagePrice),
    range: p.minPrice === null || p.maxPrice === null ? null : [Number(p.minPrice), Number(p.maxPrice)],
  }));
  const peso = (v: number) => `₱${v.toLocaleString('en-PH', { maximumFractionDigits: 2 })}`;
  return (
    <Box h={300} ref={ref} aria-hidden>
      {width > 0 && (
        <ComposedChart
          width={width}
          height={300}
          data={data}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="period" />
          <YAxis tickFormatter={peso} width={72} />
          <Tooltip
            formatter={(v) =>
              Array.isArray(v) ? v.map((x) => peso(Number(x))).join(' – ') : peso(Number(v))
            }
          />
          <Legend />
          <Area
            dataKey="range"
            name="Lowest – highest"
            fill={chartColor(2)}
            fillOpacity={0.2}
            stroke="none"
            connectNulls={false}
          />
          <Line
            dataKey="average"
            name="Weighted average"
            stroke={chartColor(0)}
            strokeWidth={2}
            connectNulls={false}
          />
        </ComposedChart>
      )}
    </Box>
  );
}
