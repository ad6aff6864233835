import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { creditTransferSchema } from '@plastrace/shared';
import { IconBuilding } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { isNotFound, problemText } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { leftOutWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type CreditBlock, type CreditOrganization, lookUpOrganization, useTransferCredits } from './api.ts';
import { intText } from './forms.ts';
import { creditsText, serialRange } from './labels.tsx';

const schema = creditTransferSchema.omit({ block_id: true }).extend({
  quantity: intText(creditTransferSchema.shape.quantity),
  note: leftOutWhenBlank(creditTransferSchema.shape.note),
});

/**
 * Transfers the first serials of a block to another organization of this installation: its identifier
 * is looked up and its name shown, and only that confirmed recipient can be sent to.
 */
export function TransferDialog({ block, onClose }: { block: CreditBlock | null; onClose: () => void }) {
  const opened = block !== null;
  const form = useSchemaForm(schema, { quantity: '', to_organization: '', note: '' });
  const transfer = useTransferCredits();
  const fieldErrors = useDialogFormErrors(form, opened, transfer.error);
  const [recipient, setRecipient] = useState<CreditOrganization | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const slug = form.values.to_organization.trim().toLowerCase();
  // A recipient looked up for another identifier than the one now typed is no confirmation.
  const confirmed = recipient?.slug.toLowerCase() === slug ? recipient : null;

  const close = () => {
    setRecipient(null);
    transfer.reset();
    key.current = newIdempotencyKey();
    onClose();
  };

  async function lookUp() {
    if (!slug) return form.setFieldError('to_organization', 'Enter the organization’s identifier');
    setLookingUp(true);
    try {
      setRecipient(await lookUpOrganization(slug));
    } catch (e) {
      setRecipient(null);
      form.setFieldError(
        'to_organization',
        isNotFound(e) ? `No organization has the identifier ${slug}` : problemText(e),
      );
    } finally {
      setLookingUp(false);
    }
  }

  const submit = form.onSubmit((values) => {
    if (!block || !confirmed) return;
    const to = confirmed;
    const parsed = schema.parse(values);
    if (parsed.quantity > block.quantity)
      return form.setFieldError('quantity', `You hold ${creditsText(block.quantity)} in this block`);
    transfer.mutate(
      {
        blockId: block.id,
        quantity: parsed.quantity,
        toOrganization: parsed.to_organization,
        ...(parsed.note ? { note: parsed.note } : {}),
        key: key.current,
      },
      {
        onSuccess: () => {
          showToast({ message: `Transferred ${creditsText(parsed.quantity)} to ${to.name}.` });
          close();
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="Transfer credits" centered>
      {block && (
        <form onSubmit={submit} noValidate aria-label="Transfer credits">
          <Stack gap="md">
            <Text size="sm">
              You hold {creditsText(block.quantity)}: {serialRange(block.firstSerial, block.lastSerial)}. The
              first serials of the block go to the recipient.
            </Text>
            {Object.keys(fieldErrors).length === 0 && <ActionError error={transfer.error} />}
            <TextInput
              label="Credits to transfer"
              description={`At most ${block.quantity}`}
              inputMode="numeric"
              required
              data-autofocus
              {...form.getInputProps('quantity')}
            />
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput
                label="Recipient’s organization identifier"
                description="As shown in their organization settings, e.g. ecoplast-recycling"
                required
                style={{ flex: 1 }}
                {...form.getInputProps('to_organization')}
              />
              <Button variant="default" onClick={lookUp} loading={lookingUp}>
                Look up
              </Button>
            </Group>
            {confirmed && (
              <Alert color="blue" icon={<IconBuilding aria-hidden />} title="Recipient" role="status">
                {confirmed.name} ({confirmed.slug})
              </Alert>
            )}
            <Textarea
              label="Note"
              description="Optional: a contract or invoice number"
              rows={2}
              {...form.getInputProps('note')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={transfer.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={transfer.isPending} disabled={!confirmed}>
                {confirmed ? `Transfer to ${confirmed.name}` : 'Look up the recipient first'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
