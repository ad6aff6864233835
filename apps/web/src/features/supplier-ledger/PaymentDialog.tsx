import { Button, Checkbox, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { formatPhp, parseUnits } from '@plastrace/shared';
import { type FormEvent, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { fromLocalInput, toLocalInput } from '../receive-records/datetime.ts';
import { type PaymentMethod, useCurrentBalance, useRecordPayment } from './api.ts';
import { PAYMENT_METHOD_OPTIONS } from './labels.ts';
import { balanceText } from './StatementTable.tsx';

interface PaymentDialogProps {
  opened: boolean;
  supplier: { id: string; name: string };
  onClose: () => void;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
type Errors = { amount?: string; reference?: string; note?: string; method?: string; paidAt?: string };

/** `owed` is what the supplier is owed now (unknown while it loads: the server checks it anyway). */
export function validatePayment(
  p: {
    amount: string;
    method: PaymentMethod;
    reference: string;
    advance: boolean;
    /** ISO time when paid earlier; undefined for now, null when the input is not a valid time. */
    paidAt?: string | null;
  },
  owed?: string,
): Errors {
  const { amount, method, reference } = p;
  const errors: Errors = {};
  const units = AMOUNT.test(amount.trim()) ? parseUnits(amount, 2) : null;
  const owedUnits = owed === undefined ? null : (parseUnits(owed, 2) ?? 0n);
  if (units === null || units <= 0n) errors.amount = 'An amount above 0 with up to 2 decimals';
  else if (!p.advance && owedUnits !== null && units > owedUnits)
    errors.amount =
      owedUnits > 0n
        ? `More than the ${formatPhp(owed)} owed: tick “Advance” to pay more`
        : 'Nothing is owed now: tick “Advance” to pay ahead';
  if (method !== 'cash' && !reference.trim())
    errors.reference = `Enter the ${method === 'gcash' ? 'GCash' : 'bank'} reference number`;
  if (p.paidAt !== undefined) {
    if (p.paidAt === null) errors.paidAt = 'Enter the date and time paid';
    else if (new Date(p.paidAt).getTime() > Date.now())
      errors.paidAt = 'The time paid cannot be in the future';
  }
  return errors;
}

/**
 * 'Record payment' (managers and admins): cash, GCash or bank; the last two need a reference. Paying
 * more than is owed needs the Advance box: the excess is a cash advance against future deliveries.
 */
export function PaymentDialog({ opened, supplier, onClose }: PaymentDialogProps) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [advance, setAdvance] = useState(false);
  const [paidAtLocal, setPaidAtLocal] = useState('');
  const { timeZone } = useMe();
  const owed = useCurrentBalance(supplier.id, opened);
  const [errors, setErrors] = useState<Errors>({});
  const pay = useRecordPayment();
  const submission = useRef(newIdempotencyKey());
  const { showToast } = useToast();

  const close = () => {
    setAmount('');
    setMethod('cash');
    setReference('');
    setNote('');
    setAdvance(false);
    setPaidAtLocal('');
    setErrors({});
    pay.reset();
    submission.current = newIdempotencyKey();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    pay.reset();
    const paidAt = paidAtLocal ? fromLocalInput(paidAtLocal, timeZone) : undefined;
    const found = validatePayment({ amount, method, reference, advance, paidAt }, owed.data);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    pay.mutate(
      {
        supplierId: supplier.id,
        amount: amount.trim(),
        method,
        reference: reference.trim() || undefined,
        note: note.trim() || undefined,
        advance,
        paidAt: paidAt ?? undefined,
        idempotencyKey: submission.current,
      },
      {
        onSuccess: (entry) => {
          const what = entry.kind === 'advance' ? 'Advance' : 'Payment';
          showToast({ message: `${what} of ${formatPhp(amount.trim())} to ${supplier.name} recorded.` });
          close();
        },
        onError: (error) => setErrors(fieldErrorsOf(error)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Record payment" centered>
      <form onSubmit={submit} noValidate aria-label="Record payment">
        <Stack gap="sm">
          <Text size="sm" data-testid="owed-now">
            To {supplier.name}. Owed now: {owed.data === undefined ? '…' : balanceText(owed.data)}.
          </Text>
          <ActionError error={pay.error} />
          <TextInput
            label="Amount (PHP)"
            inputMode="decimal"
            required
            data-autofocus
            value={amount}
            error={errors.amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
          />
          <NativeSelect
            label="Method"
            data={PAYMENT_METHOD_OPTIONS}
            value={method}
            error={errors.method}
            onChange={(e) => setMethod(e.currentTarget.value as PaymentMethod)}
          />
          <TextInput
            label="Reference"
            required={method !== 'cash'}
            value={reference}
            error={errors.reference}
            onChange={(e) => setReference(e.currentTarget.value)}
          />
          <Checkbox
            label="Advance: pay more than is owed, against future deliveries"
            checked={advance}
            onChange={(e) => setAdvance(e.currentTarget.checked)}
          />
          <TextInput
            label="Paid at"
            type="datetime-local"
            description={`Leave empty if paid just now. Time in ${timeZone}`}
            max={toLocalInput(new Date(), timeZone)}
            value={paidAtLocal}
            error={errors.paidAt}
            onChange={(e) => setPaidAtLocal(e.currentTarget.value)}
          />
          <TextInput
            label="Note"
            value={note}
            error={errors.note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
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
