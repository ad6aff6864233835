import { formatPhp, paymentReversalBodySchema } from '@plastrace/shared';
import { formatDateTime } from '../common/format.ts';
import { ReasonDialog } from '../common/ReasonDialog.tsx';
import { useToast } from '../toast/ToastProvider.tsx';
import { type LedgerEntry, useReversePayment } from './api.ts';
import type { LedgerBook } from './books.ts';

interface ReverseDialogProps {
  /** The payment or advance to reverse; null while the dialog is closed. */
  entry: LedgerEntry | null;
  book: LedgerBook;
  partyName: string;
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
export function ReverseDialog({ entry, book, partyName, timeZone, onClose }: ReverseDialogProps) {
  const reverse = useReversePayment(book);
  const { showToast } = useToast();
  const what = entry?.kind === 'advance' ? 'advance' : 'payment';
  const owedAgain = book.direction === 'to' ? `${partyName} is owed` : `${partyName} owes`;
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
              showToast({
                message: `The ${what} of ${paid(entry)} ${book.direction} ${partyName} has been reversed.`,
              });
              close();
            },
          },
        );
      }}
    >
      {entry &&
        `The ${what} of ${paid(entry)} made ${formatDateTime(entry.postedAt, timeZone)} stays on the statement; a reversal dated today cancels it, so ${owedAgain} that amount again. A ${what} can be reversed only once.`}
    </ReasonDialog>
  );
}
