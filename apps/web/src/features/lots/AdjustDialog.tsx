import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { adjustBodySchema } from '@plastrace/shared';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';

interface AdjustDialogProps {
  opened: boolean;
  lotCode: string;
  loading: boolean;
  error: unknown;
  onAdjust: (qtyKg: string, reason: string) => void;
  onClose: () => void;
}

/** A counted correction of a lot's stock (managers and admins): a signed kg change with a reason. */
export function AdjustDialog({ opened, lotCode, loading, error, onAdjust, onClose }: AdjustDialogProps) {
  // Checked by the adjust route's own body schema, in its words.
  const form = useSchemaForm(adjustBodySchema, { qty_kg: '', reason: '' });
  // The caller runs the request: its refusal of a field goes under that field, anything else above.
  const fieldLevel = Object.keys(useDialogFormErrors(form, opened, error)).length > 0;
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) => {
    const body = adjustBodySchema.parse(values);
    onAdjust(body.qty_kg, body.reason);
  });
  return (
    <Modal opened={opened} onClose={close} title={`Adjust ${lotCode}`} centered>
      <form onSubmit={submit} noValidate aria-label={`Adjust ${lotCode}`}>
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={error} />}
          <TextInput
            label="Change (kg)"
            description="Negative takes stock out, positive adds it"
            inputMode="decimal"
            required
            {...form.getInputProps('qty_kg')}
          />
          <Textarea label="Reason" required rows={2} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Adjust
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
