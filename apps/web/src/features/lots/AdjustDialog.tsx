import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ActionError } from '../../components/common/QueryError.tsx';

interface AdjustDialogProps {
  opened: boolean;
  lotCode: string;
  loading: boolean;
  error: unknown;
  onAdjust: (qtyKg: string, reason: string) => void;
  onClose: () => void;
}

const SIGNED_KG = /^-?\d+(\.\d{1,3})?$/;

/** A counted correction of a lot's stock (managers and admins): a signed kg change with a reason. */
export function AdjustDialog({ opened, lotCode, loading, error, onAdjust, onClose }: AdjustDialogProps) {
  const [qty, setQty] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ qty?: string; reason?: string }>({});
  const close = () => {
    setQty('');
    setReason('');
    setErrors({});
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!SIGNED_KG.test(qty.trim()) || Number(qty) === 0)
      found.qty = 'A non-zero change in kg, e.g. -12.5 or 3, up to 3 decimals';
    if (reason.trim().length < 3) found.reason = 'Give a reason';
    setErrors(found);
    if (Object.keys(found).length === 0) onAdjust(qty.trim(), reason.trim());
  };
  return (
    <Modal opened={opened} onClose={close} title={`Adjust ${lotCode}`} centered>
      <form onSubmit={submit} noValidate aria-label={`Adjust ${lotCode}`}>
        <Stack gap="sm">
          <ActionError error={error} />
          <TextInput
            label="Change (kg)"
            description="Negative takes stock out, positive adds it"
            inputMode="decimal"
            required
            value={qty}
            error={errors.qty}
            onChange={(e) => setQty(e.currentTarget.value)}
          />
          <Textarea
            label="Reason"
            required
            rows={2}
            value={reason}
            error={errors.reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
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
