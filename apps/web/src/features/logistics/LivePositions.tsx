import { Anchor, Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import type { MapPoint } from '../../components/map/PointsMap.tsx';
import { usePositions, type VehiclePosition } from './api.ts';

function MapUnavailable() {
  return (
    <Text size="sm" c="dimmed" role="status">
      The map could not load; the vehicles are listed below.
    </Text>
  );
}

// Leaflet loads with the map only, as on a trip's page (TripMap.tsx).
const PointsMap = lazy(() =>
  import('../../components/map/PointsMap.tsx').then(
    (m) => ({ default: m.PointsMap }),
    () => ({ default: MapUnavailable }),
  ),
);

const COLOR = { live: '#2f62b0', stale: '#8a8f98' } as const;

/**
 * "Live positions" on /logistics: each vehicle with a GPS tracker where it last reported, on a map and in a
 * list, refreshed every 15 s; a position older than the tracker's offline time is marked stale. Shown only
 * when some tracker has reported: a fleet without trackers sees its trips as before.
 */
export function LivePositions() {
  const { timeZone } = useMe();
  const query = usePositions();
  const items = query.data?.items ?? [];
  const points = useMemo(
    (): MapPoint[] =>
      items.map((p) => ({
        id: p.vehicle.id,
        latitude: p.latitude,
        longitude: p.longitude,
        label: `${p.vehicle.code}${p.trip ? ` · ${p.trip.number}` : ''}${p.stale ? ' (stale)' : ''}`,
        color: p.stale ? COLOR.stale : COLOR.live,
      })),
    [items],
  );
  if (items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="live-positions">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="live-positions">
          Live positions
        </Title>
        <Suspense
          fallback={
            <Text size="sm" c="dimmed" role="status">
              Loading the map…
            </Text>
          }
        >
          <PointsMap label="Where the vehicles are" points={points} height={280} />
        </Suspense>
        <Table striped fz="sm" aria-label="Vehicle positions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vehicle</Table.Th>
              <Table.Th>Trip</Table.Th>
              <Table.Th>Last position</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Row key={p.vehicle.id} p={p} timeZone={timeZone} />
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

function Row({ p, timeZone }: { p: VehiclePosition; timeZone: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        {p.vehicle.code} · {p.vehicle.name}
      </Table.Td>
      <Table.Td>
        {p.trip ? (
          <Anchor component={Link} to={`/logistics/trips/${p.trip.id}`}>
            {p.trip.number}
          </Anchor>
        ) : (
          <Text span c="dimmed" size="sm">
            Not on a trip
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {formatDateTime(p.recordedAt, timeZone)} · {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}{' '}
        {p.stale && (
          <Badge color="gray" variant="light">
            Stale
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
