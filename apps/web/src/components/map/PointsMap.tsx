import 'leaflet/dist/leaflet.css';
import { Box, Text } from '@mantine/core';
import { MAP_TILES } from '@plastrace/shared';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';

// A map of places (stops of a trip, collection points of a network) on OpenStreetMap tiles. The points
// are drawn as circles, not image markers, so they show even when no tile loads (offline yards, blocked
// networks): the page says so and keeps working. Load it with React.lazy: Leaflet stays out of the
// pages that have no map.

export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
  /** Shown on hover and focus, and read by screen readers in the list the caller renders beside it. */
  label: string;
  color?: string;
}

/** Metro Manila, when there is nothing to show yet. */
const HOME: L.LatLngTuple = [14.5995, 120.9842];

export function PointsMap({
  label,
  points,
  path,
  height = 320,
}: {
  /** What the map shows, e.g. "Stops of TR-2026-000004". */
  label: string;
  points: MapPoint[];
  /** A route to draw through, in order (a trip's stops or its GPS track). */
  path?: [number, number][];
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { scrollWheelZoom: false, attributionControl: true });
    const tiles = L.tileLayer(MAP_TILES.url, { attribution: MAP_TILES.attribution, maxZoom: 18 });
    tiles.on('tileerror', () => setTilesFailed(true));
    tiles.addTo(map);
    const bounds = L.latLngBounds([]);
    if (path && path.length > 1) {
      L.polyline(path, { color: '#2f6f3e', weight: 3, opacity: 0.8 }).addTo(map);
      for (const p of path) bounds.extend(p);
    }
    for (const p of points) {
      const at: L.LatLngTuple = [p.latitude, p.longitude];
      L.circleMarker(at, {
        radius: 8,
        color: '#1b3d24',
        weight: 2,
        fillColor: p.color ?? '#40a060',
        fillOpacity: 0.9,
      })
        .bindTooltip(p.label)
        .addTo(map);
      bounds.extend(at);
    }
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 14 });
    else map.setView(HOME, 10);
    return () => {
      map.remove();
    };
  }, [points, path]);

  return (
    // A labelled region, not an image: Leaflet makes its container focusable (arrow keys pan, +/- zoom).
    <Box component="section" aria-label={label}>
      <div ref={box} style={{ height, borderRadius: 8, background: '#e9efe9' }} />
      {tilesFailed && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          The map background could not load; the places are drawn without it.
        </Text>
      )}
    </Box>
  );
}
