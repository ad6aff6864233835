import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { IconRoute } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { LotStatusBadge } from '../lots/LotStatusBadge.tsx';
import type { TraceLot } from './api.ts';
import { levelWords, lotPath } from './words.ts';

interface Props {
  lots: TraceLot[];
  /** Re-traces from a lot (its code becomes the search). */
  onTrace: (lot: TraceLot) => void;
}

const CAPTION =
  'kg linked: for a lot upstream, how much of it is in the started lots; for a lot downstream, how much of the started lots is in it.';

/**
 * Every lot the trace reached, from its furthest origin to its furthest destination: the graph's
 * accessible equivalent, and where a lot is picked to trace from next.
 */
export function TraceLotsTable({ lots, onTrace }: Props) {
  const phone = usePhone();
  const traceButton = (lot: TraceLot) =>
    lot.level === 0 ? null : (
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconRoute size={14} aria-hidden />}
        aria-label={`Trace from ${lot.code}`}
        onClick={() => onTrace(lot)}
      >
        Trace from here
      </Button>
    );
  const code = (lot: TraceLot) => (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={lotPath(lot.id)} size="sm" fw={lot.level === 0 ? 700 : undefined}>
        {lot.code}
      </Anchor>
      {lot.level === 0 && (
        <Badge size="xs" variant="filled" tt="none">
          Started
        </Badge>
      )}
    </Group>
  );

  if (phone)
    return (
      <>
        <Text size="xs" c="dimmed">
          {CAPTION}
        </Text>
        <CardList label="Lots in the trace" items={lots} keyOf={(l) => l.id}>
          {(lot) => (
            <>
              <Group justify="space-between" wrap="nowrap">
                {code(lot)}
                <LotStatusBadge status={lot.status} />
              </Group>
              <Text size="sm" mt={2}>{`${lot.material.name} · ${lot.facility.name}`}</Text>
              <Text size="sm" mt={2}>
                {`${levelWords(lot.level)} · made ${formatKg(lot.kg)} · linked ${formatKg(lot.shareKg)} · on hand ${formatKg(lot.onHandKg)}`}
              </Text>
              {lot.level !== 0 && (
                <Group mt="xs" justify="flex-end">
                  {traceButton(lot)}
                </Group>
              )}
            </>
          )}
        </CardList>
      </>
    );

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped verticalSpacing="xs" aria-label="Lots in the trace" captionSide="bottom">
        <Table.Caption>{CAPTION}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Level</Table.Th>
            <Table.Th>Lot</Table.Th>
            <Table.Th>Material</Table.Th>
            <Table.Th>Facility</Table.Th>
            <Table.Th ta="right">Made</Table.Th>
            <Table.Th ta="right">kg linked</Table.Th>
            <Table.Th ta="right">On hand</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Trace</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lots.map((lot) => (
            <Table.Tr key={lot.id} fw={lot.level === 0 ? 600 : undefined}>
              <Table.Td>{levelWords(lot.level)}</Table.Td>
              <Table.Td>{code(lot)}</Table.Td>
              <Table.Td>{lot.material.name}</Table.Td>
              <Table.Td>{lot.facility.name}</Table.Td>
              <Table.Td ta="right">{formatKg(lot.kg)}</Table.Td>
              <Table.Td ta="right">{formatKg(lot.shareKg)}</Table.Td>
              <Table.Td ta="right">{formatKg(lot.onHandKg)}</Table.Td>
              <Table.Td>
                <LotStatusBadge status={lot.status} />
              </Table.Td>
              <Table.Td>{traceButton(lot)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
