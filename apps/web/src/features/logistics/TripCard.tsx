import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatKg, TRIP_STATUS_LABELS, type TripStatus } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDate } from '../../components/common/format.ts';
import type { Trip } from './api.ts';

const STATUS_COLOR: Record<TripStatus, string> = {
  planned: 'blue',
  in_transit: 'yellow',
  completed: 'green',
  cancelled: 'red',
};

export function TripStatusBadge({ status }: { status: TripStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} tt="none">
      {TRIP_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A distance as the server keeps it, to 100 m: '17.9' → '17.9 km'. */
export const formatKm = (km: string | null) => (km === null ? '—' : `${km} km`);

/** A planned day ('2026-11-22'), which has no time zone: written as the calendar day it is. */
export const formatDay = (day: string) => formatDate(`${day}T00:00:00Z`, 'UTC');

/** What a trip's card shows first: number and state, truck and driver, stops and kg, then the day. */
export function TripCardBody({ trip, showStatus = false }: { trip: Trip; showStatus?: boolean }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor component={Link} to={`/logistics/trips/${trip.id}`} fw={700} ff="monospace">
          {trip.number}
        </Anchor>
        {showStatus && <TripStatusBadge status={trip.status} />}
      </Group>
      <Text size="sm" fw={600} mt={4}>
        {trip.vehicle.code} · {trip.driver.name}
      </Text>
      <Text size="sm" mt={2}>
        {trip.stopsCount} stop{trip.stopsCount === 1 ? '' : 's'} · {formatKg(trip.payloadKg)}
      </Text>
      {trip.status === 'completed' && (
        <Text size="sm" mt={2}>
          {formatKm(trip.distanceKm)} ·{' '}
          {trip.co2eKg === null ? 'no CO2e factor' : `${formatKg(trip.co2eKg)} CO2e`}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2}>
        {formatDay(trip.plannedOn)}
      </Text>
    </>
  );
}
