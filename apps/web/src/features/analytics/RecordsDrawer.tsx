import { Anchor, Drawer, Stack, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { type AnalyticsRecord, type Bar, type ReportParams, useBarRecords } from './api.ts';
import { formatKwh } from './reports.tsx';

const NOUNS = { received: 'deliveries', dispatched: 'dispatches', production: 'production runs' } as const;

/** The posted records behind a bar or a table row, each linking to its page. */
export function RecordsDrawer({
  bar,
  params,
  onClose,
}: {
  bar: Bar | null;
  params: ReportParams;
  onClose: () => void;
}) {
  const records = useBarRecords(bar, params);
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];
  const noun = bar ? NOUNS[bar.measure] : 'records';
  return (
    <Drawer
      opened={bar !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={bar ? `The ${noun} of ${bar.title}` : ''}
      closeButtonProps={{ 'aria-label': 'Close the records' }}
    >
      {bar && (
        <Stack gap="sm">
          {records.isPending && (
            <Text c="dimmed" role="status">
              Loading the {noun}…
            </Text>
          )}
          {records.isError && (
            <QueryError
              error={records.error}
              what={`The ${noun}`}
              onRetry={() => records.refetch()}
              retrying={records.isFetching}
            />
          )}
          {records.isSuccess && items.length === 0 && (
            <Text role="status">No posted {noun} in this period.</Text>
          )}
          {items.length > 0 && <RecordsTable items={items} measure={bar.measure} noun={noun} />}
          <LoadMore
            hasNextPage={records.hasNextPage}
            isFetchingNextPage={records.isFetchingNextPage}
            fetchNextPage={records.fetchNextPage}
          />
        </Stack>
      )}
    </Drawer>
  );
}

function RecordsTable({
  items,
  measure,
  noun,
}: {
  items: AnalyticsRecord[];
  measure: Bar['measure'];
  noun: string;
}) {
  const { timeZone } = useMe();
  const runs = measure === 'production';
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={`The ${noun}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>{runs ? 'Ended' : measure === 'received' ? 'Received' : 'Dispatched'}</Table.Th>
            <Table.Th>{runs ? 'Process' : measure === 'received' ? 'Supplier' : 'Customer'}</Table.Th>
            <Table.Th ta="right">{runs ? 'Inputs' : 'kg'}</Table.Th>
            <Table.Th ta="right">{runs ? 'Outputs' : measure === 'received' ? 'Owed' : 'Sales'}</Table.Th>
            {runs && <Table.Th ta="right">kWh</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={r.path} ff="monospace">
                  {r.number}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.at, timeZone)}</Table.Td>
              <Table.Td>
                {runs ? [r.process, r.line].filter(Boolean).join(' · ') : r.party?.name}
                <Text size="xs" c="dimmed">
                  {r.facility.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatKg(r.kg)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {runs ? formatKg(r.kgOut) : formatPhp(r.php)}
              </Table.Td>
              {runs && (
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {r.kwh === null ? 'Unknown' : formatKwh(r.kwh)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
