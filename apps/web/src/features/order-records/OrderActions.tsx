import { Button, Group } from '@mantine/core';
import { formatKg, orderCancelBodySchema, orderCloseBodySchema } from '@plastrace/shared';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type OrderDetail, useDeleteOrder, useMoveOrder } from './api.ts';

const cancelSchema = orderCancelBodySchema.pick({ reason: true });
const closeShortSchema = z.object({ reason: orderCloseBodySchema.shape.reason.unwrap() });

type Dialog = 'confirm' | 'cancel' | 'close' | 'closeShort' | 'delete' | null;

/**
 * What the office may do with an order in its status: edit, confirm or delete a draft; cancel one
 * nothing has been delivered against; close one when it is done — a sales order short of what was
 * ordered, with a reason.
 */
export function OrderActions({ order }: { order: OrderDetail }) {
  const mayWrite = useCan('orders.write');
  const navigate = useNavigate();
  const { showToast } = useToast();
  const confirm = useMoveOrder('confirm');
  const cancel = useMoveOrder('cancel');
  const close = useMoveOrder('close');
  const remove = useDeleteOrder();
  const [open, setOpen] = useState<Dialog>(null);
  if (!mayWrite) return null;

  const { status, number, version, id } = order;
  // Something was delivered against it: a posted dispatch (sales) or a posted receipt (purchase).
  const shipped =
    order.dispatches.some((d) => d.status === 'posted') || order.receipts.some((r) => r.status === 'posted');
  const done = (message: string) => () => {
    setOpen(null);
    showToast({ message });
  };
  const dismiss = (m: { reset: () => void }) => () => {
    m.reset();
    setOpen(null);
  };
  // An order closes short while some of it is still to come: the office says why.
  const closesShort = status !== 'fulfilled';
  const moved = order.kind === 'sales' ? 'shipped' : 'received';

  return (
    <>
      <Group gap="xs">
        {status === 'draft' && (
          <>
            <Button
              variant="default"
              component={Link}
              to={`/order-records/${id}/edit`}
              leftSection={<IconPencil size={16} aria-hidden />}
            >
              Edit
            </Button>
            <Button variant="default" color="red" onClick={() => setOpen('delete')}>
              Delete draft
            </Button>
            <Button onClick={() => setOpen('confirm')}>Confirm</Button>
          </>
        )}
        {(status === 'draft' || status === 'confirmed') && !shipped && (
          <Button color="red" variant="outline" onClick={() => setOpen('cancel')}>
            Cancel order
          </Button>
        )}
        {(status === 'confirmed' || status === 'partly_fulfilled' || status === 'fulfilled') && (
          <Button variant="outline" onClick={() => setOpen(closesShort ? 'closeShort' : 'close')}>
            Close
          </Button>
        )}
      </Group>

      <ConfirmDialog
        opened={open === 'confirm'}
        title={`Confirm ${number}?`}
        confirmLabel="Confirm order"
        color="brand"
        loading={confirm.isPending}
        error={confirm.error}
        onClose={dismiss(confirm)}
        onConfirm={() => confirm.mutate({ id, version }, { onSuccess: done(`${number} confirmed.`) })}
      >
        Confirming commits to {formatKg(order.totalKg)} with {(order.customer ?? order.supplier)?.name}
        {order.kind === 'sales'
          ? '; dispatches can then be posted against it.'
          : '; deliveries can then be received against it.'}{' '}
        A confirmed order is no longer edited.
      </ConfirmDialog>
      <ConfirmDialog
        opened={open === 'delete'}
        title={`Delete ${number}?`}
        confirmLabel="Delete draft"
        loading={remove.isPending}
        error={remove.error}
        onClose={dismiss(remove)}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              showToast({ message: `Draft ${number} deleted.` });
              navigate('/order-records');
            },
          })
        }
      >
        The draft goes; its number is not used again, and the activity log keeps that it was deleted.
      </ConfirmDialog>
      <ReasonDialog
        opened={open === 'cancel'}
        title={`Cancel ${number}?`}
        confirmLabel="Cancel order"
        schema={cancelSchema}
        loading={cancel.isPending}
        error={cancel.error}
        onClose={dismiss(cancel)}
        onConfirm={(reason) =>
          cancel.mutate({ id, version, reason }, { onSuccess: done(`${number} cancelled.`) })
        }
      >
        A cancelled order stays on record with the reason; nothing can be{' '}
        {order.kind === 'sales' ? 'dispatched' : 'received'} against it.
      </ReasonDialog>
      <ReasonDialog
        opened={open === 'closeShort'}
        title={`Close ${number} short?`}
        confirmLabel="Close order"
        color="brand"
        schema={closeShortSchema}
        loading={close.isPending}
        error={close.error}
        onClose={dismiss(close)}
        onConfirm={(reason) =>
          close.mutate({ id, version, reason }, { onSuccess: done(`${number} closed.`) })
        }
      >
        {formatKg(order.shippedKg)} of {formatKg(order.totalKg)} {moved} ({order.fulfilledPct} %). Closing
        ends the order: what is left is not {moved} against it.
      </ReasonDialog>
      <ConfirmDialog
        opened={open === 'close'}
        title={`Close ${number}?`}
        confirmLabel="Close order"
        color="brand"
        loading={close.isPending}
        error={close.error}
        onClose={dismiss(close)}
        onConfirm={() => close.mutate({ id, version }, { onSuccess: done(`${number} closed.`) })}
      >
        {order.kind === 'sales'
          ? 'Everything ordered has shipped: closing files the order away.'
          : 'Everything ordered has been received: closing files the order away.'}
      </ConfirmDialog>
    </>
  );
}
