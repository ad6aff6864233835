import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ForecastKind } from '@plastrace/shared';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { type Forecast, useForecast } from './api.ts';
import { BacktestCard } from './BacktestCard.tsx';
import { ForecastChart } from './ForecastChart.tsx';
import { figure, weekLabel } from './labels.ts';

const WHAT: Record<ForecastKind, string> = { intake: 'The intake forecast', prices: 'The price forecast' };

/** One tab: the forecast of a series once loaded, or why there is none. */
export function ForecastSection({
  kind,
  materialId,
  weeks,
}: {
  kind: ForecastKind;
  materialId: string | null;
  weeks: number;
}) {
  const query = useForecast(kind, materialId, weeks);
  if (query.isPending)
    return (
      <Text c="dimmed" role="status">
        Fitting the forecast…
      </Text>
    );
  if (query.isError)
    return (
      <QueryError
        error={query.error}
        what={WHAT[kind]}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  const f = query.data;
  return (
    <Stack gap="md">
      {query.isPlaceholderData && (
        <Text size="sm" c="dimmed" role="status">
          Fitting the forecast…
        </Text>
      )}
      {f.history.length === 0 ? (
        <EmptyState title="No deliveries in the last two years">
          Forecasts are made from posted receive records: once {f.material ? 'this material' : 'material'} is
          received week after week, its {kind === 'intake' ? 'intake' : 'price'} is forecast here.
        </EmptyState>
      ) : f.message ? (
        <>
          <EmptyState title={f.message}>
            A forecast needs at least {f.neededWeeks} weeks from the first delivery: 8 to test it on and the
            rest to fit it. The weeks so far are charted below.
          </EmptyState>
          <ForecastChart forecast={f} />
        </>
      ) : (
        <>
          <ForecastChart forecast={f} />
          <Text size="sm" c="dimmed">
            {f.model?.name} fitted on {f.historyWeeks} weeks
            {f.model?.chosen === 'auto' ? ' (order picked automatically)' : ' (the fallback order)'}; the band
            holds the actual figure 19 times in 20 if the model is right.
          </Text>
          <BacktestCard forecast={f} />
          <ForecastTable forecast={f} />
        </>
      )}
    </Stack>
  );
}

/** The forecast's figures, week by week: the chart's numbers for reading and for screen readers. */
function ForecastTable({ forecast }: { forecast: Forecast }) {
  const unit = forecast.unit;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="forecast-table-title">
      <Title order={2} fz="h4" id="forecast-table-title" mb="xs">
        Forecast, week by week
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Week of</Table.Th>
              <Table.Th ta="right">Forecast</Table.Th>
              <Table.Th ta="right">Low (95 %)</Table.Th>
              <Table.Th ta="right">High (95 %)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {forecast.forecast.map((p) => (
              <Table.Tr key={p.week}>
                <Table.Td>{weekLabel(p.week)}</Table.Td>
                <Table.Td ta="right">{figure(unit, p.value)}</Table.Td>
                <Table.Td ta="right">{figure(unit, p.low)}</Table.Td>
                <Table.Td ta="right">{figure(unit, p.high)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
