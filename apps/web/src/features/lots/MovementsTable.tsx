import { Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { formatDateTime } from '../../components/common/format.ts';
import type { LotDetail } from './api.ts';

const kindLabel = (kind: string) => (kind.charAt(0).toUpperCase() + kind.slice(1)).replaceAll('_', ' ');

export function MovementsTable({
  movements,
  timeZone,
}: {
  movements: LotDetail['movements'];
  timeZone: string;
}) {
  if (movements.length === 0) return <Text c="dimmed">No movements yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label="Movement history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Posted</Table.Th>
            <Table.Th>Movement</Table.Th>
            <Table.Th ta="right">Kg</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {movements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(m.postedAt, timeZone)}</Table.Td>
              <Table.Td>{kindLabel(m.kind)}</Table.Td>
              <Table.Td ta="right">{formatKg(m.qtyKg)}</Table.Td>
              <Table.Td ta="right">{formatPhp(m.valuePhp)}</Table.Td>
              <Table.Td>{kindLabel(m.sourceType)}</Table.Td>
              <Table.Td>{m.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
