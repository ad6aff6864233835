import { NativeSelect } from '@mantine/core';
import { OPEN_ORDER_STATUSES, ORDER_STATUS_LABELS } from '@plastrace/shared';
import { type Order, type OrderDetail, useOpenPurchaseOrders } from '../order-records/api.ts';
import type { ReceiveForm } from './formState.ts';

/** "PO-2026-000003 · due 2026-12-01 · 40.00 % received" */
export const purchaseOrderLabel = (o: Pick<Order, 'number' | 'dueOn' | 'fulfilledPct'>) =>
  `${o.number} · ${o.dueOn ? `due ${o.dueOn}` : 'no due date'} · ${o.fulfilledPct} % received`;

/**
 * The purchase order a delivery is received against, optional: the supplier's open ones (confirmed or
 * partly fulfilled). `current` is the order the form already names (a draft's, or one given in the
 * address), listed even when it is no longer open so the form still shows it.
 */
export function PurchaseOrderSelect({
  form,
  current,
  loadError,
}: {
  form: ReceiveForm;
  current: OrderDetail | { id: string; number: string } | undefined;
  loadError?: Error | null;
}) {
  const { supplier_id: supplierId, order_id: orderId } = form.getValues();
  const open = useOpenPurchaseOrders(supplierId);
  const orders = open.data ?? [];
  const listed = orders.some((o) => o.id === orderId);
  const closed =
    current &&
    'status' in current &&
    current.id === orderId &&
    !(OPEN_ORDER_STATUSES as readonly string[]).includes(current.status)
      ? current
      : undefined;
  const description = loadError
    ? `The purchase order could not be loaded: ${loadError.message}`
    : closed
      ? `${closed.number} is ${ORDER_STATUS_LABELS[closed.status].toLowerCase()}: deliveries are no longer received against it`
      : open.isError
        ? `The supplier’s orders could not be loaded: ${open.error.message}`
        : open.data && orders.length === 0 && !orderId
          ? 'No open purchase order for this supplier'
          : 'Optional: the lines count towards it and take its prices';
  return (
    <NativeSelect
      label="Purchase order"
      description={description}
      {...form.getInputProps('order_id')}
      data={[
        { value: '', label: open.isPending ? 'Loading…' : 'No purchase order' },
        ...orders.map((o) => ({ value: o.id, label: purchaseOrderLabel(o) })),
        ...(orderId && !listed
          ? [
              {
                value: orderId,
                label:
                  current?.id === orderId
                    ? 'dueOn' in current
                      ? purchaseOrderLabel(current)
                      : current.number
                    : 'Loading…',
              },
            ]
          : []),
      ]}
    />
  );
}
