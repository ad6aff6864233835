import { Button, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ExportCsvButton } from '../common/ExportCsvButton.tsx';
import { LoadMore } from '../common/LoadMore.tsx';
import { FilterBar } from '../common/PageHeader.tsx';
import { ActionError, QueryError } from '../common/QueryError.tsx';
import { useCan } from '../common/useMe.ts';
import { useToast } from '../toast/ToastProvider.tsx';
import { exportBalances, type LedgerSort, useBalances } from './api.ts';
import type { LedgerBook } from './books.ts';
import {
  isFiltered,
  type LedgerFilters,
  readLedgerFilters,
  toBalanceQuery,
  writeLedgerFilters,
} from './filters.ts';

interface LedgerBalancesProps<Row, Totals> {
  book: LedgerBook;
  /** The party types the Type filter offers. */
  typeOptions: { value: string; label: string }[];
  /** URL parameters the filters keep (the page's tab). */
  keep?: Record<string, string>;
  renderTotals: (totals: Totals) => ReactNode;
  /** The rows as a table (cards on a phone); a sort is asked for on the server. */
  renderRows: (
    rows: Row[],
    list: { sort: LedgerSort; onSort: (sort: LedgerSort) => void; asOf: string },
  ) => ReactNode;
}

/**
 * What is owed per party, of either book: search, type, as-of day, owing only and sort live in the
 * URL; the totals are the whole filter's; an export repeats the filter.
 */
export function LedgerBalances<Row, Totals>({
  book,
  typeOptions,
  keep,
  renderTotals,
  renderRows,
}: LedgerBalancesProps<Row, Totals>) {
  const mayExport = useCan('data.export');
  const [params, setParams] = useSearchParams();
  const filters = readLedgerFilters(
    params,
    typeOptions.map((o) => o.value),
  );
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const balances = useBalances<Row, Totals>(book, toBalanceQuery(filters));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const { showToast } = useToast();
  const parties = `${book.party} balances`;

  const setFilters = (next: LedgerFilters) =>
    setParams(writeLedgerFilters(next, keep), { replace: true, preventScrollReset: true });
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
      await exportBalances(book, toBalanceQuery(filters));
      showToast({ message: `The ${parties} have been exported.` });
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="md">
      <FilterBar
        label={`Filter the ${parties}`}
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
              <ExportCsvButton
                loading={exporting}
                onClick={exportCsv}
                empty={balances.isSuccess && !rows.length}
              />
            )}
          </>
        }
      >
        <TextInput
          label="Search"
          placeholder={`${book.Party} code or name`}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Type"
          value={filters.type}
          data={[{ value: '', label: 'All types' }, ...typeOptions]}
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

      {totals && renderTotals(totals)}
      {balances.isPending && (
        <Text c="dimmed" role="status">
          Loading balances…
        </Text>
      )}
      {balances.isError && (
        <QueryError
          error={balances.error}
          what={`The ${parties}`}
          onRetry={() => balances.refetch()}
          retrying={balances.isFetching}
        />
      )}
      {balances.isSuccess && rows.length === 0 && (
        <Text c="dimmed">{filtered ? `No ${parties} match these filters.` : book.nothingYet}</Text>
      )}
      {rows.length > 0 &&
        renderRows(rows, { sort: filters.sort, onSort: (sort) => set({ sort }), asOf: filters.asOf })}
      <LoadMore
        hasNextPage={balances.hasNextPage}
        isFetchingNextPage={balances.isFetchingNextPage}
        fetchNextPage={balances.fetchNextPage}
      />
    </Stack>
  );
}
