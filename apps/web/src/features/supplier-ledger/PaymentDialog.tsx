import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { formatPhp } from '../receive-records/format.ts';
import { type PaymentMethod, useRecordPayment } from './api.ts';

interface PaymentDialogProps {
  opened: boolean;
  supplier: { id: string; name: string };
  /** What is owed now, for the hint. */
  balance: string;
  onClose: () => void;
}

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'gcash', label: 'GCash' },
  { value: 'bank', label: 'Bank transfer' },
];
type Errors = { amount?: string; reference?: string; note?: string; method?: string };

export function validatePayment(amount: string, method: PaymentMethod, reference: string): Errors {
  const errors: Errors = {};
  if (!AMOUNT.test(amount.trim()) || Number(amount) <= 0)
    errors.amount = 'An amount above 0 with up to 2 decimals';
  if (method !== 'cash' && !reference.trim())
    errors.reference = `Enter the ${method === 'gcash' ? 'GCash' : 'bank'} reference number`;
  return errors;
}

/** 'Record payment' (managers and admins): cash, GCash or bank; the last two need a reference. */
export function PaymentDialog({ opened, supplier, balance, onClose }: PaymentDialogProps) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const pay = useRecordPayment();
  const { showToast } = useToast();

  const close = () => {
    setAmount('');
    setMethod('cash');
    setReference('');
    setNote('');
    setErrors({});
    pay.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    pay.reset();
    const found = validatePayment(amount, method, reference);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    pay.mutate(
      {
        supplierId: supplier.id,
        amount: amount.trim(),
        method,
        reference: reference.trim() || undefined,
        note: note.trim() || undefined,
      },
      {
        onSuccess: () => {
          showToast({ message: `Payment of ${formatPhp(amount.trim())} to ${supplier.name} recorded.` });
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
          <Text size="sm">
            To {supplier.name}. Owed now: {formatPhp(balance)}.
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
            data={METHODS}
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
