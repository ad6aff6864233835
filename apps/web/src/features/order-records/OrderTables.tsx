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

/** A record that names the order: a dispatch (sales) or a receive record (purchase). */
type NamingRecord = {
  id: string;
  number: string;
  /** The dispatch's delivery receipt; receive records have none. */
  receiptNo?: string | null;
  at: string;
  kg: string;
  status: 'draft' | 'posted' | 'voided';
};

/** The records that name the order, drafts and voided ones included, each linking to its page. */
function NamingRecordsTable(p: {
  title: string;
  empty: string;
  recordLabel: string;
  atLabel: string;
  kgLabel: string;
  path: string;
  rows: NamingRecord[];
  deliveryReceipts: boolean;
  timeZone: string;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} fz="h4" mb="xs">
        {p.title}
      </Title>
      {p.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {p.empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={p.deliveryReceipts ? 560 : 480}>
          <Table verticalSpacing="xs" aria-label={p.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{p.recordLabel}</Table.Th>
                {p.deliveryReceipts && <Table.Th>Delivery receipt</Table.Th>}
                <Table.Th>{p.atLabel}</Table.Th>
                <Table.Th ta="right">{p.kgLabel}</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${p.path}/${r.id}`} size="sm" ff="monospace">
                      {r.number}
                    </Anchor>
                  </Table.Td>
                  {p.deliveryReceipts && <Table.Td>{r.receiptNo ?? '—'}</Table.Td>}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at, p.timeZone)}</Table.Td>
                  <Table.Td ta="right">{formatKg(r.kg)}</Table.Td>
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

/** The dispatches that name a sales order. */
export function OrderDispatchesTable({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <NamingRecordsTable
      title="Dispatches against this order"
      empty="No dispatch names this order yet."
      recordLabel="Dispatch"
      atLabel="Dispatched"
      kgLabel="Kg"
      path="/dispatch-records"
      deliveryReceipts
      timeZone={timeZone}
      rows={order.dispatches.map((d) => ({
        id: d.id,
        number: d.number,
        receiptNo: d.deliveryReceiptNo,
        at: d.dispatchedAt,
        kg: d.totalKg,
        status: d.status,
      }))}
    />
  );
}

/** The receive records that name a purchase order (only posted ones count towards it). */
export function OrderReceiptsTable({ order, timeZone }: { order: OrderDetail; timeZone: string }) {
  return (
    <NamingRecordsTable
      title="Receipts"
      empty="No receive record names this order yet. Deliveries received against it count towards it once posted."
      recordLabel="Receive record"
      atLabel="Received"
      kgLabel="Net kg"
      path="/receive-records"
      deliveryReceipts={false}
      timeZone={timeZone}
      rows={order.receipts.map((r) => ({
        id: r.id,
        number: r.number,
        at: r.receivedAt,
        kg: r.totalNetKg,
        status: r.status,
      }))}
    />
  );
}
