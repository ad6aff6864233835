import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { creditNoteInputSchema, formatPhp, parseUnits } from '@plastrace/shared';
import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useCurrentBalance } from '../../components/ledger/api.ts';
import { CUSTOMER_LEDGER } from '../../components/ledger/books.ts';
import { balanceText } from '../../components/ledger/labels.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { useCreditNote } from './ledgerApi.ts';

interface CreditNoteDialogProps {
  opened: boolean;
  customer: { id: string; name: string };
  onClose: () => void;
}

/**
 * The credit note as the API checks it (creditNoteInputSchema; the customer is the page's), and the
 * rule the server applies past it said before sending: a credit note never takes the balance below
 * zero. `owed` is what the customer owes now (unknown while it loads: the server checks it).
 */
function creditNoteFormSchema(owed?: string) {
  return creditNoteInputSchema.omit({ customer_id: true }).superRefine(
    (c, ctx) => {
      const units = typeof c.amount === 'string' ? parseUnits(c.amount, 2) : null;
      const owedUnits = owed === undefined ? null : (parseUnits(owed, 2) ?? 0n);
      if (units !== null && owedUnits !== null && units > owedUnits)
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: owedUnits > 0n ? `More than the ${formatPhp(owed)} owed` : 'Nothing is owed now',
        });
    },
    // Also while the reason is refused on its own, so every message shows at once.
    { when: () => true },
  );
}

const EMPTY = { amount: '', reason: '' } as const;

/**
 * 'Credit note' (managers and admins): lowers what the customer owes, dated today, with the reason
 * (a price agreed down, goods returned). A delivery found short is credited from its dispatch instead.
 */
export function CreditNoteDialog({ opened, customer, onClose }: CreditNoteDialogProps) {
  const owed = useCurrentBalance(CUSTOMER_LEDGER, customer.id, opened);
  const schema = useMemo(() => creditNoteFormSchema(owed.data), [owed.data]);
  const form = useSchemaForm(schema, EMPTY);
  const credit = useCreditNote();
  const submission = useRef(newIdempotencyKey());
  const { showToast } = useToast();

  const close = () => {
    form.reset();
    credit.reset();
    submission.current = newIdempotencyKey();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    credit.reset();
    const body = schema.parse(values);
    credit.mutate(
      { customerId: customer.id, ...body, idempotencyKey: submission.current },
      {
        onSuccess: () => {
          showToast({ message: `Credit note of ${formatPhp(body.amount)} to ${customer.name} recorded.` });
          close();
        },
        onError: (error) => form.setErrors(wireFieldErrorsOf(error)),
      },
    );
  });
  const fieldLevel = Object.keys(wireFieldErrorsOf(credit.error)).length > 0;

  return (
    <Modal opened={opened} onClose={close} title="Credit note" centered>
      <form onSubmit={submit} noValidate aria-label="Credit note">
        <Stack gap="sm">
          <Text size="sm" data-testid="owed-now">
            For {customer.name}. Owed now:{' '}
            {owed.data === undefined ? '…' : balanceText(owed.data, CUSTOMER_LEDGER.negative)}. Dated today.
          </Text>
          {!fieldLevel && <ActionError error={credit.error} />}
          <TextInput
            label="Amount (PHP)"
            inputMode="decimal"
            required
            data-autofocus
            {...form.getInputProps('amount')}
          />
          <Textarea label="Reason" required {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={credit.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={credit.isPending}>
              Record credit note
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
