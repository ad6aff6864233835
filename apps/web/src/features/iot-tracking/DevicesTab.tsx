import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  DEVICE_KIND_LABELS,
  DEVICE_KINDS,
  DEVICE_STATUS_LABELS,
  DEVICE_STATUSES,
  type DeviceKind,
  type DeviceStatus,
} from '@plastrace/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type Device, useDevices } from './api.ts';
import { DeviceDrawer } from './DeviceDrawer.tsx';
import { DeviceFormModal } from './DeviceFormModal.tsx';
import { CalibrationBadge, KindLabel, LastReading, placeOf, StatusBadge } from './labels.tsx';

const KEYS = { q: 'q', kind: 'kind', status: 'status', device: 'device', tab: 'tab' } as const;
const CHECKS = { kind: oneOf(DEVICE_KINDS), status: oneOf(DEVICE_STATUSES) };

/** The devices with their status, last reading and calibration; a row opens the device. */
export function DevicesTab() {
  const phone = usePhone();
  const mayManage = useCan('devices.manage');
  const { timeZone } = useMe();
  const { filters, set, search, setSearch } = useUrlFilters(KEYS, CHECKS);
  const [registering, setRegistering] = useState(false);
  const list = useDevices({
    q: filters.q.trim() || undefined,
    kind: (filters.kind || undefined) as DeviceKind | undefined,
    status: (filters.status || undefined) as DeviceStatus | undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = !!(filters.q || filters.kind || filters.status);
  const open = (d: Device) => set({ device: d.id });
  const register = mayManage && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)}>
      Register device
    </Button>
  );
  const codeLink = (d: Device) => (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={() => open(d)}
      aria-label={`Open ${d.code}: ${d.name}`}
    >
      {d.code}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <FilterBar label="Filter the devices" actions={register}>
        <TextInput
          label="Search"
          placeholder="Code, name or serial"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Kind"
          data={[
            { value: '', label: 'All' },
            ...DEVICE_KINDS.map((k) => ({ value: k, label: DEVICE_KIND_LABELS[k] })),
          ]}
          value={filters.kind}
          onChange={(e) => set({ kind: e.currentTarget.value })}
        />
        <NativeSelect
          label="Status"
          data={[
            { value: '', label: 'All' },
            ...DEVICE_STATUSES.map((s) => ({ value: s, label: DEVICE_STATUS_LABELS[s] })),
          ]}
          value={filters.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
        />
      </FilterBar>

      <QueryStatus query={list} what="The devices" loading="Loading devices…" />
      {list.isSuccess && rows.length === 0 && (
        <EmptyState
          title={filtered ? 'No devices match these filters' : 'No devices yet'}
          action={
            !filtered &&
            mayManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setRegistering(true)}>
                Register the first device
              </Button>
            )
          }
        >
          {filtered
            ? 'Clear a filter to see more.'
            : 'Scales, energy meters, GPS trackers and sensors send their readings here, so records carry weights and energy that a machine measured.'}
        </EmptyState>
      )}
      {rows.length > 0 &&
        (phone ? (
          <CardList label="Devices" items={rows} keyOf={(d) => d.id}>
            {(d) => (
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  {codeLink(d)}
                  <StatusBadge status={d.status} />
                </Group>
                <Text size="sm">{d.name}</Text>
                <Group gap="xs">
                  <KindLabel kind={d.kind} />
                  <CalibrationBadge device={d} />
                </Group>
                <Text size="sm" c="dimmed">
                  {placeOf(d)}
                </Text>
                <LastReading device={d} timeZone={timeZone} />
              </Stack>
            )}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Devices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Where</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Last reading</Table.Th>
                  <Table.Th>Calibration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{codeLink(d)}</Table.Td>
                    <Table.Td>{d.name}</Table.Td>
                    <Table.Td>
                      <KindLabel kind={d.kind} />
                    </Table.Td>
                    <Table.Td>{placeOf(d)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={d.status} />
                    </Table.Td>
                    <Table.Td>
                      <LastReading device={d} timeZone={timeZone} />
                    </Table.Td>
                    <Table.Td>{d.calibration ? <CalibrationBadge device={d} /> : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
      <DeviceFormModal
        device={null}
        opened={registering}
        onClose={() => setRegistering(false)}
        onSaved={(d) => set({ device: d.id })}
      />
      <DeviceDrawer deviceId={filters.device || null} onClose={() => set({ device: '' })} />
    </Stack>
  );
}
