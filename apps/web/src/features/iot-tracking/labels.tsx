import { Badge, Group, Text } from '@mantine/core';
import {
  CALIBRATION_STATE_LABELS,
  type CalibrationState,
  DEVICE_KIND_LABELS,
  DEVICE_STATUS_LABELS,
  type DeviceKind,
  type DeviceStatus,
} from '@plastrace/shared';
import {
  IconBolt,
  IconGps,
  IconScale,
  IconTemperature,
  IconTruckLoading,
  type TablerIcon,
} from '@tabler/icons-react';
import { formatDateTime } from '../../components/common/format.ts';
import type { Device } from './api.ts';

const KIND_ICONS: Record<DeviceKind, TablerIcon> = {
  weighbridge: IconTruckLoading,
  platform_scale: IconScale,
  energy_meter: IconBolt,
  gps_tracker: IconGps,
  environment_sensor: IconTemperature,
};

export function KindLabel({ kind }: { kind: DeviceKind }) {
  const Icon = KIND_ICONS[kind];
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm">{DEVICE_KIND_LABELS[kind]}</Text>
    </Group>
  );
}

const STATUS_COLORS: Record<DeviceStatus, string> = { online: 'teal', offline: 'orange', never: 'gray' };

export const StatusBadge = ({ status }: { status: DeviceStatus }) => (
  <Badge color={STATUS_COLORS[status]} variant="light">
    {DEVICE_STATUS_LABELS[status]}
  </Badge>
);

const CALIBRATION_COLORS: Record<CalibrationState, string> = {
  valid: 'teal',
  due_soon: 'yellow',
  overdue: 'red',
  never: 'gray',
};

/** A scale's calibration; an overdue one is red, as on every record it weighs. */
export function CalibrationBadge({ device }: { device: Pick<Device, 'calibration'> }) {
  if (!device.calibration) return null;
  const { state, last } = device.calibration;
  return (
    <Badge
      color={CALIBRATION_COLORS[state]}
      variant={state === 'overdue' ? 'filled' : 'light'}
      title={last ? `Certificate ${last.certificateNo}, next due ${last.nextDueOn}` : undefined}
    >
      {CALIBRATION_STATE_LABELS[state]}
    </Badge>
  );
}

/** Where a device is: its facility, its line, or its vehicle. */
export function placeOf(d: Device): string {
  if (d.vehicle) return `Vehicle ${d.vehicle.code}`;
  if (d.productionLine) return `${d.productionLine.name} · ${d.facility?.name ?? ''}`.replace(/ · $/, '');
  return d.facility?.name ?? '—';
}

/** "512.5 kg", a position, or what the device last sent. */
export function readingText(r: NonNullable<Device['lastReading']>): string {
  if (r.latitude !== null && r.longitude !== null)
    return `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`;
  if (r.value === null) return r.kind;
  return `${r.value.toLocaleString('en-PH', { maximumFractionDigits: 3 })}${r.unit ? ` ${r.unit}` : ''}`;
}

export function LastReading({ device, timeZone }: { device: Device; timeZone: string }) {
  const r = device.lastReading;
  if (!r)
    return (
      <Text size="sm" c="dimmed">
        None yet
      </Text>
    );
  return (
    <div>
      <Text size="sm">{readingText(r)}</Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(r.recordedAt, timeZone)}
      </Text>
    </div>
  );
}
