import { Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { FacilityFilter, MaterialFilter } from '../receive-records/MasterDataFilters.tsx';
import { type Lot, type LotSort, type LotStatus, useLots } from './api.ts';
import { LOT_SORT_OPTIONS, LOT_STATUS_OPTIONS } from './format.ts';
import { LotSelectionBar } from './LotSelectionBar.tsx';
import { LotsTable } from './LotsTable.tsx';

const KEYS = ['status', 'facility', 'material', 'q', 'sort'] as const;

/**
 * /batch-management: lots with their balances. Chosen lots can have their QR labels printed, and lots
 * of one material at one facility can be merged.
 */
export function LotsPage() {
  usePageTitle('Batches');
  const mayExport = useCan('data.export');
  const mayRecord = useCan('records.write');
  const mayMerge = useCan('records.write');
  const [params, setParams] = useSearchParams();
  const get = (k: (typeof KEYS)[number]) => params.get(k) ?? '';
  const [search, setSearch] = useState(get('q'));
  const [debounced] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<Lot[]>([]);
  const query = {
    status: (get('status') || undefined) as LotStatus | undefined,
    facilityId: get('facility') || undefined,
    materialId: get('material') || undefined,
    q: get('q') || undefined,
    sort: (get('sort') || undefined) as LotSort | undefined,
  };
  const lots = useLots(query);
  const files = useDownload();

  const setParam = (key: (typeof KEYS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set(key, value.trim());
    else next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text writes the URL
  useEffect(() => {
    if (debounced.trim() !== get('q')) setParam('q', debounced);
  }, [debounced]);

  const rows = lots.data?.pages.flatMap((p) => p.items) ?? [];
  const isSelected = (lot: Lot) => selected.some((l) => l.id === lot.id);
  const toggle = (lot: Lot) =>
    setSelected((all) => (isSelected(lot) ? all.filter((l) => l.id !== lot.id) : [...all, lot]));
  const allShown = rows.length > 0 && rows.every(isSelected);
  const toggleAll = () =>
    setSelected((all) =>
      allShown
        ? all.filter((l) => !rows.some((r) => r.id === l.id))
        : [...all, ...rows.filter((r) => !all.some((l) => l.id === r.id))],
    );
  const printLabels = () =>
    files.download(
      'labels',
      '/lots/labels.pdf',
      { ids: selected.map((l) => l.id).join(',') },
      'lot-labels.pdf',
    );
  const exportCsv = () => files.download('csv', '/lots/export.csv', { ...query }, 'lots.csv');

  return (
    <Stack gap="md">
      <PageHeader
        title="Batches"
        description="Lots of one material at one facility, with their balance and value."
      />
      <FilterBar
        label="Filter the lots"
        actions={
          mayExport && (
            <ExportCsvButton
              loading={files.pending === 'csv'}
              empty={lots.isSuccess && rows.length === 0}
              onClick={() => void exportCsv()}
            />
          )
        }
      >
        <TextInput
          label="Search"
          placeholder="Lot code, material or facility"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          value={get('status')}
          data={[{ value: '', label: 'All statuses' }, ...LOT_STATUS_OPTIONS]}
          onChange={(e) => setParam('status', e.currentTarget.value)}
        />
        <FacilityFilter value={get('facility')} onChange={(id) => setParam('facility', id)} />
        <MaterialFilter value={get('material')} onChange={(id) => setParam('material', id)} />
        <NativeSelect
          label="Sort"
          value={get('sort') || '-created_at'}
          data={LOT_SORT_OPTIONS}
          onChange={(e) =>
            setParam('sort', e.currentTarget.value === '-created_at' ? '' : e.currentTarget.value)
          }
        />
      </FilterBar>
      <ActionError error={files.error} onClose={files.clearError} />
      {selected.length > 0 && (
        <LotSelectionBar
          selected={selected}
          mayMerge={mayMerge}
          printing={files.pending === 'labels'}
          onPrint={() => void printLabels()}
          onClear={() => setSelected([])}
        />
      )}
      {lots.isPending && (
        <Text c="dimmed" role="status">
          Loading lots…
        </Text>
      )}
      {lots.isError && (
        <QueryError
          error={lots.error}
          what="The lots"
          onRetry={() => lots.refetch()}
          retrying={lots.isFetching}
        />
      )}
      {lots.isSuccess && rows.length === 0 && (
        <EmptyState
          title={params.size > 0 ? 'No lots match these filters' : 'No lots yet'}
          action={
            params.size === 0 &&
            mayRecord && (
              <Button component={Link} to="/receive-records/new" variant="default">
                Record a delivery
              </Button>
            )
          }
        >
          {params.size > 0
            ? 'Clear a filter to see more.'
            : 'A lot is a traceable quantity of one material at one facility. Posting a delivery creates one per line; splits and merges make more.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <LotsTable
          lots={rows}
          isSelected={isSelected}
          onToggle={toggle}
          allShown={allShown}
          onToggleAll={toggleAll}
        />
      )}
      <LoadMore
        hasNextPage={lots.hasNextPage}
        isFetchingNextPage={lots.isFetchingNextPage}
        fetchNextPage={lots.fetchNextPage}
      />
    </Stack>
  );
}
