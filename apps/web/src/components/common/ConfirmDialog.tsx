import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionError } from './QueryError.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action that is hard to undo (deactivate a member, revoke an invitation). */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  loading,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        <ActionError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
