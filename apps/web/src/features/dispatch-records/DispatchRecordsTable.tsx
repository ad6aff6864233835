import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import type { DispatchRecord } from './api.ts';
import { DeliveryBadge } from './DeliveryBadge.tsx';

const lots = (r: DispatchRecord) => r.lines.map((l) => l.lot.code).join(' · ');

export function DispatchRecordsTable({ records, timeZone }: { records: DispatchRecord[]; timeZone: string }) {
  if (usePhone()) return <DispatchCards records={records} timeZone={timeZone} />;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Dispatch records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Dispatched</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th>Truck</Table.Th>
            <Table.Th ta="right">Kg</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/dispatch-records/${r.id}`} size="sm" ff="monospace">
                  {r.number}
                </Anchor>
                {r.deliveryReceiptNo && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {r.deliveryReceiptNo}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(r.dispatchedAt, timeZone)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.customer.name}</Text>
                {r.order && (
                  <Text size="xs" c="dimmed">
                    {r.order.number}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.vehicle?.code ?? '—'}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatKg(r.totalKg)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatPhp(r.amount)}</Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RecordStatusBadge status={r.status} />
                  <DeliveryBadge record={r} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What matters first on a phone: number and state, customer, kg and truck, the lots, when. */
function DispatchCards({ records, timeZone }: { records: DispatchRecord[]; timeZone: string }) {
  return (
    <CardList label="Dispatch records" items={records} keyOf={(r) => r.id}>
      {(r) => (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/dispatch-records/${r.id}`} fw={700} ff="monospace">
              {r.number}
            </Anchor>
            <Group gap={4} wrap="nowrap">
              <RecordStatusBadge status={r.status} />
              <DeliveryBadge record={r} />
            </Group>
          </Group>
          <Text size="sm" fw={600} mt={4}>
            {r.customer.name}
          </Text>
          <Text size="sm" mt={2}>
            {formatKg(r.totalKg)} · {formatPhp(r.amount)}
            {r.vehicle ? ` · ${r.vehicle.code}` : ''}
          </Text>
          {r.lines.length > 0 && (
            <Text size="xs" ff="monospace" mt={2}>
              {lots(r)}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            {formatDateTime(r.dispatchedAt, timeZone)}
          </Text>
        </>
      )}
    </CardList>
  );
}
