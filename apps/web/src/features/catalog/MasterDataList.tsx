import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import type { EntityConfig } from './entity.ts';
import { FilterSelect } from './FilterSelect.tsx';
import {
  isFiltered,
  type ListState,
  readListState,
  SORTS,
  toListQuery,
  writeListState,
} from './listFilters.ts';
import { RecordFormModal } from './RecordFormModal.tsx';
import { type MasterRecord, useArchiveRecord, useRecordList } from './recordApi.ts';

type Editing<T> = { record: T | null } | null;

/**
 * The list of one kind of master data: search, filters, sort and the archived toggle live in the URL;
 * a row opens its form (read-only for roles that may not edit), "New" opens an empty one.
 */
export function MasterDataList<T extends MasterRecord>({ config }: { config: EntityConfig<T> }) {
  // Keeping master data (new, archive, restore) is one action; changing a record may be another
  // (a supplier member changes their own supplier record, some of its fields).
  const mayKeep = useCan('masterdata.write');
  const mayEdit = useCan(config.permissions?.update ?? 'masterdata.write');
  const mayExport = useCan('data.export');
  const locked = mayKeep || !config.ownFields ? undefined : lockedExcept(config.ownFields);
  const [params, setParams] = useSearchParams();
  const state = readListState(
    params,
    config.filters.map((f) => f.name),
  );
  const [search, setSearch] = useState(state.q);
  const [debounced] = useDebouncedValue(search, 300);
  const list = useRecordList<T>(config.resource, toListQuery(state));
  const archive = useArchiveRecord<T>(config.resource);
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [confirming, setConfirming] = useState<T | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const { showToast } = useToast();

  const setState = (next: ListState) =>
    setParams(writeListState(params, next), { replace: true, preventScrollReset: true });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text writes the URL
  useEffect(() => {
    if (debounced.trim() !== state.q.trim()) setState({ ...state, q: debounced });
  }, [debounced]);

  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = isFiltered(state);

  async function exportCsv() {
    setExporting(true);
    setExportError(null);
    try {
      const { sort, q, includeArchived, ...filters } = toListQuery(state);
      await downloadFile(
        `/${config.resource}/export.csv`,
        { sort, q, includeArchived, ...filters },
        `${config.resource}.csv`,
      );
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  }

  function confirmArchive() {
    if (!confirming) return;
    const archiving = !confirming.archivedAt;
    archive.mutate(
      { id: confirming.id, archive: archiving },
      {
        onSuccess: (saved) => {
          showToast({ message: `${saved.name} has been ${archiving ? 'archived' : 'restored'}.` });
          setConfirming(null);
        },
      },
    );
  }

  return (
    <Stack gap="md">
      <Group
        gap="sm"
        align="flex-end"
        wrap="wrap"
        role="search"
        aria-label={`Filter the ${config.plural.toLowerCase()}`}
      >
        <TextInput
          label="Search"
          placeholder={config.searchPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        {config.filters.map((f) => (
          <FilterSelect
            key={f.name}
            filter={f}
            value={state.filters[f.name] ?? ''}
            onChange={(value) => setState({ ...state, filters: { ...state.filters, [f.name]: value } })}
          />
        ))}
        <NativeSelect
          label="Sort"
          data={SORTS}
          value={state.sort}
          onChange={(e) => setState({ ...state, sort: e.currentTarget.value })}
        />
        <Switch
          label="Include archived"
          checked={state.archived}
          onChange={(e) => setState({ ...state, archived: e.currentTarget.checked })}
          mb={8}
        />
        <Group gap="sm" ml="auto">
          {mayExport && (
            <ExportCsvButton
              loading={exporting}
              empty={list.isSuccess && rows.length === 0}
              onClick={exportCsv}
            />
          )}
          {mayKeep && (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ record: null })}
            >
              New {config.noun}
            </Button>
          )}
        </Group>
      </Group>
      <ActionError error={exportError} onClose={() => setExportError(null)} />

      {list.isPending && (
        <Text c="dimmed" role="status">
          Loading {config.plural.toLowerCase()}…
        </Text>
      )}
      {list.isError && (
        <QueryError
          error={list.error}
          what={`The ${config.plural.toLowerCase()}`}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      )}
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          title={
            filtered
              ? `No ${config.plural.toLowerCase()} match these filters`
              : `No ${config.plural.toLowerCase()} yet`
          }
          action={
            !filtered &&
            mayKeep && (
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setEditing({ record: null })}
              >
                Add the first {config.noun}
              </Button>
            )
          }
        >
          {filtered ? 'Clear a filter or include archived records to see more.' : config.purpose}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label={config.plural}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Name</Table.Th>
                {config.columns.map((c) => (
                  <Table.Th key={c.label}>{c.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      onClick={() => setEditing({ record: row })}
                      // The visible code starts the name, so voice control finds the button by what it shows.
                      aria-label={`${mayEdit ? 'Edit' : 'View'} ${row.code}: ${row.name}`}
                    >
                      {row.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{row.name}</Text>
                      {row.archivedAt && (
                        <Badge size="xs" color="gray" variant="light">
                          Archived
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {config.columns.map((c) => (
                    <Table.Td key={c.label}>{c.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />

      {editing && (
        <RecordFormModal
          key={editing.record?.id ?? 'new'}
          config={config}
          record={editing.record}
          readOnly={!mayEdit}
          locked={locked}
          onClose={() => setEditing(null)}
          onArchive={
            mayKeep
              ? (record) => {
                  setEditing(null);
                  archive.reset();
                  setConfirming(record);
                }
              : undefined
          }
        />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.archivedAt ? `Restore ${config.noun}?` : `Archive ${config.noun}?`}
        confirmLabel={confirming?.archivedAt ? 'Restore' : 'Archive'}
        color={confirming?.archivedAt ? 'teal' : 'red'}
        loading={archive.isPending}
        error={archive.error}
        onConfirm={confirmArchive}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          (confirming.archivedAt
            ? `${confirming.name} will be listed and offered in pickers again.`
            : `${confirming.name} will be hidden from lists and pickers. Past records keep it, and you can restore it later.`)}
      </ConfirmDialog>
    </Stack>
  );
}

/** Locks every field but `own` ones and their nested values ('paymentDetails' covers 'paymentDetails.bank'). */
const lockedExcept =
  (own: readonly string[]) =>
  (name: string): boolean =>
    !own.some((f) => name === f || name.startsWith(`${f}.`));
