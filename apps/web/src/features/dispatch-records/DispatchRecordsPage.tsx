import { Button, Group, NativeSelect, Select, Stack, Text, TextInput } from '@mantine/core';
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
import type { MasterOption } from '../receive-records/api.ts';
import { FacilityFilter } from '../receive-records/MasterDataFilters.tsx';
import { type DispatchQuery, useDispatchRecords } from './api.ts';
import { useOptions } from './api-options.ts';
import { DispatchRecordsTable } from './DispatchRecordsTable.tsx';

const KEYS = {
  status: 'status',
  delivery: 'delivery',
  customerId: 'customer',
  facilityId: 'facility',
  from: 'from',
  to: 'to',
  q: 'q',
} as const;
const CHECKS = {
  status: oneOf(['draft', 'posted', 'voided']),
  delivery: oneOf(['awaiting', 'delivered', 'discrepancy']),
  from: isDay,
  to: isDay,
};

/** /dispatch-records: what left, to whom, on which truck — and whether it arrived. */
export function DispatchRecordsPage() {
  usePageTitle('Dispatch records');
  return (
    <RequirePermission action="dispatch.read" title="Dispatch records">
      <DispatchRecords />
    </RequirePermission>
  );
}

function DispatchRecords() {
  const { timeZone } = useMe();
  const mayWrite = useCan('dispatch.write');
  const mayExport = useCan('data.export');
  const { filters, query, set, clear, filtered, search, setSearch } = useUrlFilters(KEYS, CHECKS);
  const records = useDispatchRecords(query as DispatchQuery);
  const customers = useOptions<MasterOption>('/customers');
  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/dispatch-records/export.csv', { ...query }, 'dispatch-records.csv'),
  });
  const rows = records.data?.pages.flatMap((p) => p.items) ?? [];
  const newDispatch = (label: string) => (
    <Button component={Link} to="/dispatch-records/new" leftSection={<IconPlus size={18} aria-hidden />}>
      {label}
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Dispatch records"
        description="Lots that left on a truck to a customer: the delivery receipt, the weighbridge, and the proof of delivery."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton
                loading={exportCsv.isPending}
                empty={records.isSuccess && rows.length === 0}
                onClick={() => exportCsv.mutate()}
              />
            )}
            {mayWrite && newDispatch('New dispatch')}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <FilterBar label="Filter the dispatch records">
        <TextInput
          label="Search"
          placeholder="Number, receipt, lot code, plate or customer"
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
          onChange={(e) => set({ status: e.currentTarget.value })}
        />
        <NativeSelect
          label="Delivery"
          value={filters.delivery}
          data={[
            { value: '', label: 'Any' },
            { value: 'awaiting', label: 'On the way' },
            { value: 'delivered', label: 'Delivered' },
            { value: 'discrepancy', label: 'Discrepancy to settle' },
          ]}
          onChange={(e) => set({ delivery: e.currentTarget.value })}
        />
        <Select
          label="Customer"
          searchable
          clearable
          placeholder="All customers"
          value={filters.customerId || null}
          data={(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id) => set({ customerId: id ?? '' })}
          comboboxProps={{ withinPortal: true }}
        />
        <FacilityFilter value={filters.facilityId} onChange={(id) => set({ facilityId: id })} />
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
          Loading dispatch records…
        </Text>
      )}
      {records.isError && (
        <QueryError
          error={records.error}
          what="The dispatch records"
          onRetry={() => records.refetch()}
          retrying={records.isFetching}
        />
      )}
      {records.isSuccess && rows.length === 0 && (
        <EmptyState
          title={filtered ? 'No dispatches match these filters' : 'Nothing dispatched yet'}
          action={!filtered && mayWrite && newDispatch('Record the first dispatch')}
        >
          {filtered
            ? 'Clear a filter or widen the dates to see more.'
            : 'A dispatch loads lots on a truck for a customer: posting takes them out of stock, numbers the delivery receipt and records what the customer owes.'}
        </EmptyState>
      )}
      {rows.length > 0 && <DispatchRecordsTable records={rows} timeZone={timeZone} />}
      <LoadMore
        hasNextPage={records.hasNextPage}
        isFetchingNextPage={records.isFetchingNextPage}
        fetchNextPage={records.fetchNextPage}
      />
    </Stack>
  );
}
