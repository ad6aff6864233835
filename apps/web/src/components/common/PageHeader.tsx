import { Box, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The top of every data page: its title and what it is for, with the page's actions on the right
 * (the primary one last); on a phone the actions go under the title.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <Title order={1}>{title}</Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </div>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

/**
 * A list's filters: fields in even columns that wrap whole (not one field left alone on a line), their
 * labels on one line (a field's error opens below it, moving nothing else); `actions` (an export) end
 * the bar, level with the inputs.
 */
export function FilterBar({
  label,
  children,
  actions,
}: {
  label: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      role="search"
      aria-label={label}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
        gap: 'var(--mantine-spacing-sm)',
        alignItems: 'start',
      }}
    >
      {children}
      {actions && (
        // 25 px: the height of a field's label, so the buttons stand level with the inputs.
        <Group gap="xs" justify="flex-end" mt={25} style={{ gridColumn: '-2 / -1' }}>
          {actions}
        </Group>
      )}
    </Box>
  );
}
