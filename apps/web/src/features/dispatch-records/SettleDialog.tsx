import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { creditNoteAmount, formatKg, formatPhp, settleBodySchema } from '@plastrace/shared';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { type DispatchRecord, useSettleDiscrepancy } from './api.ts';

/** A manager settles a delivery's discrepancy: a transit-loss write-off, or a credit note for a shortfall. */
export function SettleDialog({
  record,
  opened,
  onClose,
}: {
  record: DispatchRecord;
  opened: boolean;
  onClose: () => void;
}) {
  const discrepancyKg = record.discrepancy?.kg ?? '0';
  const short = !discrepancyKg.startsWith('-') && discrepancyKg !== '0';
  const form = useSchemaForm(settleBodySchema, {
    resolution: short ? 'credit_note' : 'write_off',
    reason: '',
  });
  const settle = useSettleDiscrepancy();
  const fieldErrors = useDialogFormErrors(form, opened, settle.error);
  const kg = formatKg(discrepancyKg.replace('-', ''));
  return (
    <Modal opened={opened} onClose={onClose} title={`Settle the discrepancy of ${record.number}`}>
      <form
        noValidate
        aria-label="Settle the discrepancy"
        onSubmit={form.onSubmit((v) => settle.mutate({ id: record.id, ...v }, { onSuccess: onClose }))}
      >
        <Stack gap="sm">
          {settle.error && Object.keys(fieldErrors).length === 0 && (
            <ActionError error={settle.error} onClose={() => settle.reset()} />
          )}
          <Text size="sm">
            The customer received {kg} {short ? 'less' : 'more'} than was shipped.
          </Text>
          <Radio.Group label="Settle it as" {...form.getInputProps('resolution')}>
            <Stack gap="xs" mt={4}>
              <Radio
                value="write_off"
                label={`A transit loss: ${kg} written off, the customer pays as invoiced`}
              />
              <Radio
                value="credit_note"
                disabled={!short}
                label={`A credit note: the customer is credited ${formatPhp(creditNoteAmount(record.amount, record.totalKg, discrepancyKg))} for the ${kg}`}
              />
            </Stack>
          </Radio.Group>
          <Textarea label="Reason" required rows={2} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={settle.isPending}>
              Settle
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
