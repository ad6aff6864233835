import { Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg, formatPhp, ORDER_KIND_LABELS } from '@plastrace/shared';
import { IconArrowLeft, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type OrderDetail, useOrder } from './api.ts';
import { OrderActions } from './OrderActions.tsx';
import { deliveredWord, FulfilmentBar, OrderStatusBadge } from './OrderStatus.tsx';
import { OrderDispatchesTable, OrderLinesTable, OrderReceiptsTable } from './OrderTables.tsx';

/**
 * /order-records/:id: one order, its lines and how much of each was delivered, and the records that
 * deliver it: dispatches for a sales order, receipts for a purchase order.
 */
export function OrderRecordDetailPage() {
  return (
    <Stack maw={1080} gap="md">
      <Anchor component={Link} to="/order-records" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to order records
        </Group>
      </Anchor>
      <RequirePermission action="orders.read" title="Order">
        <OrderLoader />
      </RequirePermission>
    </Stack>
  );
}

function OrderLoader() {
  const { id = '' } = useParams();
  const order = useOrder(id);
  usePageTitle(order.data ? `${ORDER_KIND_LABELS[order.data.kind]} ${order.data.number}` : 'Order');
  if (order.isPending)
    return (
      <Text c="dimmed" role="status">
        Loading the order…
      </Text>
    );
  if (order.isError)
    return isNotFound(order.error) ? (
      <Paper withBorder p="lg" radius="md">
        <Title order={1} fz="h3" mb="xs">
          Order not found
        </Title>
        <Text size="sm">This order does not exist, or it belongs to another organization.</Text>
      </Paper>
    ) : (
      <QueryError error={order.error} what="The order" onRetry={() => order.refetch()} />
    );
  return <OrderView order={order.data} />;
}

const nameOf = (p: { name: string } | null, at: string | null, timeZone: string) =>
  p ? `${p.name}, ${formatDateTime(at, timeZone)}` : '—';

function OrderView({ order }: { order: OrderDetail }) {
  const { timeZone } = useMe();
  const mayReceive = useCan('records.write');
  const party = order.customer ?? order.supplier;
  const sales = order.kind === 'sales';
  // A purchase order is received against while it is open: confirmed, or partly fulfilled.
  const receivable =
    !sales && mayReceive && (order.status === 'confirmed' || order.status === 'partly_fulfilled');
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Title order={1}>{`${ORDER_KIND_LABELS[order.kind]} ${order.number}`}</Title>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Group gap="xs">
          <OrderActions order={order} />
          {receivable && (
            <Button
              component={Link}
              to={`/receive-records/new?order_id=${order.id}`}
              leftSection={<IconTruckDelivery size={16} aria-hidden />}
            >
              Receive against this order
            </Button>
          )}
        </Group>
      </Group>

      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Order details" labelWidth="170px">
          <Item label={order.kind === 'sales' ? 'Customer' : 'Supplier'}>
            {party ? `${party.name} (${party.code})` : '—'}
          </Item>
          {order.customerReference && <Item label="Their reference">{order.customerReference}</Item>}
          <Item label="Facility">
            {order.facility ? `${order.facility.name} (${order.facility.code})` : 'Any'}
          </Item>
          <Item label="Ordered on">{order.orderedOn}</Item>
          <Item label="Due on">{order.dueOn ?? 'No due date'}</Item>
          {order.deliveryTerms && <Item label="Delivery terms">{order.deliveryTerms}</Item>}
          <Item label="Tolerance">{`Up to ${order.tolerancePct} % more than ordered may be delivered`}</Item>
          <Item label="Total">{`${formatKg(order.totalKg)} · ${formatPhp(order.amount)}`}</Item>
          <Item label={sales ? 'Shipped' : 'Received'}>
            <Group gap="sm">
              <Text size="sm">{`${formatKg(order.shippedKg)} of ${formatKg(order.totalKg)}`}</Text>
              <FulfilmentBar pct={order.fulfilledPct} label={`Order ${deliveredWord(order.kind)}`} />
            </Group>
          </Item>
          <Item label="Drafted by">{nameOf(order.createdBy, order.createdAt, timeZone)}</Item>
          {order.confirmedBy && (
            <Item label="Confirmed by">{nameOf(order.confirmedBy, order.confirmedAt, timeZone)}</Item>
          )}
          {order.closedBy && (
            <Item label="Closed by">{nameOf(order.closedBy, order.closedAt, timeZone)}</Item>
          )}
          {order.cancelledBy && (
            <Item label="Cancelled by">
              {`${nameOf(order.cancelledBy, order.cancelledAt, timeZone)}: ${order.cancelReason ?? ''}`}
            </Item>
          )}
          {order.notes && <Item label="Notes">{order.notes}</Item>}
        </DataList>
      </Paper>

      <OrderLinesTable order={order} />
      {sales ? (
        <OrderDispatchesTable order={order} timeZone={timeZone} />
      ) : (
        <OrderReceiptsTable order={order} timeZone={timeZone} />
      )}
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
