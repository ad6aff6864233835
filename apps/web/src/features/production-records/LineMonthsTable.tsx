import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { useLineMonths } from './api.ts';

/** Each line's posted runs month by month: runs, kg in and out, yield and kWh per tonne. */
export function LineMonthsTable({
  lineId,
  title = 'Runs by line and month',
}: {
  lineId?: string;
  title?: string;
}) {
  const mayRead = useCan('production.read');
  // Nothing is asked for a role that may not see production.
  const months = useLineMonths(lineId, mayRead);
  if (!mayRead) return null;
  const rows = months.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {months.isError && (
        <QueryError error={months.error} what="The runs by month" onRetry={() => months.refetch()} />
      )}
      {months.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No posted runs on {lineId ? 'this line' : 'any line'} in the last 12 months.
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={680}>
          <Table striped verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                {!lineId && <Table.Th>Line</Table.Th>}
                <Table.Th ta="right">Runs</Table.Th>
                <Table.Th ta="right">In</Table.Th>
                <Table.Th ta="right">Out</Table.Th>
                <Table.Th ta="right">Yield</Table.Th>
                <Table.Th ta="right">kWh/t</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.month}-${r.line.id}`}>
                  <Table.Td>{r.month}</Table.Td>
                  {!lineId && (
                    <Table.Td>
                      <Anchor component={Link} to={`/production-records?line=${r.line.id}`} size="sm">
                        {r.line.name}
                      </Anchor>
                    </Table.Td>
                  )}
                  <Table.Td ta="right">{r.runs}</Table.Td>
                  <Table.Td ta="right">{formatKg(r.inputKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(r.outputKg)}</Table.Td>
                  <Table.Td ta="right">{r.yieldPct ? `${r.yieldPct} %` : '—'}</Table.Td>
                  <Table.Td ta="right">{r.kwhPerTonne ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
