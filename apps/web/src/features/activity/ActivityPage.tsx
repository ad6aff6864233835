import { Button, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { dashboardSummaryKey } from '../dashboard/summary.ts';
import { ActivityFilterBar } from './ActivityFilterBar.tsx';
import { ActivityTable } from './ActivityTable.tsx';
import { activityKey, useActivity } from './api.ts';
import { type ActivityFilters, emptyFilters, readFilters, toActivityQuery, writeFilters } from './filters.ts';

/**
 * The activity log (the spec's "user transactions"), at /user-transactions, /transactions and
 * /reports/user-transactions. Filters live in the URL, so a filtered view can be shared or reloaded.
 */
export function ActivityPage() {
  usePageTitle('Activity log');
  const { timeZone } = useMe();
  const everyone = useCan('activity.read_all');
  const mayExport = useCan('data.export');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [search, setSearch] = useState(filters.q);
  const [debounced] = useDebouncedValue(search, 300);
  const query = toActivityQuery(filters, timeZone);
  const activity = useActivity(query);
  const queryClient = useQueryClient();
  const { showToast } = useToast();

  const setFilters = (next: ActivityFilters) =>
    setParams(writeFilters(next), { replace: true, preventScrollReset: true });

  // The search box writes to the URL once typing pauses, not on every key. Only the debounced text
  // triggers it: running on every filter change would put back a search text just cleared.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (debounced.trim() !== filters.q.trim()) setFilters({ ...filters, q: debounced });
  }, [debounced]);

  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/dashboard/user-transactions/export.csv', query, 'activity-log.csv'),
    onSuccess: () => {
      showToast({ message: 'The activity log has been exported.' });
      // The server logs the export itself (EXPORT_DATA), so the list has a new entry.
      void queryClient.invalidateQueries({ queryKey: activityKey });
      void queryClient.invalidateQueries({ queryKey: dashboardSummaryKey });
    },
  });

  const rows = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = writeFilters(filters).size > 0;

  return (
    <Stack gap="md">
      <PageHeader
        title="Activity log"
        description={
          <>
            {everyone
              ? 'Sign-ins, exports, settings changes and record changes of everyone in your organization.'
              : 'Your own sign-ins, exports and record changes.'}{' '}
            Times are in {timeZone}.
          </>
        }
        actions={
          mayExport && (
            <ExportCsvButton
              loading={exportCsv.isPending}
              empty={activity.isSuccess && rows.length === 0}
              onClick={() => exportCsv.mutate()}
            />
          )
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <ActivityFilterBar
        filters={filters}
        search={search}
        onSearchChange={setSearch}
        onChange={setFilters}
        showMember={everyone}
      />
      {filtered && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setSearch('');
              setFilters(emptyFilters);
            }}
          >
            Clear filters
          </Button>
        </Group>
      )}

      {activity.isPending && (
        <Text c="dimmed" role="status">
          Loading activity…
        </Text>
      )}
      {activity.isError && (
        <QueryError
          error={activity.error}
          what="The activity log"
          onRetry={() => activity.refetch()}
          retrying={activity.isFetching}
        />
      )}
      {activity.isSuccess && rows.length === 0 && (
        <Text c="dimmed">
          {filtered ? 'No activity matches these filters.' : 'No activity recorded yet.'}
        </Text>
      )}
      {rows.length > 0 && <ActivityTable entries={rows} timeZone={timeZone} />}
      <LoadMore
        hasNextPage={activity.hasNextPage}
        isFetchingNextPage={activity.isFetchingNextPage}
        fetchNextPage={activity.fetchNextPage}
      />
    </Stack>
  );
}
