import { Box, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { useId } from 'react';
import type { Figures, Performance } from './api.ts';
import { barLength, formatPct, monthLabel, targetBand } from './figures.ts';

type Month = Figures & { month: string };

/**
 * One bar a month: the volume as a share of the target, coloured by how it stands. The bar is drawn
 * for the eye only; the row says the same in words (a screen reader reads those).
 */
function MonthBar({ m }: { m: Month }) {
  const band = targetBand(m.targetPct);
  return (
    <Box component="li" style={{ listStyle: 'none' }}>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" w={72} style={{ flexShrink: 0 }}>
          {monthLabel(m.month)}
        </Text>
        <Progress
          value={barLength(m.targetPct)}
          color={band.color}
          size="lg"
          radius="sm"
          aria-hidden
          style={{ flex: '1 1 8rem', minWidth: '8rem' }}
        />
        <Text size="sm" miw="14rem">
          {formatKg(m.volumeKg)} of {formatKg(m.targetKg)} ·{' '}
          {m.targetPct === null ? 'no target' : `${formatPct(m.targetPct)} of target`}
        </Text>
      </Group>
    </Box>
  );
}

function Bars({ title, months }: { title: string; months: Month[] }) {
  const id = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={id}>
      <Title order={2} fz="h5" id={id}>
        {title}
      </Title>
      <Stack gap={4} component="ul" p={0} m={0} aria-label={`${title}: volume against target by month`}>
        {months.map((m) => (
          <MonthBar key={m.month} m={m} />
        ))}
      </Stack>
    </Stack>
  );
}

/** Volume against target for the network and each franchisee, month by month. */
export function TargetBars({ performance }: { performance: Performance }) {
  return (
    <Stack gap="lg">
      <Bars title="All franchisees" months={performance.network.months} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" verticalSpacing="lg">
        {performance.items.map((i) => (
          <Bars
            key={i.franchisee.id}
            title={`${i.franchisee.name} (${i.franchisee.code})`}
            months={i.months}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
