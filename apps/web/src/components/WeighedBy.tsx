import { Badge, Group, Text } from '@mantine/core';
import { formatClock } from './common/format.ts';

// Where a record line's weight came from, for lists and record pages. Apart from ScaleWeight.tsx (the forms'
// live scale) so that reading a record does not load the device schemas a form needs (~40 ms of module
// start-up on a phone).

type Ref = { id: string; code: string; name: string };
type WeighedLine = {
  device: Ref | null;
  reading: { id: number; recordedAt: string | null } | null;
  scaleCalibrationOverdue?: boolean;
};

/** "Scale: WB-1 · reading 12:03:14", or "Typed by hand", as a record's line shows where its weight came from. */
export function weighedBy(line: WeighedLine, timeZone: string) {
  if (!line.device) return 'Typed by hand';
  const at = line.reading?.recordedAt
    ? `reading ${formatClock(line.reading.recordedAt, timeZone)}`
    : `reading #${line.reading?.id ?? '—'}`;
  return `Scale: ${line.device.code} · ${at}`;
}

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
    title="The scale had no calibration in force on the record’s day (lapsed, or never calibrated)"
  >
    Calibration overdue
  </Badge>
);
