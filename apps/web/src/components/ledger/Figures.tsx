import { Paper, SimpleGrid, Text } from '@mantine/core';

/** A figure: its label, its value as shown, and a test id. */
export type Figure = [label: string, value: string, id: string];

/** A row of labelled figures (totals, a statement's balances); two a row on a phone. */
export function Figures({ label, figures }: { label: string; figures: Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="group" aria-label={label}>
      {figures.map(([name, value, id]) => (
        <Paper key={id} withBorder p="sm" data-testid={id}>
          <Text size="xs" c="dimmed">
            {name}
          </Text>
          <Text fw={700} size="lg">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
