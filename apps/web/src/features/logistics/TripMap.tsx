import { Text } from '@mantine/core';
import { STOP_KIND_LABELS } from '@plastrace/shared';
import { lazy, Suspense, useMemo } from 'react';
import type { MapPoint } from '../../components/map/PointsMap.tsx';
import type { TripDetail } from './api.ts';

function MapUnavailable() {
  return (
    <Text size="sm" c="dimmed" role="status">
      The map could not load; the stops are listed above.
    </Text>
  );
}

// Leaflet loads with the map only; should its code not arrive (offline, a blocked network), the page
// says so and the stops' list still holds everything.
const PointsMap = lazy(() =>
  import('../../components/map/PointsMap.tsx').then(
    (m) => ({ default: m.PointsMap }),
    () => ({ default: MapUnavailable }),
  ),
);

const COLOR = { pickup: '#40a060', delivery: '#2f62b0' } as const;

/** The stops that have a position, and the GPS track (else the stops in order) as the path. */
export function TripMap({ trip }: { trip: TripDetail }) {
  const points = useMemo(
    (): MapPoint[] =>
      trip.stops.flatMap((s) =>
        s.latitude !== null && s.longitude !== null
          ? [
              {
                id: s.id,
                latitude: Number(s.latitude),
                longitude: Number(s.longitude),
                label: `${s.seq}. ${STOP_KIND_LABELS[s.kind]}${s.party ? ` · ${s.party.name}` : ''}`,
                color: COLOR[s.kind],
              },
            ]
          : [],
      ),
    [trip.stops],
  );
  const path = useMemo((): [number, number][] => {
    const track = trip.points.map((p): [number, number] => [Number(p.latitude), Number(p.longitude)]);
    return track.length > 1 ? track : points.map((p) => [p.latitude, p.longitude]);
  }, [trip.points, points]);

  if (points.length === 0 && path.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No stop has a position and no GPS point was recorded yet: there is nothing to draw.
      </Text>
    );
  return (
    <Suspense
      fallback={
        <Text size="sm" c="dimmed" role="status">
          Loading the map…
        </Text>
      }
    >
      <PointsMap label={`Stops and route of trip ${trip.number}`} points={points} path={path} />
    </Suspense>
  );
}
