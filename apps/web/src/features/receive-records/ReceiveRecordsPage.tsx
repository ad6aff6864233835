import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type RecordStatus, useReceiveRecords } from './api.ts';
import {
  emptyReceiveFilters,
  type ReceiveFilters,
  readReceiveFilters,
  toReceiveQuery,
  writeReceiveFilters,
} from './filters.ts';
import { FacilityFilter } from './MasterDataFilters.tsx';
import { ReceiveRecordsTable } from './ReceiveRecordsTable.tsx';
import { SupplierSelect } from './SupplierSelect.tsx';

/** /receive-records: deliveries from suppliers, newest first; the filters live in the URL. */
export function ReceiveRecordsPage() {
  usePageTitle('Receive records');
  const { timeZone } = useMe();
  const mayDraft = useCan('records.write');
  const mayExport = useCan('data.export');
  // The supplier picker reads master data; a supplier member sees only their own records.
  const mayPick = useCan('masterdata.read');
  const [params, setParams] = useSearchParams();
  const filters = readReceiveFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const [supplier, setSupplier] = useState<{ id: string; code: string; name: string } | null>(null);
  const query = toReceiveQuery(filters);
  const records = useReceiveRecords(query);
  // The export takes the list's filters, so the file holds what the page shows (a row per line).
  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/receive-records/export.csv', { ...query }, 'receive-records.csv'),
  });

  const setFilters = (next: ReceiveFilters) =>
    setParams(writeReceiveFilters(next), { replace: true, preventScrollReset: true });
  const set = (patch: Partial<ReceiveFilters>) => setFilters({ ...filters, ...patch });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text writes the URL
  useEffect(() => {
    if (debounced.trim() !== filters.q.trim()) setFilters({ ...filters, q: debounced });
  }, [debounced]);

  const rows = records.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = writeReceiveFilters(filters).size > 0;
  const backwards = filters.from && filters.to && filters.to < filters.from;

  return (
    <Stack gap="md">
      <PageHeader
        title="Receive records"
        description="Deliveries weighed in from suppliers. Posting one creates a lot per line and a payable."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton
                loading={exportCsv.isPending}
                empty={records.isSuccess && rows.length === 0}
                onClick={() => exportCsv.mutate()}
              />
            )}
            {mayDraft && (
              <Button
                component={Link}
                to="/receive-records/new"
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                New delivery
              </Button>
            )}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <FilterBar label="Filter the receive records">
        <TextInput
          label="Search"
          placeholder="Number, ticket or plate"
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
          onChange={(e) => set({ status: e.currentTarget.value as RecordStatus | '' })}
        />
        {mayPick && (
          <SupplierSelect
            placeholder="All suppliers"
            value={supplier && supplier.id === filters.supplierId ? supplier : null}
            onChange={(s) => {
              setSupplier(s);
              set({ supplierId: s?.id ?? '' });
            }}
          />
        )}
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
          error={backwards ? 'The end date is before the start date' : null}
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
      </FilterBar>
      {filtered && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setSearch('');
              setSupplier(null);
              setFilters(emptyReceiveFilters);
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}
      {records.isPending && (
        <Text c="dimmed" role="status">
          Loading receive records…
        </Text>
      )}
      {records.isError && (
        <QueryError
          error={records.error}
          what="The receive records"
          onRetry={() => records.refetch()}
          retrying={records.isFetching}
        />
      )}
      {records.isSuccess && rows.length === 0 && (
        <EmptyState
          title={filtered ? 'No receive records match these filters' : 'No deliveries recorded yet'}
          action={
            !filtered &&
            mayDraft && (
              <Button
                component={Link}
                to="/receive-records/new"
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                Record the first delivery
              </Button>
            )
          }
        >
          {filtered
            ? 'Clear a filter or widen the dates to see more.'
            : 'Each delivery weighed in from a supplier or waste picker is recorded here. Posting it creates a lot per line, adds the stock and owes the supplier.'}
        </EmptyState>
      )}
      {rows.length > 0 && <ReceiveRecordsTable records={rows} timeZone={timeZone} />}
      <LoadMore
        hasNextPage={records.hasNextPage}
        isFetchingNextPage={records.isFetchingNextPage}
        fetchNextPage={records.fetchNextPage}
      />
    </Stack>
  );
}
