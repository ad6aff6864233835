import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { type Camelize, READING_UNITS, type ReadingKind, type ReadingSeries } from '@plastrace/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { SvgAxes, type SvgFrame } from '../../components/charts/SvgAxes.tsx';
import { todayIn } from '../../components/common/datetime.ts';
import { formatClock, formatDateTime } from '../../components/common/format.ts';
import { type LiveReading, useLiveReadings } from './useLiveReadings.ts';

/** Points the chart draws at most: the hour's buckets and the live tail after them. */
export const CHART_POINTS = 300;
const W = 600;
const H = 180;
const PAD = { left: 56, right: 12, top: 12, bottom: 24 };
const FRAME: SvgFrame = { width: W, height: H, pad: PAD };

export type ChartPoint = { at: number; value: number };

/** The hour's buckets (their last value), then the live readings of the same kind that came after them. */
export function chartPoints(series: Camelize<ReadingSeries> | undefined, live: LiveReading[]): ChartPoint[] {
  const fromSeries = (series?.points ?? []).flatMap((p) => {
    const value = p.last ?? p.avg;
    return value === null ? [] : [{ at: Date.parse(p.t), value }];
  });
  const after = series ? Date.parse(series.to) : Number.NEGATIVE_INFINITY;
  const kind = series?.kind;
  const fromLive = live.flatMap((r) =>
    r.value !== null && (!kind || r.kind === kind) && Date.parse(r.recordedAt) >= after
      ? [{ at: Date.parse(r.recordedAt), value: r.value }]
      : [],
  );
  return [...fromSeries, ...fromLive].slice(-CHART_POINTS);
}

const timeLabel = (ms: number, timeZone: string) => formatClock(new Date(ms).toISOString(), timeZone, false);
const NUMBER = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 2 });
const number = (v: number) => NUMBER.format(v);

/** A reading's time in the organization's zone: the clock today, else the day and time. */
function readAt(iso: string, timeZone: string) {
  const at = new Date(iso);
  const today = !Number.isNaN(at.getTime()) && todayIn(timeZone, at) === todayIn(timeZone);
  return today ? formatClock(iso, timeZone) : formatDateTime(iso, timeZone);
}

function LineChart({ points, unit, timeZone }: { points: ChartPoint[]; unit: string; timeZone: string }) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const values = points.map((p) => p.value);
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi === lo) [lo, hi] = [lo - 1, hi + 1];
  const span = Math.max(1, last.at - first.at);
  const x = (at: number) => PAD.left + ((at - first.at) / span) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const ticks = [0, 1 / 3, 2 / 3, 1].map((f) => first.at + f * span);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={`Readings from ${timeLabel(first.at, timeZone)} to ${timeLabel(last.at, timeZone)}, ${number(lo)} to ${number(hi)} ${unit}`}
    >
      <SvgAxes frame={FRAME} high={number(hi)} low={number(lo)} />
      {ticks.map((t, i) => (
        <text
          key={t}
          x={x(t)}
          y={H - 6}
          fontSize={11}
          fill="currentColor"
          textAnchor={i === 0 ? 'start' : i === 3 ? 'end' : 'middle'}
        >
          {timeLabel(t, timeZone)}
        </text>
      ))}
      <polyline
        fill="none"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth={2}
        points={points.map((p) => `${x(p.at).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ')}
      />
    </svg>
  );
}

const STATUS = {
  live: { color: 'green', label: 'Live' },
  connecting: { color: 'gray', label: 'Connecting…' },
  offline: { color: 'red', label: 'Offline' },
} as const;

function Latest({ reading, timeZone }: { reading: LiveReading | null; timeZone: string }) {
  if (!reading) return <Text c="dimmed">No reading yet</Text>;
  const at = readAt(reading.recordedAt, timeZone);
  if (reading.kind === 'position')
    return (
      <Stack gap={0}>
        <Text fz={24} fw={700} ff="monospace" data-testid="latest-reading">
          {reading.latitude?.toFixed(5)}, {reading.longitude?.toFixed(5)}
        </Text>
        <Text size="xs" c="dimmed">
          {reading.value !== null ? `${number(reading.value)} km/h · ` : ''}
          {at}
        </Text>
      </Stack>
    );
  const unit = reading.unit ?? READING_UNITS[reading.kind as ReadingKind] ?? '';
  return (
    <Stack gap={0}>
      <Group gap="xs" align="baseline">
        <Text fz={28} fw={700} ff="monospace" data-testid="latest-reading">
          {reading.value === null ? '—' : number(reading.value)} {unit}
        </Text>
        {reading.stable !== null && (
          <Badge color={reading.stable ? 'green' : 'yellow'} variant="light">
            {reading.stable ? 'Stable' : 'Moving'}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {reading.kind} · {at}
      </Text>
    </Stack>
  );
}

/** A device's last hour as a line, then its readings as they arrive; the latest one large. */
export function DeviceLiveChart({ deviceId, timeZone }: { deviceId: string; timeZone: string }) {
  const series = useQuery({
    queryKey: ['devices', 'series', deviceId],
    queryFn: ({ signal }) =>
      api.get<Camelize<ReadingSeries>>(`/devices/${deviceId}/readings/series`, {
        signal,
        query: { buckets: 120 },
      }),
  });
  const live = useLiveReadings(deviceId);
  const points = chartPoints(series.data, live.readings);
  const status = STATUS[live.status];
  const unit = series.data?.unit ?? live.latest?.unit ?? '';
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Latest reading={live.latest} timeZone={timeZone} />
          <Badge color={status.color} variant="dot">
            {status.label}
          </Badge>
        </Group>
        {points.length > 1 ? (
          <LineChart points={points} unit={unit} timeZone={timeZone} />
        ) : (
          <Text size="sm" c="dimmed">
            {series.isPending ? 'Loading the last hour…' : 'No readings in the last hour'}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
