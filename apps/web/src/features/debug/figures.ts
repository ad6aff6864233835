import { formatCount } from '@plastrace/shared';

const UNITS = ['bytes', 'kB', 'MB', 'GB', 'TB'] as const;

/** A database's size for people: 8,563,495 → '8.2 MB' (binary steps of 1,024, one decimal). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${formatCount(bytes)} bytes` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** How long ago, in the two largest units: 93 → '1 min 33 s', 200,000 → '2 d 7 h'; null → '—'. */
export function formatAge(seconds: number | null): string {
  if (seconds === null) return '—';
  const parts: [number, string][] = [
    [Math.floor(seconds / 86_400), 'd'],
    [Math.floor((seconds % 86_400) / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return '0 s';
  return parts
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ');
}
