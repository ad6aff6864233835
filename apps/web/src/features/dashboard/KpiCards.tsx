import { Badge, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import type { ReactNode } from 'react';
import type { DashboardSummary } from './summary.ts';

type Operations = NonNullable<DashboardSummary['operations']>;
type Change = Operations['received']['today'];

/** "▲ 12.5 % vs yesterday": up in green, down in red, nothing before said in words. */
export function ChangeBadge({ change, against }: { change: Change; against: string }) {
  if (change.changePct === null)
    return (
      <Text size="xs" c="dimmed">
        Nothing {against}
      </Text>
    );
  const pct = Number(change.changePct);
  const up = pct > 0;
  const label = pct === 0 ? 'No change' : `${up ? '▲' : '▼'} ${Math.abs(pct).toFixed(1)} %`;
  return (
    <Badge variant="light" color={pct === 0 ? 'gray' : up ? 'green' : 'red'} size="sm" radius="sm">
      {label} {against}
    </Badge>
  );
}

function Kpi({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700} lh={1.3}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}

/** The figures of the day, the week and the month, each against the same days of the period before. */
export function KpiCards({ ops }: { ops: Operations }) {
  const { received, production, dispatched, stock } = ops;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <Kpi label="Received today" value={formatKg(received.today.current)}>
        <ChangeBadge change={received.today} against="vs yesterday" />
      </Kpi>
      <Kpi label="Received this week" value={formatKg(received.week.current)}>
        <ChangeBadge change={received.week} against="vs last week" />
      </Kpi>
      <Kpi label="Received this month" value={formatKg(received.month.current)}>
        <ChangeBadge change={received.month} against="vs last month" />
        <Text size="xs" c="dimmed" mt={4}>
          {received.deliveriesMonth} delivery {received.deliveriesMonth === 1 ? 'line' : 'lines'}
          {received.paidMonth !== null && <> · {formatPhp(received.paidMonth)} owed</>}
        </Text>
      </Kpi>
      <Kpi label="Stock on hand" value={formatKg(stock.totalKg)}>
        {stock.totalValue !== null && (
          <Text size="xs" c="dimmed">
            Valued at {formatPhp(stock.totalValue)}
          </Text>
        )}
      </Kpi>
      <Kpi
        label="Yield this month"
        value={production.yieldPct === null ? 'No runs yet' : `${production.yieldPct} %`}
      >
        <Text size="xs" c="dimmed">
          {production.runs} {production.runs === 1 ? 'run' : 'runs'}: {formatKg(production.outputKg)} out of{' '}
          {formatKg(production.inputKg)}
          {production.previousYieldPct !== null && <> · last month {production.previousYieldPct} %</>}
        </Text>
      </Kpi>
      <Kpi label="Dispatched this month" value={formatKg(dispatched.kg.current)}>
        <ChangeBadge change={dispatched.kg} against="vs last month" />
        {dispatched.sales && (
          <Text size="xs" c="dimmed" mt={4}>
            Sales {formatPhp(dispatched.sales.current)}
          </Text>
        )}
      </Kpi>
      {ops.payables !== null && <Kpi label="We owe suppliers" value={formatPhp(ops.payables)} />}
      {ops.receivables !== null && <Kpi label="Customers owe us" value={formatPhp(ops.receivables)} />}
      {ops.credits && (
        <Kpi label={`EPR credits ${ops.credits.year}`} value={`${ops.credits.issued} issued`}>
          <Text size="xs" c="dimmed">
            {ops.credits.retired} retired
          </Text>
        </Kpi>
      )}
    </SimpleGrid>
  );
}
