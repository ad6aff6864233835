import { formatPhp, paymentReversalBodySchema } from '@plastrace/shared';
import { formatDateTime } from '../../components/common/format.ts';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type LedgerEntry, useReversePayment } from './api.ts';

interface ReverseDialogProps {
  /** The payment or advance to reverse; null while the dialog is closed. */
  entry: LedgerEntry | null;
  supplierName: string;
  timeZone: string;
  onClose: () => void;
}

/** The amount of a payment or advance as a positive figure (the ledger stores it as a decrease). */
const paid = (entry: LedgerEntry) => formatPhp(entry.amount.replace(/^-/, ''));

/**
 * 'Reverse' a mistaken payment or advance, with the reason (payments.write). The entry stays on the
 * statement and a reversal dated today cancels it; the server's refusals (already reversed, books
 * closed) are shown in the dialog.
 */
export function ReverseDialog({ entry, supplierName, timeZone, onClose }: ReverseDialogProps) {
  const reverse = useReversePayment();
  const { showToast } = useToast();
  const what = entry?.kind === 'advance' ? 'advance' : 'payment';
  const close = () => {
    reverse.reset();
    onClose();
  };
  return (
    <ReasonDialog
      opened={entry !== null}
      title={`Reverse this ${what}?`}
      confirmLabel={`Reverse ${what}`}
      loading={reverse.isPending}
      error={reverse.error}
      schema={paymentReversalBodySchema}
      onClose={close}
      onConfirm={(reason) => {
        if (!entry) return;
        reverse.mutate(
          { entryId: entry.id, reason },
          {
            onSuccess: () => {
              showToast({ message: `The ${what} of ${paid(entry)} to ${supplierName} has been reversed.` });
              close();
            },
          },
        );
      }}
    >
      {entry &&
        `The ${what} of ${paid(entry)} made ${formatDateTime(entry.postedAt, timeZone)} stays on the statement; a reversal dated today cancels it, so ${supplierName} is owed that amount again. A ${what} can be reversed only once.`}
    </ReasonDialog>
  );
}
