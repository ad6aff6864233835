import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatKg, formatPhp, formatPhpPerKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import type { OrderDetail } from './api.ts';
import { deliveredWord, FulfilmentBar } from './OrderStatus.tsx';

/** The lines with what posted dispatches shipped (sales) or posted receipts brought in (purchase) of each, and what is left. */
export function OrderLinesTable({ order }: { order: OrderDetail }) {
  const delivered = deliveredWord(order.kind);
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Lines
      </Title>
      <Table.ScrollContainer minWidth={860}>
        <Table striped verticalSpacing="xs" aria-label="Lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Material</Table.Th>
              <Table.Th>Grade</Table.Th>
              <Table.Th ta="right">Ordered</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">{order.kind === 'sales' ? 'Shipped' : 'Received'}</Table.Th>
              <Table.Th ta="right">Remaining</Table.Th>
              <Table.Th>Progress</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.lineNo}</Table.Td>
                <Table.Td>{`${l.material.name} (${l.material.code})`}</Table.Td>
                <Table.Td>{l.grade}</Table.Td>
                <Table.Td ta="right">{formatKg(l.kg)}</Table.Td>
                <Table.Td ta="right">{formatPhpPerKg(l.unitPrice)}</Table.Td>
                <Table.Td ta="right">{formatPhp(l.amount)}</Table.Td>
                <Table.Td ta="right">{formatKg(l.fulfilment.shippedKg)}</Table.Td>
                <Table.Td ta="right">{formatKg(l.fulfilment.remainingKg)}</Table.Td>
                <Table.Td>
                  <FulfilmentBar pct={l.fulfilment.fulfilledPct} label={`Line ${l.lineNo} ${delivered}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The dispatches that name the order, drafts and voided ones included, each linking to its record. */
export function OrderDispatchesTable({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="h4" mb="xs">
        Dispatches against this order
      </Title>
      {order.dispatches.length === 0 ? (
        <Text size="sm" c="dimmed">
          No dispatch names this order yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Dispatches against this order">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dispatch</Table.Th>
                <Table.Th>Delivery receipt</Table.Th>
                <Table.Th>Dispatched</Table.Th>
                <Table.Th ta="right">Kg</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.dispatches.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/dispatch-records/${d.id}`} size="sm" ff="monospace">
                      {d.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{d.deliveryReceiptNo ?? '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(d.dispatchedAt, timeZone)}
                  </Table.Td>
                  <Table.Td ta="right">{formatKg(d.totalKg)}</Table.Td>
                  <Table.Td>
                    <RecordStatusBadge status={d.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/**
 * The receive records that name a purchase order, drafts and voided ones included (only posted ones
 * count towards it), each linking to its record.
 */
export function OrderReceiptsTable({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="h4" mb="xs">
        Receipts
      </Title>
      {order.receipts.length === 0 ? (
        <Text size="sm" c="dimmed">
          No receive record names this order yet. Deliveries received against it count towards it once posted.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label="Receipts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Receive record</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th ta="right">Net kg</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.receipts.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/receive-records/${r.id}`} size="sm" ff="monospace">
                      {r.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(r.receivedAt, timeZone)}
                  </Table.Td>
                  <Table.Td ta="right">{formatKg(r.totalNetKg)}</Table.Td>
                  <Table.Td>
                    <RecordStatusBadge status={r.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
