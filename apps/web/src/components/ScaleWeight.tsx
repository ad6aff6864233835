import { Badge, Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { type deviceSchema, formatKg, isScaleKind } from '@plastrace/shared';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Wire } from '../api/caseConvert.ts';
import { api } from '../api/client.ts';
import { useLiveReadings } from '../features/iot-tracking/useLiveReadings.ts';
import type { Page } from '../features/team/api.ts';
import { useCan } from './common/useMe.ts';

// A line's weight from a scale (receive and dispatch forms): the facility's scales, the chosen one's live
// weight, and "Use this weight", which fills the line's kg and remembers the device and the reading the
// server checks (docs/architecture.md "Devices in the records").

export type Device = Wire<typeof deviceSchema>;
type Ref = { id: string; code: string; name: string };

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

/** 12:03:14 in the organization's zone. */
export const readingTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-PH', { timeZone, timeStyle: 'medium', hourCycle: 'h23' }).format(new Date(iso));

/** "Scale: WB-1 · reading 12:03:14", or "Typed by hand", as a record's line shows where its weight came from. */
export function weighedBy(
  line: { device: Ref | null; reading: { id: number; recordedAt: string | null } | null },
  timeZone: string,
) {
  if (!line.device) return 'Typed by hand';
  const at = line.reading?.recordedAt
    ? `reading ${readingTime(line.reading.recordedAt, timeZone)}`
    : `reading #${line.reading?.id ?? '—'}`;
  return `Scale: ${line.device.code} · ${at}`;
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
  const live = useLiveReadings(scale?.id ?? null);
  const latest = live.latest?.kind === 'weight' && live.latest.value !== null ? live.latest : null;
  const usable = latest !== null && latest.stable === true && live.status !== 'offline';
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
              : latest && !latest.stable
                ? 'Wait for a stable weight'
                : latest
                  ? `Read ${readingTime(latest.recordedAt, timeZone)}`
                  : 'No weight from the scale yet'}
          {' · '}
          {used ? `This line: ${used.code}, reading #${readingId}` : 'This line: typed by hand'}
        </Text>
      </Stack>
    </Paper>
  );
}

type WeighedLine = Parameters<typeof weighedBy>[0] & { scaleCalibrationOverdue?: boolean };

/** Under a record's line: where its weight came from, and a warning when the scale was out of calibration. */
export function WeighedBy({ line, timeZone }: { line: WeighedLine; timeZone: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {weighedBy(line, timeZone)}
      </Text>
      {line.scaleCalibrationOverdue && <CalibrationOverdueBadge />}
    </Group>
  );
}

export const CalibrationOverdueBadge = () => (
  <Badge
    color="orange"
    variant="light"
    size="xs"
    title="The scale’s calibration had lapsed on the record’s day"
  >
    Calibration overdue
  </Badge>
);
