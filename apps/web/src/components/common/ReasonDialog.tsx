import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { reasonBodySchema } from '@plastrace/shared';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { ActionError } from './QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from './schemaForm.ts';

/** A body of one reason, as the void, quarantine, reversal and cancel routes take. */
type ReasonBodySchema = z.ZodType<{ reason: string }, { reason: string }>;

interface ReasonDialogProps {
  opened: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  error?: unknown;
  /** The route's own body schema, whose rule and words the reason is checked with (lots' by default). */
  schema?: ReasonBodySchema;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason an action needs (void, quarantine, release), checked as the route checks it. */
export function ReasonDialog({
  opened,
  title,
  children,
  confirmLabel,
  color = 'red',
  loading,
  error,
  schema = reasonBodySchema,
  onConfirm,
  onClose,
}: ReasonDialogProps) {
  const form = useSchemaForm(schema, { reason: '' });
  // The caller runs the request: its refusal of the reason goes under the field, anything else above.
  const fieldLevel = 'reason' in useDialogFormErrors(form, opened, error);
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={form.onSubmit((values) => onConfirm(schema.parse(values).reason))}
        noValidate
        aria-label={title}
      >
        <Stack gap="md">
          {children && <Text size="sm">{children}</Text>}
          {!fieldLevel && <ActionError error={error} />}
          <Textarea
            label="Reason"
            required
            data-autofocus
            rows={2}
            maxLength={500}
            {...form.getInputProps('reason')}
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
