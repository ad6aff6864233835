import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { creditRetireSchema } from '@plastrace/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRef } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type CreditBlock, useRetireCredits } from './api.ts';
import { intText } from './forms.ts';
import { creditsText, serialRange } from './labels.tsx';

const schema = creditRetireSchema.omit({ block_id: true }).extend({
  quantity: intText(creditRetireSchema.shape.quantity),
  compliance_year: intText(creditRetireSchema.shape.compliance_year),
});

/** Retires the first serials of a block for a named beneficiary, compliance year and purpose: for good. */
export function RetireDialog({
  block,
  year,
  onClose,
}: {
  block: CreditBlock | null;
  /** The organization's current year: the compliance year offered. */
  year: number;
  onClose: () => void;
}) {
  const opened = block !== null;
  const form = useSchemaForm(schema, {
    quantity: '',
    beneficiary: '',
    compliance_year: String(year),
    purpose: `RA 11898 compliance ${year}`,
  });
  const retire = useRetireCredits();
  const fieldErrors = useDialogFormErrors(form, opened, retire.error);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();

  const close = () => {
    retire.reset();
    key.current = newIdempotencyKey();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    if (!block) return;
    const parsed = schema.parse(values);
    if (parsed.quantity > block.quantity)
      return form.setFieldError('quantity', `You hold ${creditsText(block.quantity)} in this block`);
    retire.mutate(
      {
        blockId: block.id,
        quantity: parsed.quantity,
        beneficiary: parsed.beneficiary,
        complianceYear: parsed.compliance_year,
        purpose: parsed.purpose,
        key: key.current,
      },
      {
        onSuccess: (retired) => {
          showToast({
            message: `Retired ${creditsText(retired.quantity)} on behalf of ${retired.beneficiary}.`,
          });
          close();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Retire credits" centered>
      {block && (
        <form onSubmit={submit} noValidate aria-label="Retire credits">
          <Stack gap="md">
            <Text size="sm">
              You hold {creditsText(block.quantity)}: {serialRange(block.firstSerial, block.lastSerial)}. The
              first serials of the block are retired.
            </Text>
            <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="note">
              Retired credits never move again: they cannot be transferred or retired a second time. The
              beneficiary and purpose are shown in the public registry.
            </Alert>
            {Object.keys(fieldErrors).length === 0 && <ActionError error={retire.error} />}
            <TextInput
              label="Credits to retire"
              description={`At most ${block.quantity}`}
              inputMode="numeric"
              required
              data-autofocus
              {...form.getInputProps('quantity')}
            />
            <TextInput
              label="Beneficiary"
              description="The obliged enterprise the credits are retired for"
              required
              {...form.getInputProps('beneficiary')}
            />
            <TextInput
              label="Compliance year"
              inputMode="numeric"
              required
              {...form.getInputProps('compliance_year')}
            />
            <TextInput label="Purpose" required {...form.getInputProps('purpose')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={retire.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={retire.isPending}>
                Retire for good
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
