import { Badge, Group, Progress, Text } from '@mantine/core';
import { ORDER_STATUS_LABELS, type OrderKind, type OrderStatus } from '@plastrace/shared';

const COLOR: Record<OrderStatus, string> = {
  draft: 'gray',
  confirmed: 'blue',
  partly_fulfilled: 'yellow',
  fulfilled: 'green',
  closed: 'dark',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant="light" color={COLOR[status]} tt="none">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * How much of an order (or a line) was delivered — shipped on dispatches (sales) or received on receive
 * records (purchase): a bar to 100 % and the figure, which may pass 100 % within the order's tolerance.
 */
export function FulfilmentBar({ pct, label }: { pct: string; label: string }) {
  const value = Math.min(100, Number.parseFloat(pct));
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} color={value >= 100 ? 'green' : 'brand'} w={80} aria-label={label} />
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        {pct} %
      </Text>
    </Group>
  );
}

/** What delivering an order of this kind is called: a sales order ships, a purchase order is received. */
export const deliveredWord = (kind: OrderKind) => (kind === 'sales' ? 'shipped' : 'received');
