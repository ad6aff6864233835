import { Box, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { AnyListing } from './api.ts';
import { placeText, priceText, quantityText } from './labels.tsx';

// The listings drawn by longitude and latitude over the Philippines. No map tiles can be fetched offline
// (and the yards this runs in often are), so this is a plain SVG plot: a graticule, a few cities to read
// it by, and each listing a point that is a link. The results table beside it holds the same listings.

export const BOUNDS = { west: 116, east: 127, south: 4.5, north: 21.5 };
const WIDTH = 330;
// Degrees of longitude shrink with latitude: at the islands' middle (13°N) one is 0.974 of one of latitude.
const HEIGHT = Math.round(
  (WIDTH * (BOUNDS.north - BOUNDS.south)) / ((BOUNDS.east - BOUNDS.west) * Math.cos((13 * Math.PI) / 180)),
);

const CITIES = [
  { name: 'Baguio', lat: 16.4023, lng: 120.596 },
  { name: 'Manila', lat: 14.5995, lng: 120.9842 },
  { name: 'Legazpi', lat: 13.1391, lng: 123.7438 },
  { name: 'Puerto Princesa', lat: 9.7392, lng: 118.7353 },
  { name: 'Iloilo', lat: 10.7202, lng: 122.5621 },
  { name: 'Cebu', lat: 10.3157, lng: 123.8854 },
  { name: 'Cagayan de Oro', lat: 8.4542, lng: 124.6319 },
  { name: 'Zamboanga', lat: 6.9214, lng: 122.079 },
  { name: 'Davao', lat: 7.1907, lng: 125.4553 },
];

const x = (lng: number) => ((lng - BOUNDS.west) / (BOUNDS.east - BOUNDS.west)) * WIDTH;
const y = (lat: number) => ((BOUNDS.north - lat) / (BOUNDS.north - BOUNDS.south)) * HEIGHT;

type Placed = { listing: AnyListing; lat: number; lng: number };

/** The listings with a point inside the map's bounds, and how many have none or lie outside. */
export function placed(listings: AnyListing[]): { points: Placed[]; unplaced: number } {
  const points: Placed[] = [];
  for (const listing of listings) {
    const lat = Number(listing.location.latitude);
    const lng = Number(listing.location.longitude);
    const inside =
      listing.location.latitude !== null &&
      listing.location.longitude !== null &&
      lat >= BOUNDS.south &&
      lat <= BOUNDS.north &&
      lng >= BOUNDS.west &&
      lng <= BOUNDS.east;
    if (inside) points.push({ listing, lat, lng });
  }
  return { points, unplaced: listings.length - points.length };
}

/** The point's accessible name: what it is, where, how much and at what price. */
export const pointName = (l: AnyListing) =>
  `${l.title}, ${placeText(l)}: ${quantityText(l.remaining, l.unit)} at ${priceText(l.price, l.unit)}`;

export function ListingsMap({ listings }: { listings: AnyListing[] }) {
  const navigate = useNavigate();
  const { points, unplaced } = placed(listings);
  const lngLines = Array.from({ length: 6 }, (_, i) => 116 + i * 2);
  const latLines = Array.from({ length: 9 }, (_, i) => 6 + i * 2);
  // A click follows the link inside the app; with a modifier key the browser opens it as it would.
  const follow = (e: MouseEvent, to: string) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return (
    <Box>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG cannot be a fieldset; the group names the points inside */}
      <svg
        viewBox={`-28 -4 ${WIDTH + 40} ${HEIGHT + 20}`}
        role="group"
        aria-label="Map of the listings in the Philippines"
        style={{ width: '100%', maxWidth: 460, display: 'block', background: 'var(--mantine-color-blue-0)' }}
      >
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a graticule holds nothing focusable; the points below are the content */}
        <g aria-hidden="true" stroke="var(--mantine-color-gray-4)" strokeWidth={0.6}>
          {lngLines.map((lng) => (
            <line key={`lng${lng}`} x1={x(lng)} x2={x(lng)} y1={0} y2={HEIGHT} />
          ))}
          {latLines.map((lat) => (
            <line key={`lat${lat}`} x1={0} x2={WIDTH} y1={y(lat)} y2={y(lat)} />
          ))}
        </g>
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: labels to read the plot by, not content */}
        <g aria-hidden="true" fontSize={9} fill="var(--mantine-color-gray-7)">
          {lngLines.map((lng) => (
            <text key={`tl${lng}`} x={x(lng)} y={HEIGHT + 12} textAnchor="middle">
              {lng}°E
            </text>
          ))}
          {latLines.map((lat) => (
            <text key={`tt${lat}`} x={-3} y={y(lat) + 3} textAnchor="end">
              {lat}°N
            </text>
          ))}
          {CITIES.map((c) => (
            <g key={c.name}>
              <rect
                x={x(c.lng) - 1.5}
                y={y(c.lat) - 1.5}
                width={3}
                height={3}
                fill="var(--mantine-color-gray-6)"
              />
              <text x={x(c.lng) + 4} y={y(c.lat) + 3}>
                {c.name}
              </text>
            </g>
          ))}
        </g>
        {points.map(({ listing, lat, lng }) => {
          const to = `/marketplace/listings/${listing.id}`;
          return (
            <a
              key={listing.id}
              href={to}
              tabIndex={0}
              aria-label={pointName(listing)}
              onClick={(e) => follow(e, to)}
            >
              <title>{pointName(listing)}</title>
              <circle
                cx={x(lng)}
                cy={y(lat)}
                r={6}
                fill={listing.side === 'buy' ? 'var(--mantine-color-blue-7)' : 'var(--mantine-color-teal-7)'}
                stroke="white"
                strokeWidth={1.5}
              />
            </a>
          );
        })}
      </svg>
      <Text size="xs" c="dimmed" mt={4}>
        Green points sell, blue points buy. Each point opens its listing; the table lists the same results.
        {unplaced > 0 &&
          ` ${unplaced} ${unplaced === 1 ? 'listing has' : 'listings have'} no place on this map (no location, or outside the Philippines).`}
      </Text>
    </Box>
  );
}
