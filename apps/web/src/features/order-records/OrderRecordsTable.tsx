import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatKg, formatPhp, ORDER_KIND_LABELS } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { Order } from './api.ts';
import { deliveredWord, FulfilmentBar, OrderStatusBadge } from './OrderStatus.tsx';

const partyOf = (o: Order) => o.customer ?? o.supplier;
const dueText = (o: Order) => (o.dueOn ? `due ${o.dueOn}` : 'no due date');

export function OrderRecordsTable({ orders }: { orders: Order[] }) {
  if (usePhone()) return <OrderCards orders={orders} />;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Order records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Party</Table.Th>
            <Table.Th>Ordered</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Kg</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Fulfilled</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>
                <Anchor component={Link} to={`/order-records/${o.id}`} size="sm" ff="monospace">
                  {o.number}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {ORDER_KIND_LABELS[o.kind]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{partyOf(o)?.name ?? '—'}</Text>
                {o.customerReference && (
                  <Text size="xs" c="dimmed">
                    {o.customerReference}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{o.orderedOn}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{o.dueOn ?? '—'}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatKg(o.totalKg)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatPhp(o.amount)}</Text>
              </Table.Td>
              <Table.Td>
                <FulfilmentBar pct={o.fulfilledPct} label={`${o.number} ${deliveredWord(o.kind)}`} />
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What matters first on a phone: number and status, who, how much and how much of it arrived, when due. */
function OrderCards({ orders }: { orders: Order[] }) {
  return (
    <CardList label="Order records" items={orders} keyOf={(o) => o.id}>
      {(o) => (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/order-records/${o.id}`} fw={700} ff="monospace">
              {o.number}
            </Anchor>
            <OrderStatusBadge status={o.status} />
          </Group>
          <Text size="sm" fw={600} mt={4}>
            {partyOf(o)?.name ?? '—'}
          </Text>
          <Text size="sm" mt={2}>
            {formatKg(o.totalKg)} · {formatPhp(o.amount)}
          </Text>
          <FulfilmentBar pct={o.fulfilledPct} label={`${o.number} ${deliveredWord(o.kind)}`} />
          <Text size="xs" c="dimmed" mt={2}>
            {ORDER_KIND_LABELS[o.kind]} of {o.orderedOn}, {dueText(o)}
          </Text>
        </>
      )}
    </CardList>
  );
}
