import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Backtest, Forecast } from './api.ts';
import { figure, seriesWords, weekLabel } from './labels.ts';

const pct = (x: string) => `${x} %`;

/** Whether the model beat the naive guess, in plain words. */
function verdict(b: Backtest): string {
  if (b.mapePct === null || b.naiveMapePct === null) return '';
  const model = Number(b.mapePct);
  const naive = Number(b.naiveMapePct);
  if (model < naive) return 'The model did better than that simple guess.';
  if (model > naive) return 'The simple guess did better than the model: trust the forecast less.';
  return 'The model did no better than that simple guess.';
}

/**
 * How far off the forecast would have been: the model refitted as if it were 8 weeks ago, its forecast of
 * those weeks against what happened, beside the naive forecast (the last known value, every week).
 */
export function BacktestCard({ forecast }: { forecast: Forecast }) {
  const b = forecast.backtest;
  if (!b) return null;
  const weeks = b.weeks.length;
  const what = seriesWords(forecast.unit);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="backtest-title">
      <Stack gap="xs">
        <Title order={2} fz="h4" id="backtest-title">
          {b.mapePct === null
            ? `Backtest over the last ${weeks} weeks: no error to measure`
            : `Backtest over the last ${weeks} weeks: MAPE ${pct(b.mapePct)} (naive ${pct(b.naiveMapePct ?? '—')})`}
        </Title>
        {b.mapePct === null ? (
          <Text size="sm">
            None of the last {weeks} weeks had {what} to compare the forecast with, so its error cannot be
            measured yet.
          </Text>
        ) : (
          <Text size="sm">
            We fitted the same model on the history up to {weeks} weeks ago and forecast those weeks. Compared
            with what actually happened, it was off by {pct(b.mapePct)} on average (the mean absolute
            percentage error, MAPE, over {b.weeksCompared} of the {weeks} weeks; weeks with nothing to compare
            are left out). Repeating the last known value every week was off by {pct(b.naiveMapePct ?? '—')}.{' '}
            {verdict(b)}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Backtest model: {b.model.name}
          {b.model.chosen === 'auto' ? ', picked automatically' : ', the fallback for short histories'}.
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table striped>
            <caption>What the backtest forecast, week by week</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Week of</Table.Th>
                <Table.Th ta="right">Actual</Table.Th>
                <Table.Th ta="right">Forecast</Table.Th>
                <Table.Th ta="right">Naive</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {b.weeks.map((w) => (
                <Table.Tr key={w.week}>
                  <Table.Td>{weekLabel(w.week)}</Table.Td>
                  <Table.Td ta="right">
                    {w.actual === null ? 'no deliveries' : figure(forecast.unit, w.actual)}
                  </Table.Td>
                  <Table.Td ta="right">{figure(forecast.unit, w.predicted)}</Table.Td>
                  <Table.Td ta="right">{figure(forecast.unit, w.naive)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
