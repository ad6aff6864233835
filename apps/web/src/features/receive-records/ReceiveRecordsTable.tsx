import { Anchor, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import type { ReceiveRecord } from './api.ts';
import { RecordStatusBadge } from './StatusBadge.tsx';

export function ReceiveRecordsTable({ records, timeZone }: { records: ReceiveRecord[]; timeZone: string }) {
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
                <RecordStatusBadge status={r.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
