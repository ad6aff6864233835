import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list with nothing in it yet says what it is for and offers what fills it; a filter that matches
 * nothing says so and how to widen it. One pattern for every list.
 */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  /** What the list is for, or why it is empty. */
  children?: ReactNode;
  /** The button or link that fills it (only for roles that may). */
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl" role="status">
      <Stack align="center" ta="center" gap="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children && (
          <Text size="sm" c="dimmed" maw={520}>
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
