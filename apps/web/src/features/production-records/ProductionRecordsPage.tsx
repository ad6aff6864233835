import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { isDay, oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useProcessTypeOptions } from '../catalog/referenceApi.ts';
import { FacilityFilter } from '../receive-records/MasterDataFilters.tsx';
import { type ProductionQuery, type RunStatus, useLineOptions, useProductionRecords } from './api.ts';
import { LineMonthsTable } from './LineMonthsTable.tsx';
import { ProductionRecordsTable } from './ProductionRecordsTable.tsx';

const KEYS = {
  status: 'status',
  facilityId: 'facility',
  productionLineId: 'line',
  processCode: 'process',
  from: 'from',
  to: 'to',
  q: 'q',
} as const;
const CHECKS = { status: oneOf(['draft', 'posted', 'voided']), from: isDay, to: isDay };

/** /production-records: runs that turned lots into new lots, latest first. */
export function ProductionRecordsPage() {
  usePageTitle('Production records');
  return (
    <RequirePermission action="production.read" title="Production records">
      <ProductionRecords />
    </RequirePermission>
  );
}

function ProductionRecords() {
  const { timeZone } = useMe();
  const mayWrite = useCan('production.write');
  const mayExport = useCan('data.export');
  const { filters, query, set, clear, filtered, search, setSearch } = useUrlFilters(KEYS, CHECKS);
  const records = useProductionRecords(query as ProductionQuery);
  const lines = useLineOptions();
  const processes = useProcessTypeOptions();
  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/production-records/export.csv', { ...query }, 'production-records.csv'),
  });
  const rows = records.data?.pages.flatMap((p) => p.items) ?? [];
  const newRun = (label: string) => (
    <Button component={Link} to="/production-records/new" leftSection={<IconPlus size={18} aria-hidden />}>
      {label}
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Production records"
        description="Runs that sort, wash, shred or extrude lots into new lots, with their losses, energy and lineage."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton
                loading={exportCsv.isPending}
                empty={records.isSuccess && rows.length === 0}
                onClick={() => exportCsv.mutate()}
              />
            )}
            {mayWrite && newRun('New run')}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <FilterBar label="Filter the production records">
        <TextInput
          label="Search"
          placeholder="Number, lot code, crew or line"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          data={[
            { value: '', label: 'All statuses' },
            { value: 'draft', label: 'Draft' },
            { value: 'posted', label: 'Posted' },
            { value: 'voided', label: 'Voided' },
          ]}
          onChange={(e) => set({ status: e.currentTarget.value as RunStatus | '' })}
        />
        <FacilityFilter value={filters.facilityId} onChange={(id) => set({ facilityId: id })} />
        <NativeSelect
          label="Line"
          value={filters.productionLineId}
          data={[
            { value: '', label: 'All lines' },
            ...(lines.data?.items ?? []).map((l) => ({ value: l.id, label: l.name })),
          ]}
          onChange={(e) => set({ productionLineId: e.currentTarget.value })}
        />
        <NativeSelect
          label="Process"
          value={filters.processCode}
          data={[{ value: '', label: 'All processes' }, ...processes]}
          onChange={(e) => set({ processCode: e.currentTarget.value })}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          error={
            filters.from && filters.to && filters.to < filters.from
              ? 'The end date is before the start date'
              : null
          }
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
      </FilterBar>
      {filtered && (
        <Group>
          <Button variant="subtle" size="xs" onClick={clear}>
            Clear filters
          </Button>
        </Group>
      )}
      {records.isPending && (
        <Text c="dimmed" role="status">
          Loading production records…
        </Text>
      )}
      {records.isError && (
        <QueryError
          error={records.error}
          what="The production records"
          onRetry={() => records.refetch()}
          retrying={records.isFetching}
        />
      )}
      {records.isSuccess && rows.length === 0 && (
        <EmptyState
          title={filtered ? 'No production runs match these filters' : 'No production runs recorded yet'}
          action={!filtered && mayWrite && newRun('Record the first run')}
        >
          {filtered
            ? 'Clear a filter or widen the dates to see more.'
            : 'Each run takes kilograms out of lots and makes new lots: bales into washed flakes, flakes into pellets. Posting checks the mass balance and records where every kilogram went.'}
        </EmptyState>
      )}
      {rows.length > 0 && <ProductionRecordsTable records={rows} timeZone={timeZone} />}
      {filters.productionLineId && (
        <LineMonthsTable lineId={filters.productionLineId} title="This line month by month" />
      )}
      <LoadMore
        hasNextPage={records.hasNextPage}
        isFetchingNextPage={records.isFetchingNextPage}
        fetchNextPage={records.fetchNextPage}
      />
    </Stack>
  );
}
