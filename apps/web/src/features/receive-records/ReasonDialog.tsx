import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { fieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  error?: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason an action needs (void, quarantine, release): at least 3 characters. */
export function ReasonDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  loading,
  error,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // The server's word on the reason goes under the field; anything else above the form.
  const serverReason = fieldErrorsOf(error).reason;
  // A dialog closed by its caller (after success) starts empty next time.
  useEffect(() => {
    if (!opened) {
      setReason('');
      setInvalid(null);
    }
  }, [opened]);
  const close = () => {
    setReason('');
    setInvalid(null);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 3) {
      setInvalid('Give a reason of at least 3 characters');
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          {children && <Text size="sm">{children}</Text>}
          {!serverReason && <ActionError error={error} />}
          <Textarea
            label="Reason"
            required
            data-autofocus
            rows={2}
            maxLength={500}
            value={reason}
            error={invalid ?? serverReason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" color={color} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
