import { Anchor, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatKg, formatPhp, pricePerKg, toUnits } from '@plastrace/shared';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan } from '../../components/common/useMe.ts';
import { FacilityFilter, MaterialFilter } from '../receive-records/MasterDataFilters.tsx';
import { type InventoryGroup, type InventoryRow, useInventoryPages } from './api.ts';
import { BalanceCards } from './BalanceCards.tsx';
import {
  type InventoryFilters,
  readInventoryFilters,
  toInventoryQuery,
  writeInventoryFilters,
} from './filters.ts';

const GROUP_OPTIONS = [
  { value: 'lot', label: 'By lot' },
  { value: 'material', label: 'By material' },
  { value: 'facility', label: 'By facility' },
];

/** Stock on hand by lot, material or facility, valued at weighted-average cost; exportable as CSV. */
export function BalancesPanel() {
  const mayExport = useCan('data.export');
  const [params, setParams] = useSearchParams();
  const files = useDownload();
  const filters = readInventoryFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const report = useInventoryPages(toInventoryQuery({ ...filters, q: debounced }));
  const set = (patch: Partial<InventoryFilters>) =>
    setParams(writeInventoryFilters({ ...filters, ...patch }), { replace: true, preventScrollReset: true });
  // The URL follows the search once typing pauses, so a shared link shows the same rows.
  useEffect(() => {
    if (debounced !== filters.q) set({ q: debounced });
  });
  const rows = report.data?.pages.flatMap((p) => p.items) ?? [];
  const summary = report.data?.pages[0];
  const { group } = filters;
  const phone = usePhone();
  const exportCsv = () =>
    files.download(
      'csv',
      '/inventory/export.csv',
      { ...toInventoryQuery(filters) },
      `inventory-${group}-${filters.asOf || 'today'}.csv`,
    );

  return (
    <Stack gap="md">
      <FilterBar
        label="Filter the inventory"
        actions={
          mayExport && (
            <ExportCsvButton
              loading={files.pending === 'csv'}
              empty={report.isSuccess && rows.length === 0}
              onClick={() => void exportCsv()}
            />
          )
        }
      >
        <div>
          <Text size="sm" fw={500} mb={4} id="inventory-group">
            Group
          </Text>
          <SegmentedControl
            aria-labelledby="inventory-group"
            data={GROUP_OPTIONS}
            value={group}
            onChange={(value) => set({ group: value as InventoryGroup })}
          />
        </div>
        <FacilityFilter value={filters.facilityId} onChange={(id) => set({ facilityId: id })} />
        <MaterialFilter value={filters.materialId} onChange={(id) => set({ materialId: id })} />
        <TextInput
          label="Search"
          placeholder="Lot, material or facility"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <TextInput
          label="As of"
          type="date"
          value={filters.asOf}
          description={filters.asOf ? undefined : 'Today'}
          onChange={(e) => set({ asOf: e.currentTarget.value })}
        />
      </FilterBar>
      <ActionError error={files.error} onClose={files.clearError} />

      {report.isPending && (
        <Text c="dimmed" role="status">
          Loading inventory…
        </Text>
      )}
      {report.isError && (
        <QueryError
          error={report.error}
          what="The inventory"
          onRetry={() => report.refetch()}
          retrying={report.isFetching}
        />
      )}
      {report.isSuccess && rows.length === 0 && (
        <EmptyState title="No stock on hand for these filters">
          Stock comes from posted deliveries (and, later, production). Clear a filter or pick another day to
          see more.
        </EmptyState>
      )}
      {summary && rows.length > 0 && phone && <BalanceCards rows={rows} group={group} keyOf={rowKey} />}
      {summary && rows.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" aria-label="Inventory">
            <Table.Thead>
              <Table.Tr>
                {group === 'lot' && <Table.Th>Lot</Table.Th>}
                <Table.Th>Facility</Table.Th>
                {group !== 'facility' && <Table.Th>Material</Table.Th>}
                <Table.Th ta="right">Quantity</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th ta="right">Average ₱/kg</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {group === 'lot' && (
                    <Table.Td>
                      {row.lot ? (
                        <Anchor component={Link} to={`/batch-management/${row.lot.id}`} size="sm">
                          {row.lot.code}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  )}
                  <Table.Td>{row.facility.name}</Table.Td>
                  {group !== 'facility' && <Table.Td>{row.material?.name ?? '—'}</Table.Td>}
                  <Table.Td ta="right">{formatKg(row.qtyKg)}</Table.Td>
                  <Table.Td ta="right">{formatPhp(row.valuePhp)}</Table.Td>
                  <Table.Td ta="right">{formatPhp(row.avgCostPerKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th colSpan={group === 'lot' ? 3 : group === 'material' ? 2 : 1}>Total</Table.Th>
                <Table.Th ta="right">{formatKg(summary.totals.qtyKg)}</Table.Th>
                <Table.Th ta="right">{formatPhp(summary.totals.valuePhp)}</Table.Th>
                <Table.Th ta="right">{formatPhp(averageOf(summary.totals))}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={report.hasNextPage}
        isFetchingNextPage={report.isFetchingNextPage}
        fetchNextPage={report.fetchNextPage}
      />
      {summary && rows.length > 0 && (
        <Text size="xs" c="dimmed" role="status">
          {rows.length < summary.totals.rows
            ? `Showing ${rows.length} of ${summary.totals.rows} rows; the totals cover all of them.`
            : `${summary.totals.rows} rows.`}
          {summary.asOf && ` Balances at the end of ${summary.asOf}.`}
        </Text>
      )}
    </Stack>
  );
}

const rowKey = (row: InventoryRow) => `${row.facility.id}/${row.material?.id ?? ''}/${row.lot?.id ?? ''}`;

/** The overall average ₱/kg, computed as the server computes each row's. */
function averageOf(totals: { qtyKg: string; valuePhp: string }): string | null {
  return toUnits(totals.qtyKg, 3) > 0n ? pricePerKg(totals.valuePhp, totals.qtyKg) : null;
}
