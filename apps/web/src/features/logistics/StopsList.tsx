import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg, STOP_KIND_LABELS } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import type { TripStop } from './api.ts';

const recordPath = (s: TripStop) =>
  `/${s.kind === 'delivery' ? 'dispatch-records' : 'receive-records'}/${s.record?.id}`;

/**
 * A trip's stops in the order they are visited: who, which record and how much, where, and when the
 * truck got there and left. While the trip is in transit, `onMove` records reaching or leaving a stop.
 */
export function StopsList({
  stops,
  timeZone,
  onMove,
  pending,
}: {
  stops: TripStop[];
  timeZone: string;
  onMove?: ((kind: 'arrive' | 'depart', stop: TripStop) => void) | undefined;
  /** The stop whose move is being sent. */
  pending?: string | undefined;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Stops
      </Title>
      <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Stops in order">
        {stops.map((s) => (
          <Paper key={s.id} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <div>
                <Group gap="xs">
                  <Text fw={700}>{s.seq}.</Text>
                  <Badge variant="light" color={s.kind === 'pickup' ? 'green' : 'blue'} tt="none">
                    {STOP_KIND_LABELS[s.kind]}
                  </Badge>
                  <Text fw={600}>{s.party?.name ?? 'No party'}</Text>
                </Group>
                {s.record && (
                  <Text size="sm" mt={4}>
                    <Anchor component={Link} to={recordPath(s)} ff="monospace">
                      {s.record.number}
                    </Anchor>
                    {` · ${formatKg(s.record.kg)}`}
                    {s.record.status !== 'posted' && ` · ${s.record.status}: not carried`}
                  </Text>
                )}
                {s.address && <Text size="sm">{s.address}</Text>}
                {s.latitude !== null && (
                  <Text size="xs" c="dimmed">
                    {s.latitude}, {s.longitude}
                  </Text>
                )}
                <Text size="sm" mt={4}>
                  {s.arrivedAt ? `Arrived ${formatDateTime(s.arrivedAt, timeZone)}` : 'Not reached yet'}
                  {s.departedAt && ` · left ${formatDateTime(s.departedAt, timeZone)}`}
                </Text>
                {s.notes && (
                  <Text size="sm" c="dimmed">
                    {s.notes}
                  </Text>
                )}
              </div>
              {onMove && !s.departedAt && (
                <Button
                  size="xs"
                  variant="default"
                  loading={pending === s.id}
                  onClick={() => onMove(s.arrivedAt ? 'depart' : 'arrive', s)}
                  aria-label={`${s.arrivedAt ? 'Depart from' : 'Arrive at'} stop ${s.seq}`}
                >
                  {s.arrivedAt ? 'Depart' : 'Arrive'}
                </Button>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
