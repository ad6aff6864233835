import { Badge } from '@mantine/core';
import type { StockCountStatus } from './stockCounts.api.ts';

export const STOCK_COUNT_STATUS: Record<StockCountStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'blue' },
  posted: { label: 'Posted', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export function StockCountStatusBadge({ status }: { status: StockCountStatus }) {
  const s = STOCK_COUNT_STATUS[status] ?? { label: status, color: 'gray' };
  return (
    <Badge variant="light" color={s.color} tt="none">
      {s.label}
    </Badge>
  );
}
