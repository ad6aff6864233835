import { Table, VisuallyHidden } from '@mantine/core';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartColor } from '../../components/charts/palette.ts';
import type { Forecast } from './api.ts';
import { figure, weekLabel, weekTick } from './labels.ts';

type Point = { week: string; history?: number | null; forecast?: number; band?: [number, number] };

/** History and forecast on one time line; the forecast starts from the last week known, so the lines meet. */
function points(f: Forecast): Point[] {
  const rows: Point[] = f.history.map((h) => ({
    week: h.week,
    history: h.value === null ? null : Number(h.value),
  }));
  const last = rows.at(-1);
  if (last && f.forecast.length && last.history != null) {
    last.forecast = last.history;
    last.band = [last.history, last.history];
  }
  for (const p of f.forecast)
    rows.push({ week: p.week, forecast: Number(p.value), band: [Number(p.low), Number(p.high)] });
  return rows;
}

/**
 * The weekly history, the forecast and its shaded 95 % band. A picture for sighted readers: screen readers
 * get the history as a table here, and the forecast's figures in the page's table below.
 */
export function ForecastChart({ forecast }: { forecast: Forecast }) {
  const data = points(forecast);
  const unit = forecast.unit;
  const axis = (v: number) =>
    unit === 'kg'
      ? `${(v / 1000).toLocaleString('en-PH', { maximumFractionDigits: 1 })} t`
      : `₱${v.toLocaleString('en-PH', { maximumFractionDigits: 2 })}`;
  return (
    <>
      <div aria-hidden="true" style={{ width: '100%', height: 300 }}>
        <ResponsiveContainer>
          <ComposedChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="week" tickFormatter={weekTick} tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis tickFormatter={axis} tick={{ fontSize: 12 }} width={64} />
            <Tooltip
              labelFormatter={(week) => `Week of ${weekLabel(String(week))}`}
              formatter={(value, name) =>
                Array.isArray(value)
                  ? [`${figure(unit, String(value[0]))} – ${figure(unit, String(value[1]))}`, name]
                  : [figure(unit, Number(value).toFixed(unit === 'kg' ? 3 : 2)), name]
              }
            />
            <Legend />
            <Area
              dataKey="band"
              name="95 % band"
              stroke="none"
              fill={chartColor(1)}
              fillOpacity={0.2}
              isAnimationActive={false}
            />
            <Line
              dataKey="history"
              name="Actual"
              stroke={chartColor(0)}
              strokeWidth={2}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
            <Line
              dataKey="forecast"
              name="Forecast"
              stroke={chartColor(1)}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <VisuallyHidden>
        <Table>
          <caption>Weekly history</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th>{unit === 'kg' ? 'Received' : 'Average price paid'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forecast.history.map((h) => (
              <Table.Tr key={h.week}>
                <Table.Td>{weekLabel(h.week)}</Table.Td>
                <Table.Td>{h.value === null ? 'no deliveries' : figure(unit, h.value)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
