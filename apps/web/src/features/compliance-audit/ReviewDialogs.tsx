import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { ecarReviewInputSchema, ecarSignOffSchema } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';

// The auditor's two written acts: a query or a rejection of an item (its comment), and the sign-off
// (the audit opinion), each checked with the route's own rule and words.

/** The comment a query or rejection needs, with the review route's rule. */
const commentSchema = z.object({
  comment: ecarReviewInputSchema.shape.comment.refine((c) => !!c, {
    message: 'Say what is wrong or missing: a query or a rejection needs a comment',
  }),
});

function TextDialog({
  opened,
  title,
  label,
  confirmLabel,
  color,
  loading,
  error,
  children,
  schema,
  field,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  label: string;
  confirmLabel: string;
  color: string;
  loading: boolean;
  error: unknown;
  children?: ReactNode;
  /** The route's rule for the one text field. */
  schema: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  field: string;
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const form = useSchemaForm(schema, { [field]: '' });
  const fieldLevel = field in useDialogFormErrors(form, opened, error);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form
        noValidate
        aria-label={title}
        onSubmit={form.onSubmit((values) => onConfirm(String(schema.parse(values)[field] ?? '')))}
      >
        <Stack gap="md">
          {children && (
            <Text size="sm" component="div">
              {children}
            </Text>
          )}
          {!fieldLevel && <ActionError error={error} />}
          <Textarea
            label={label}
            required
            data-autofocus
            rows={3}
            maxLength={5000}
            {...form.getInputProps(field)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
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

export function CommentDialog(props: {
  opened: boolean;
  decision: 'queried' | 'rejected';
  item: string;
  loading: boolean;
  error: unknown;
  onConfirm: (comment: string) => void;
  onClose: () => void;
}) {
  const query = props.decision === 'queried';
  return (
    <TextDialog
      {...props}
      schema={commentSchema}
      field="comment"
      title={`${query ? 'Query' : 'Reject'} “${props.item}”`}
      label="Comment"
      confirmLabel={query ? 'Send query' : 'Reject item'}
      color={query ? 'orange' : 'red'}
    >
      {query
        ? 'Ask for what is missing or unclear; the office answers and you review again.'
        : 'Say why the evidence does not support the item.'}
    </TextDialog>
  );
}

export function SignOffDialog(props: {
  opened: boolean;
  loading: boolean;
  error: unknown;
  onConfirm: (opinion: string) => void;
  onClose: () => void;
}) {
  return (
    <TextDialog
      {...props}
      schema={ecarSignOffSchema}
      field="opinion"
      title="Sign off the ECAR"
      label="Audit opinion"
      confirmLabel="Sign off"
      color="green"
    >
      Every item is accepted. Signing off freezes the report for good and enters it into the record log; a
      change then needs a new version.
    </TextDialog>
  );
}
