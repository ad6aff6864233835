import { Button, Group, Text } from '@mantine/core';
import type { meterEnergySchema } from '@plastrace/shared';
import { IconBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { fromLocalInput } from '../../components/common/datetime.ts';

export type MeterEnergy = Wire<typeof meterEnergySchema>;

/** The line's energy meter readings at a run's start and end (null until the line and times are set). */
export function useMeterEnergy(lineId: string, from: string | null, to: string | null) {
  return useQuery({
    queryKey: ['production-lines', lineId, 'meter-energy', from, to],
    queryFn: ({ signal }) =>
      api.get<MeterEnergy>(`/production-lines/${encodeURIComponent(lineId)}/meter-energy`, {
        signal,
        query: { from: from ?? '', to: to ?? '' },
      }),
    enabled: Boolean(lineId && from && to && from < to),
    staleTime: 15_000,
  });
}

/**
 * "Take kWh from meter": when the run's line has an energy meter, fills the start and end readings from
 * it and names the meter, which the server checks against its readings (the run's energy is then metered).
 * Nothing shows for a line without a meter.
 */
export function MeterReadings({
  lineId,
  startedAt,
  endedAt,
  timeZone,
  meterDeviceId,
  onTake,
}: {
  lineId: string;
  /** The form's datetime-local values, read in the organization's zone. */
  startedAt: string;
  endedAt: string;
  timeZone: string;
  /** The meter the form's readings came from; '' when typed. */
  meterDeviceId: string;
  onTake: (m: { deviceId: string; start: string; end: string }) => void;
}) {
  const meter = useMeterEnergy(
    lineId,
    fromLocalInput(startedAt, timeZone),
    fromLocalInput(endedAt, timeZone),
  ).data;
  if (!meter?.device) return null;
  const { device, start, end, kwh } = meter;
  return (
    <Group gap="sm" wrap="wrap" aria-label="Energy meter">
      <Button
        variant="light"
        leftSection={<IconBolt size={16} aria-hidden />}
        disabled={kwh === null || !start || !end}
        onClick={() => {
          if (start && end) onTake({ deviceId: device.id, start: start.value, end: end.value });
        }}
      >
        Take kWh from meter
      </Button>
      <Text size="sm" c={kwh === null ? 'orange' : undefined} role="status">
        {kwh === null
          ? meter.reason
          : meterDeviceId === device.id
            ? `From meter ${device.code}: ${kwh} kWh`
            : `Meter ${device.code}: ${start?.value} → ${end?.value} kWh (${kwh} kWh)`}
      </Text>
    </Group>
  );
}
