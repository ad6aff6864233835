import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useFacilityOptions, useMaterialOptions } from '../receive-records/api.ts';
import { sumDecimals } from '../receive-records/decimal.ts';
import { formatKg, formatPhp } from '../receive-records/format.ts';
import { type Lot, type LotStatus, useLots, useMergeLots } from './api.ts';
import { canOperate, LOT_STATUS_OPTIONS } from './format.ts';
import { LotStatusBadge } from './LotStatusBadge.tsx';

const KEYS = ['status', 'facility', 'material', 'q'] as const;

/** /batch-management: lots with their balances; lots of one material at one facility can be merged. */
export function LotsPage() {
  usePageTitle('Batches');
  const { role } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [params, setParams] = useSearchParams();
  const get = (k: (typeof KEYS)[number]) => params.get(k) ?? '';
  const [search, setSearch] = useState(get('q'));
  const [debounced] = useDebouncedValue(search, 300);
  const [selected, setSelected] = useState<Lot[]>([]);
  const [confirmMerge, setConfirmMerge] = useState(false);
  const lots = useLots({
    status: (get('status') || undefined) as LotStatus | undefined,
    facilityId: get('facility') || undefined,
    materialId: get('material') || undefined,
    q: get('q') || undefined,
  });
  const facilities = useFacilityOptions();
  const materials = useMaterialOptions();
  const merge = useMergeLots();

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
  const first = selected[0];
  // Only lots of the first chosen lot's material and facility can join it.
  const mergeable = (lot: Lot) =>
    lot.status === 'available' &&
    (!first || (lot.material.id === first.material.id && lot.facility.id === first.facility.id));
  const toggle = (lot: Lot) =>
    setSelected((all) =>
      all.some((l) => l.id === lot.id) ? all.filter((l) => l.id !== lot.id) : [...all, lot],
    );
  const operate = canOperate(role);

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Batches</Title>
        <Text c="dimmed" size="sm">
          Lots of one material at one facility, with their balance and value.
        </Text>
      </div>
      <Group gap="sm" align="flex-start" wrap="wrap" role="search" aria-label="Filter the lots">
        <TextInput
          label="Search"
          placeholder="Lot code"
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
        <NativeSelect
          label="Facility"
          value={get('facility')}
          data={[
            { value: '', label: 'All facilities' },
            ...(facilities.data?.items ?? []).map((f) => ({ value: f.id, label: f.name })),
          ]}
          onChange={(e) => setParam('facility', e.currentTarget.value)}
        />
        <NativeSelect
          label="Material"
          value={get('material')}
          data={[
            { value: '', label: 'All materials' },
            ...(materials.data?.items ?? []).map((m) => ({ value: m.id, label: m.name })),
          ]}
          onChange={(e) => setParam('material', e.currentTarget.value)}
        />
      </Group>
      {operate && selected.length > 0 && (
        <Group gap="sm">
          <Text size="sm">
            {selected.length} selected ·{' '}
            {formatKg(
              sumDecimals(
                selected.map((l) => l.qtyKg),
                3,
              ),
            )}
          </Text>
          <Button size="xs" disabled={selected.length < 2} onClick={() => setConfirmMerge(true)}>
            Merge lots
          </Button>
          <Button size="xs" variant="subtle" onClick={() => setSelected([])}>
            Clear selection
          </Button>
        </Group>
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
        <Text c="dimmed">
          {params.size > 0 ? 'No lots match these filters.' : 'No lots yet: post a delivery.'}
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Lots">
            <Table.Thead>
              <Table.Tr>
                {operate && <Table.Th w={40} />}
                <Table.Th>Code</Table.Th>
                <Table.Th>Material</Table.Th>
                <Table.Th>Facility</Table.Th>
                <Table.Th ta="right">Balance</Table.Th>
                <Table.Th ta="right">Value</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((lot) => (
                <Table.Tr key={lot.id}>
                  {operate && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${lot.code}`}
                        checked={selected.some((l) => l.id === lot.id)}
                        disabled={!selected.some((l) => l.id === lot.id) && !mergeable(lot)}
                        onChange={() => toggle(lot)}
                      />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <Anchor component={Link} to={`/batch-management/${lot.id}`} size="sm" ff="monospace">
                      {lot.code}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{lot.material.name}</Table.Td>
                  <Table.Td>{lot.facility.name}</Table.Td>
                  <Table.Td ta="right">{formatKg(lot.qtyKg)}</Table.Td>
                  <Table.Td ta="right">{formatPhp(lot.valuePhp)}</Table.Td>
                  <Table.Td>
                    <LotStatusBadge status={lot.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMore
        hasNextPage={lots.hasNextPage}
        isFetchingNextPage={lots.isFetchingNextPage}
        fetchNextPage={lots.fetchNextPage}
      />
      <ConfirmDialog
        opened={confirmMerge}
        title={`Merge ${selected.length} lots?`}
        confirmLabel="Merge"
        color="blue"
        loading={merge.isPending}
        error={merge.error}
        onClose={() => {
          merge.reset();
          setConfirmMerge(false);
        }}
        onConfirm={() =>
          merge.mutate(
            selected.map((l) => l.id),
            {
              onSuccess: (lot) => {
                setSelected([]);
                setConfirmMerge(false);
                showToast({ message: `Merged into ${lot.code}.` });
                navigate(`/batch-management/${lot.id}`);
              },
            },
          )
        }
      >
        {selected.map((l) => l.code).join(', ')} become one lot of {first?.material.name} at{' '}
        {first?.facility.name}.
      </ConfirmDialog>
    </Stack>
  );
}
