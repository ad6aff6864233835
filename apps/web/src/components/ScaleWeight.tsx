import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { type deviceSchema, formatKg, isScaleKind } from '@plastrace/shared';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { Wire } from '../api/caseConvert.ts';
import { api } from '../api/client.ts';
import { type LiveReadings, useLiveReadings } from '../features/iot-tracking/useLiveReadings.ts';
import type { Page } from '../features/team/api.ts';
import { formatClock } from './common/format.ts';
import { useCan } from './common/useMe.ts';

// A line's weight from a scale (receive and dispatch forms): the facility's scales, the chosen one's live
// weight, and "Use this weight", which fills the line's kg and remembers the device and the reading the
// server checks (docs/architecture.md "Devices in the records").

export type Device = Wire<typeof deviceSchema>;

/** The facility's scales, not archived; none when the member may not see devices. */
export function useFacilityScales(facilityId: string | null | undefined) {
  const mayRead = useCan('devices.read');
  const query = useQuery({
    queryKey: ['devices', 'scales', facilityId],
    queryFn: ({ signal }) => api.get<Page<Device>>('/devices', { signal, query: { facilityId, limit: 100 } }),
    enabled: Boolean(facilityId) && mayRead,
    staleTime: 60_000,
  });
  return (query.data?.items ?? []).filter((d) => isScaleKind(d.kind) && !d.archivedAt);
}

/** How old a reading may be and still be taken: the server refuses one further from the record's time. */
export const WEIGHING_MAX_AGE_MS = 30 * 60_000;

// One live stream per scale for the whole form: each line's panel asks the form's ScaleStreams for its
// chosen scale's readings rather than opening its own (a browser keeps ~6 connections per origin over
// HTTP/1.1: six lines each streaming would leave the form's saves waiting).
type Streams = {
  want: (deviceId: string) => () => void;
  live: Record<string, LiveReadings>;
};
const StreamsContext = createContext<Streams | null>(null);

function Stream({
  deviceId,
  onState,
}: {
  deviceId: string;
  onState: (id: string, s: LiveReadings | null) => void;
}) {
  const live = useLiveReadings(deviceId);
  useEffect(() => onState(deviceId, live), [deviceId, live, onState]);
  useEffect(() => () => onState(deviceId, null), [deviceId, onState]);
  return null;
}

/** The map with `key` set to `value`, or without it for null; the same map when nothing changes. */
function put<T>(map: Record<string, T>, key: string, value: T | null): Record<string, T> {
  if (value !== null) return map[key] === value ? map : { ...map, [key]: value };
  return key in map ? Object.fromEntries(Object.entries(map).filter(([k]) => k !== key)) : map;
}

/** Around a form's lines: one stream per scale any line has chosen, shared by those lines. */
export function ScaleStreams({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState<Record<string, number>>({});
  const [live, setLive] = useState<Record<string, LiveReadings>>({});
  const want = useCallback((deviceId: string) => {
    setWanted((w) => ({ ...w, [deviceId]: (w[deviceId] ?? 0) + 1 }));
    return () => setWanted((w) => put(w, deviceId, (w[deviceId] ?? 1) > 1 ? (w[deviceId] ?? 1) - 1 : null));
  }, []);
  const onState = useCallback(
    (deviceId: string, state: LiveReadings | null) => setLive((l) => put(l, deviceId, state)),
    [],
  );
  const value = useMemo(() => ({ want, live }), [want, live]);
  return (
    <StreamsContext.Provider value={value}>
      {Object.keys(wanted).map((id) => (
        <Stream key={id} deviceId={id} onState={onState} />
      ))}
      {children}
    </StreamsContext.Provider>
  );
}

/** A scale's live readings: the form's shared stream, or (outside a ScaleStreams) its own. */
function useScaleReadings(deviceId: string | null): LiveReadings {
  const streams = useContext(StreamsContext);
  const own = useLiveReadings(streams ? null : deviceId);
  const want = streams?.want;
  useEffect(() => (want && deviceId ? want(deviceId) : undefined), [want, deviceId]);
  if (!streams) return own;
  return (
    (deviceId ? streams.live[deviceId] : undefined) ?? {
      latest: null,
      readings: [],
      status: deviceId ? 'connecting' : 'offline',
    }
  );
}

/** The current time, again every `everyMs`: a reading turns too old with no new event. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A number of kilograms as a line takes it: to the gram, without trailing zeros. */
const kgText = (value: number) => String(Number(value.toFixed(3)));

export interface ScaleWeightProps {
  scales: Device[];
  /** The scale and reading the line's weight came from; null when typed by hand. */
  deviceId: string | null;
  readingId: number | null;
  timeZone: string;
  /** `label`: which line, for screen readers ("Line 2"). */
  label: string;
  onUse: (weight: { deviceId: string; readingId: number; kg: string }) => void;
}

/** The chosen scale's live weight and the button that takes it; only shown where the facility has scales. */
export function ScaleWeight({ scales, deviceId, readingId, timeZone, label, onUse }: ScaleWeightProps) {
  const [chosen, setChosen] = useState<string>(deviceId ?? scales[0]?.id ?? '');
  const scale = scales.find((s) => s.id === chosen) ?? null;
  const live = useScaleReadings(scale?.id ?? null);
  const now = useNow(15_000);
  const latest = live.latest?.kind === 'weight' && live.latest.value !== null ? live.latest : null;
  const tooOld = latest !== null && now - Date.parse(latest.recordedAt) > WEIGHING_MAX_AGE_MS;
  const usable = latest !== null && latest.stable === true && !tooOld && live.status !== 'offline';
  const used = deviceId && readingId ? scales.find((s) => s.id === deviceId) : undefined;

  return (
    <Paper withBorder p="xs" radius="md" bg="var(--mantine-color-default-hover)">
      <Stack gap={6}>
        <NativeSelect
          label="Scale"
          aria-label={`${label}: scale`}
          value={chosen}
          onChange={(e) => setChosen(e.currentTarget.value)}
          data={scales.map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }))}
        />
        <Group justify="space-between" wrap="wrap" gap="xs" aria-live="polite">
          <Group gap="xs" align="baseline">
            <IconScale size={20} aria-hidden />
            <Text fz={28} fw={700} ff="monospace" data-testid="scale-weight">
              {latest ? formatKg(kgText(latest.value ?? 0)) : '— kg'}
            </Text>
            {latest && live.status !== 'offline' && (
              <Badge color={latest.stable ? 'green' : 'yellow'} variant="light">
                {latest.stable ? 'Stable' : 'Moving'}
              </Badge>
            )}
          </Group>
          <Button
            size="md"
            w={{ base: '100%', xs: 'auto' }}
            disabled={!usable}
            onClick={() => {
              if (!scale || !latest) return;
              onUse({ deviceId: scale.id, readingId: latest.id, kg: kgText(latest.value ?? 0) });
            }}
          >
            Use this weight
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {live.status === 'offline'
            ? `${scale?.code ?? 'The scale'} is offline: type the weight by hand`
            : live.status === 'connecting'
              ? 'Connecting to the scale…'
              : latest && tooOld
                ? `The last weight is from ${formatClock(latest.recordedAt, timeZone, false)}: weigh again`
                : latest && !latest.stable
                  ? 'Wait for a stable weight'
                  : latest
                    ? `Read ${formatClock(latest.recordedAt, timeZone)}`
                    : 'No weight from the scale yet'}
          {' · '}
          {used ? `This line: ${used.code}, reading #${readingId}` : 'This line: typed by hand'}
        </Text>
      </Stack>
    </Paper>
  );
}
