import { Anchor, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDate } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { OpenCountForm } from './OpenCountForm.tsx';
import { StockCountStatusBadge } from './StockCountStatusBadge.tsx';
import { type StockCountStatus, useStockCounts } from './stockCounts.api.ts';

const STATUS_FILTER = [
  { value: 'open', label: 'Open' },
  { value: 'posted', label: 'Posted' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: '', label: 'All' },
];

interface StockCountsPanelProps {
  status: string;
  onStatus: (status: string) => void;
}

/** The stock counts tab of /inventory: open a count, and the counts so far. */
export function StockCountsPanel({ status, onStatus }: StockCountsPanelProps) {
  const { timeZone } = useMe();
  const mayCount = useCan('stock.count');
  const counts = useStockCounts({ status: (status || undefined) as StockCountStatus | undefined });
  const rows = counts.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        A count lists every lot with stock at a facility and its book balance when opened. Enter what is
        there; posting turns each difference into a stock adjustment (managers and administrators).
      </Text>
      {mayCount && <OpenCountForm />}
      <Group>
        <SegmentedControl aria-label="Show counts" data={STATUS_FILTER} value={status} onChange={onStatus} />
      </Group>
      {counts.isPending && (
        <Text c="dimmed" role="status">
          Loading stock counts…
        </Text>
      )}
      {counts.isError && (
        <QueryError
          error={counts.error}
          what="The stock counts"
          onRetry={() => counts.refetch()}
          retrying={counts.isFetching}
        />
      )}
      {counts.isSuccess && rows.length === 0 && (
        <Text c="dimmed">{status ? `No ${status} stock counts.` : 'No stock counts yet.'}</Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Stock counts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Count</Table.Th>
                <Table.Th>Facility</Table.Th>
                <Table.Th>Material</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Counted</Table.Th>
                <Table.Th ta="right">Difference</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th>Opened</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/inventory/stock-counts/${c.id}`} size="sm" ff="monospace">
                      {c.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.facility.name}</Table.Td>
                  <Table.Td>{c.material?.name ?? 'All materials'}</Table.Td>
                  <Table.Td>
                    <StockCountStatusBadge status={c.status} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {c.totals.countedLines} of {c.totals.lines}
                  </Table.Td>
                  <Table.Td ta="right">{formatKg(c.totals.differenceKg)}</Table.Td>
                  <Table.Td ta="right">{formatPhp(c.totals.differenceValuePhp)}</Table.Td>
                  <Table.Td>
                    {formatDate(c.openedAt, timeZone)} · {c.openedBy.name}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={counts.hasNextPage}
        isFetchingNextPage={counts.isFetchingNextPage}
        fetchNextPage={counts.fetchNextPage}
      />
    </Stack>
  );
}
