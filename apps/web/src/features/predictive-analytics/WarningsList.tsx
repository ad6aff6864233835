import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { CardList } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useWarnings, type WarningItem, type Warnings } from './api.ts';
import { weekLabel } from './labels.ts';

/** The warning in a sentence: when stock runs out, or how long it would last. */
function sentence(item: WarningItem, w: Warnings): string {
  if (item.warning === 'stock_out')
    return `Runs short in the week of ${weekLabel(item.stockOutWeek ?? '')}: open orders need more than is in stock and expected.`;
  if (item.coverWeeks === null)
    return `Nothing went out in the last ${w.outflowWeeks} weeks, and ${formatKg(item.projectedKg)} would be in stock.`;
  return `${item.coverWeeks} weeks of average outflow would be in stock at the end, more than ${w.overStockWeeks}.`;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

/**
 * Stock-outs and over-stock expected over the horizon: each material's stock today, plus the intake
 * forecast, less what open sales orders still need, against its recent outflow.
 */
export function WarningsList({ weeks }: { weeks: number }) {
  const query = useWarnings(weeks);
  return (
    <Stack gap="sm" component="section" aria-labelledby="warnings-title">
      <Title order={2} fz="h3" id="warnings-title">
        Stock warnings over the next {weeks} weeks
      </Title>
      <WarningsBody query={query} />
    </Stack>
  );
}

function WarningsBody({ query }: { query: ReturnType<typeof useWarnings> }) {
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Projecting stock…
      </Text>
    );
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        what="The stock warnings"
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  const w = query.data;
  const items = w.items.filter((i) => i.warning !== null);
  if (!items.length)
    return (
      <EmptyState title="No stock-out or over-stock expected">
        With today’s stock, the intake forecast and the open sales orders, every material stays above zero and
        under {w.overStockWeeks} weeks of its average outflow.
      </EmptyState>
    );
  return (
    <>
      <Text size="sm" c="dimmed">
        Stock today + forecast intake − what open sales orders still need, week by week. Outflow is what was
        dispatched or used in production, a week on average over the last {w.outflowWeeks} weeks.
      </Text>
      <CardList label="Stock warnings" items={items} keyOf={(i) => i.material.id}>
        {(item) => (
          <Stack gap={6}>
            <Group gap="xs" justify="space-between">
              <Text fw={600}>
                {item.material.name} ({item.material.code})
              </Text>
              <Badge color={item.warning === 'stock_out' ? 'red' : 'orange'} variant="light">
                {item.warning === 'stock_out' ? 'Stock-out' : 'Over-stock'}
              </Badge>
            </Group>
            <Text size="sm">{sentence(item, w)}</Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
              <Figure label="In stock today" value={formatKg(item.stockKg)} />
              <Figure
                label="Intake expected"
                value={item.intakeForecast ? formatKg(item.intakeKg) : 'not forecast (short history)'}
              />
              <Figure label="Open orders" value={formatKg(item.openOrdersKg)} />
              <Figure label="Projected at the end" value={formatKg(item.projectedKg)} />
              <Figure label="Average outflow a week" value={formatKg(item.averageOutflowKg)} />
            </SimpleGrid>
          </Stack>
        )}
      </CardList>
    </>
  );
}
