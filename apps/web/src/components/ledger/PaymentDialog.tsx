import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { formatPhp, parseUnits, paymentInputSchema, referenceNameOf } from '@plastrace/shared';
import { useMemo, useRef } from 'react';
import { z } from 'zod';
import { ApiError } from '../../api/errors.ts';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../common/apiErrors.ts';
import { fromLocalInput, toLocalInput } from '../common/datetime.ts';
import { ActionError } from '../common/QueryError.tsx';
import { leftOutWhenBlank, useSchemaForm } from '../common/schemaForm.ts';
import { useMe } from '../common/useMe.ts';
import { useToast } from '../toast/ToastProvider.tsx';
import { useCurrentBalance, useRecordPayment } from './api.ts';
import type { LedgerBook } from './books.ts';
import { balanceText, PAYMENT_METHOD_OPTIONS } from './labels.ts';

interface PaymentDialogProps {
  opened: boolean;
  book: LedgerBook;
  /** Who is paid, or who pays. */
  party: { id: string; name: string };
  onClose: () => void;
}

const wire = paymentInputSchema.shape;

/**
 * The payment body as the API checks it (paymentInputSchema, whose fields the customer book's shares;
 * the party is the page's), with the paid-at time read in the organization's zone, and the rules the
 * server applies past its schema said before sending. `owed` is what is owed now (unknown while it
 * loads: the server checks it); `advances`: more may be paid as an advance.
 */
function paymentFormSchema(timeZone: string, advances: boolean, owed?: string) {
  return paymentInputSchema
    .omit({ supplier_id: true })
    .extend({
      reference: leftOutWhenBlank(wire.reference),
      note: leftOutWhenBlank(wire.note),
      // Empty: paid just now.
      paid_at: z
        .string()
        .transform((local) => (local ? (fromLocalInput(local, timeZone) ?? local) : undefined))
        .pipe(wire.paid_at),
    })
    .superRefine(
      (p, ctx) => {
        const problem = (path: string, message: string) =>
          ctx.addIssue({ code: 'custom', path: [path], message });
        const units = typeof p.amount === 'string' ? parseUnits(p.amount, 2) : null;
        const owedUnits = owed === undefined ? null : (parseUnits(owed, 2) ?? 0n);
        if (!p.advance && units !== null && owedUnits !== null && units > owedUnits)
          problem(
            'amount',
            owedUnits > 0n
              ? `More than the ${formatPhp(owed)} owed${advances ? ': tick “Advance” to pay more' : ''}`
              : `Nothing is owed now${advances ? ': tick “Advance” to pay ahead' : ''}`,
          );
        if (p.method !== 'cash' && !p.reference)
          problem('reference', `Enter the ${referenceNameOf(p.method)}`);
        if (typeof p.paid_at === 'string' && new Date(p.paid_at).getTime() > Date.now())
          problem('paid_at', 'The time paid cannot be in the future');
      },
      // Also while a field is refused on its own, so every message shows at once.
      { when: () => true },
    );
}

/**
 * The server's refusals by field. A posting in a closed period (details.books_closed_through) is
 * refused for its date: the paid-at time, or now when none was given.
 */
function paymentFieldErrors(error: unknown): Record<string, string> {
  const fields = wireFieldErrorsOf(error);
  if (error instanceof ApiError && typeof error.details?.books_closed_through === 'string')
    fields.paid_at ??= error.message;
  return fields;
}

const EMPTY = { amount: '', method: 'cash', reference: '', note: '', advance: false, paid_at: '' } as const;

/**
 * 'Record payment' (managers and admins): cash, GCash, bank or cheque; all but cash need a reference.
 * Paying a supplier more than is owed needs the Advance box: the excess is a cash advance against
 * future deliveries. A customer never pays more than is owed (deposits are not kept).
 */
export function PaymentDialog({ opened, book, party, onClose }: PaymentDialogProps) {
  const { timeZone } = useMe();
  const owed = useCurrentBalance(book, party.id, opened);
  const schema = useMemo(
    () => paymentFormSchema(timeZone, book.advances, owed.data),
    [timeZone, book.advances, owed.data],
  );
  const form = useSchemaForm(schema, EMPTY);
  const pay = useRecordPayment(book);
  const submission = useRef(newIdempotencyKey());
  const { showToast } = useToast();

  const close = () => {
    form.reset();
    pay.reset();
    submission.current = newIdempotencyKey();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    pay.reset();
    const body = schema.parse(values);
    pay.mutate(
      {
        partyId: party.id,
        amount: body.amount,
        method: body.method,
        reference: body.reference,
        note: body.note,
        advance: body.advance,
        paidAt: body.paid_at,
        idempotencyKey: submission.current,
      },
      {
        onSuccess: (entry) => {
          const what = entry.kind === 'advance' ? 'Advance' : 'Payment';
          showToast({
            message: `${what} of ${formatPhp(body.amount)} ${book.direction} ${party.name} recorded.`,
          });
          close();
        },
        onError: (error) => form.setErrors(paymentFieldErrors(error)),
      },
    );
  });
  const fieldLevel = Object.keys(paymentFieldErrors(pay.error)).length > 0;
  const method = form.getInputProps('method');
  const advance = form.getInputProps('advance', { type: 'checkbox' });

  return (
    <Modal opened={opened} onClose={close} title="Record payment" centered>
      <form onSubmit={submit} noValidate aria-label="Record payment">
        <Stack gap="sm">
          <Text size="sm" data-testid="owed-now">
            {book.direction === 'to' ? 'To' : 'From'} {party.name}. Owed now:{' '}
            {owed.data === undefined ? '…' : balanceText(owed.data, book.negative)}.
          </Text>
          {!fieldLevel && <ActionError error={pay.error} />}
          <TextInput
            label="Amount (PHP)"
            inputMode="decimal"
            required
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <NativeSelect
            label="Method"
            data={PAYMENT_METHOD_OPTIONS}
            {...method}
            onChange={(e) => {
              method.onChange(e);
              // Another method asks for a reference, or none.
              form.clearFieldError('reference');
            }}
          />
          <TextInput
            label="Reference"
            required={form.getValues().method !== 'cash'}
            {...form.getInputProps('reference')}
          />
          {book.advances && (
            <Checkbox
              label="Advance: pay more than is owed, against future deliveries"
              {...advance}
              onChange={(e) => {
                advance.onChange(e);
                // Ticking it answers "more than is owed" on the amount.
                form.clearFieldError('amount');
              }}
            />
          )}
          <TextInput
            label="Paid at"
            type="datetime-local"
            description={`Leave empty if paid just now. Time in ${timeZone}`}
            max={toLocalInput(new Date(), timeZone)}
            {...form.getInputProps('paid_at')}
          />
          <TextInput label="Note" {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pay.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={pay.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
