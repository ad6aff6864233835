import { Anchor, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ImpactFigures } from './api.ts';
import { verifiedBadge } from './FactorsTable.tsx';
import { formatHowMany, withUnit } from './figures.ts';

/** What the net CO2e avoided is like, each comparison with its source, address and date. */
export function Equivalents({ items }: { items: ImpactFigures['equivalents'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      {items.map((e) => (
        <Paper key={e.code} withBorder radius="md" p="md" component="section" aria-label={e.label}>
          <Stack gap={4}>
            <Text fz="xl" fw={700}>
              {formatHowMany(e.value)}
            </Text>
            <Text size="sm">{e.label}</Text>
            <Text size="xs" c="dimmed">
              {withUnit(e.kgCo2ePerUnit, 'kg CO2e')} each. {e.source} ({e.asOf}).{' '}
              <Anchor href={e.url} target="_blank" rel="noreferrer" size="xs">
                Source page<VisuallyHidden> of “{e.label}”</VisuallyHidden>
              </Anchor>{' '}
              {verifiedBadge(e.verified)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
