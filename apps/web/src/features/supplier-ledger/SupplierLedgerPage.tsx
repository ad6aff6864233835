import { Button, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { exportBalances, useBalances } from './api.ts';
import { BalancesTable, LedgerTotals, SUPPLIER_TYPE_OPTIONS } from './BalancesTable.tsx';
import {
  isFiltered,
  type LedgerFilters,
  readLedgerFilters,
  toBalanceQuery,
  writeLedgerFilters,
} from './filters.ts';

/** /supplier-ledger: what is owed to each supplier (PHP); search, filters and sort live in the URL. */
export function SupplierLedgerPage() {
  usePageTitle('Supplier ledger');
  const { timeZone } = useMe();
  const mayExport = useCan('data.export');
  const [params, setParams] = useSearchParams();
  const filters = readLedgerFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const balances = useBalances(toBalanceQuery(filters));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const { showToast } = useToast();

  const setFilters = (next: LedgerFilters) =>
    setParams(writeLedgerFilters(next), { replace: true, preventScrollReset: true });
  const set = (patch: Partial<LedgerFilters>) => setFilters({ ...filters, ...patch });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text writes the URL
  useEffect(() => {
    if (debounced.trim() !== filters.q.trim()) setFilters({ ...filters, q: debounced });
  }, [debounced]);

  const pages = balances.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.items);
  const totals = pages[0]?.totals;
  const filtered = isFiltered(filters);

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      await exportBalances(toBalanceQuery(filters));
      showToast({ message: 'The supplier balances have been exported.' });
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="md">
      <PageHeader
        title="Supplier ledger"
        description="Payables from posted deliveries less payments and advances. Open a supplier for the statement."
      />
      <FilterBar
        label="Filter the supplier balances"
        actions={
          <>
            {filtered && (
              <Button
                variant="subtle"
                onClick={() => {
                  setSearch('');
                  setFilters({ q: '', type: '', owing: false, asOf: '', sort: filters.sort });
                }}
              >
                Clear filters
              </Button>
            )}
            {mayExport && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                loading={exporting}
                onClick={exportCsv}
              >
                Export CSV
              </Button>
            )}
          </>
        }
      >
        <TextInput
          label="Search"
          placeholder="Supplier code or name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Type"
          value={filters.type}
          data={[{ value: '', label: 'All types' }, ...SUPPLIER_TYPE_OPTIONS]}
          onChange={(e) => set({ type: e.currentTarget.value })}
        />
        <TextInput
          label="As of"
          type="date"
          value={filters.asOf}
          onChange={(e) => set({ asOf: e.currentTarget.value })}
        />
        {/* Level with the inputs: a switch has no label line above it. */}
        <Switch
          label="Owing only"
          checked={filters.owing}
          onChange={(e) => set({ owing: e.currentTarget.checked })}
          mt={32}
        />
      </FilterBar>
      <ActionError error={exportError} onClose={() => setExportError(null)} />

      {totals && <LedgerTotals totals={totals} />}
      {balances.isPending && (
        <Text c="dimmed" role="status">
          Loading balances…
        </Text>
      )}
      {balances.isError && (
        <QueryError
          error={balances.error}
          what="The supplier balances"
          onRetry={() => balances.refetch()}
          retrying={balances.isFetching}
        />
      )}
      {balances.isSuccess && rows.length === 0 && (
        <Text c="dimmed">
          {filtered ? 'No supplier balances match these filters.' : 'No payables yet: post a delivery.'}
        </Text>
      )}
      {rows.length > 0 && (
        <BalancesTable
          rows={rows}
          sort={filters.sort}
          onSort={(sort) => set({ sort })}
          timeZone={timeZone}
          asOf={filters.asOf}
        />
      )}
      <LoadMore
        hasNextPage={balances.hasNextPage}
        isFetchingNextPage={balances.isFetchingNextPage}
        fetchNextPage={balances.fetchNextPage}
      />
    </Stack>
  );
}
