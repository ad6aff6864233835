import { ActionIcon, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';

// The repeated rows of a record's form (a run's inputs and outputs, a dispatch's lots): a titled
// section with its error and an "add" button, each row a fieldset that can be removed.

// Enter inside a row never submits the form by accident (a tablet's 'Go' key).
const noSubmit = (e: KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};
/** Props of a decimal field typed on a phone or tablet. */
export const decimalInput = { inputMode: 'decimal' as const, autoComplete: 'off', onKeyDown: noSubmit };

export function RowSection(props: {
  title: string;
  error?: ReactNode;
  onAdd: () => void;
  add: string;
  children: ReactNode;
  /** Beside the add button, e.g. a scan button. */
  extra?: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {props.title}
      </Title>
      {props.error && (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      )}
      {props.children}
      <Group>
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={props.onAdd}>
          {props.add}
        </Button>
        {props.extra}
      </Group>
    </Stack>
  );
}

export function FormRow(props: { label: string; onRemove?: (() => void) | undefined; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" component="fieldset" aria-label={props.label} m={0}>
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm" component="legend" p={0}>
          {props.label}
        </Text>
        {props.onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove ${props.label.toLowerCase()}`}
            onClick={props.onRemove}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        )}
      </Group>
      {props.children}
    </Paper>
  );
}
