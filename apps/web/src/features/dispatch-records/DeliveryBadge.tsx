import { Badge } from '@mantine/core';
import type { DispatchRecord } from './api.ts';

/** Where a posted dispatch stands: on the way, delivered, or delivered with a discrepancy to settle. */
export function DeliveryBadge({ record }: { record: DispatchRecord }) {
  if (record.status !== 'posted') return null;
  if (record.discrepancy?.status === 'open')
    return (
      <Badge variant="light" color="orange" tt="none">
        Discrepancy
      </Badge>
    );
  return record.delivery ? (
    <Badge variant="light" color="teal" tt="none">
      Delivered
    </Badge>
  ) : (
    <Badge variant="light" color="blue" tt="none">
      On the way
    </Badge>
  );
}
