import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { CalibrationOverdueBadge } from '../../components/WeighedBy.tsx';
import type { ReceiveRecord } from './api.ts';
import { RecordStatusBadge } from './StatusBadge.tsx';

export function ReceiveRecordsTable({ records, timeZone }: { records: ReceiveRecord[]; timeZone: string }) {
  if (usePhone()) return <ReceiveRecordCards records={records} timeZone={timeZone} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Receive records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Supplier</Table.Th>
            <Table.Th>Facility</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/receive-records/${r.id}`} size="sm" ff="monospace">
                  {r.number}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(r.receivedAt, timeZone)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.supplier.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.facility.name}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatKg(r.totalNetKg)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatPhp(r.totalAmount)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RecordStatusBadge status={r.status} />
                  {r.lines.some((l) => l.scaleCalibrationOverdue) && <CalibrationOverdueBadge />}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What matters first on a phone: number and status, supplier, net kg and amount, the lots made, when. */
function ReceiveRecordCards({ records, timeZone }: { records: ReceiveRecord[]; timeZone: string }) {
  return (
    <CardList label="Receive records" items={records} keyOf={(r) => r.id}>
      {(r) => {
        const lots = r.lines.flatMap((l) => (l.lot ? [l.lot.code] : []));
        return (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={`/receive-records/${r.id}`} fw={700} ff="monospace">
                {r.number}
              </Anchor>
              <Group gap={4} wrap="nowrap">
                <RecordStatusBadge status={r.status} />
                {r.lines.some((l) => l.scaleCalibrationOverdue) && <CalibrationOverdueBadge />}
              </Group>
            </Group>
            <Text size="sm" fw={600} mt={4}>
              {r.supplier.name}
            </Text>
            <Group justify="space-between" wrap="nowrap" mt={2}>
              <Text size="sm">{formatKg(r.totalNetKg)}</Text>
              <Text size="sm" fw={600}>
                {formatPhp(r.totalAmount)}
              </Text>
            </Group>
            {lots.length > 0 && (
              <Text size="xs" ff="monospace" mt={2}>
                {lots.join(' · ')}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2}>
              {formatDateTime(r.receivedAt, timeZone)} · {r.facility.name}
            </Text>
          </>
        );
      }}
    </CardList>
  );
}
