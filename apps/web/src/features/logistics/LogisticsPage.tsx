import { Button, Checkbox, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { TRIP_STATUS_LABELS, TRIP_STATUSES, type TripStatus } from '@plastrace/shared';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { downloadFile } from '../../api/download.ts';
import { usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { ExportCsvButton } from '../../components/common/ExportCsvButton.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { isDay, oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { LivePositions } from './LivePositions.tsx';
import { TripBoard, TripList } from './TripBoard.tsx';

const KEYS = { status: 'status', cancelled: 'cancelled', from: 'from', to: 'to', q: 'q' } as const;
const CHECKS = { status: oneOf(TRIP_STATUSES), cancelled: oneOf(['1']), from: isDay, to: isDay };
const BOARD: TripStatus[] = ['planned', 'in_transit', 'completed'];

/** /logistics: the trucks' trips — planned, on the road, done — with their stops, kg and emissions. */
export function LogisticsPage() {
  usePageTitle('Logistics');
  return (
    <RequirePermission action="logistics.read" title="Logistics">
      <Trips />
    </RequirePermission>
  );
}

function Trips() {
  const phone = usePhone();
  const mayWrite = useCan('logistics.write');
  const mayExport = useCan('data.export');
  const { filters, set, clear, filtered, search, setSearch } = useUrlFilters(KEYS, CHECKS);
  const query = {
    q: filters.q.trim() || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
  // A phone lists one status at a time (or all); the board shows its columns, cancelled ones on demand.
  const status = (filters.status || undefined) as TripStatus | undefined;
  const planLink = (label: string) =>
    mayWrite &&
    !filtered && (
      <Button component={Link} to="/logistics/trips/new" variant="light" size="xs">
        {label}
      </Button>
    );
  const exportCsv = useMutation({
    mutationFn: () =>
      downloadFile('/trips/export.csv', { ...query, status: phone ? status : undefined }, 'trips.csv'),
  });

  return (
    <Stack gap="md">
      <PageHeader
        title="Logistics"
        description="Trips of the trucks: pick-ups from suppliers and deliveries to customers, in order, with the distance driven and the transport emissions of what was carried."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} />
            )}
            {mayWrite && (
              <Button
                component={Link}
                to="/logistics/trips/new"
                leftSection={<IconPlus size={18} aria-hidden />}
              >
                Plan a trip
              </Button>
            )}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <LivePositions />
      <FilterBar label="Filter the trips">
        <TextInput
          label="Search"
          placeholder="Trip number, plate or driver"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {phone && (
          <NativeSelect
            label="Status"
            value={filters.status}
            data={[
              { value: '', label: 'All statuses' },
              ...TRIP_STATUSES.map((s) => ({ value: s, label: TRIP_STATUS_LABELS[s] })),
            ]}
            onChange={(e) => set({ status: e.currentTarget.value })}
          />
        )}
        <TextInput
          label="Planned from"
          type="date"
          value={filters.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
        />
        <TextInput
          label="Planned to"
          type="date"
          value={filters.to}
          error={
            filters.from && filters.to && filters.to < filters.from
              ? 'The end date is before the start date'
              : null
          }
          onChange={(e) => set({ to: e.currentTarget.value })}
        />
        {!phone && (
          <Checkbox
            mt={30}
            label="Show cancelled trips"
            checked={filters.cancelled === '1'}
            onChange={(e) => set({ cancelled: e.currentTarget.checked ? '1' : '' })}
          />
        )}
      </FilterBar>
      {filtered && (
        <Group>
          <Button variant="subtle" size="xs" onClick={clear}>
            Clear filters
          </Button>
        </Group>
      )}
      {phone ? (
        <TripList
          label="Trips"
          query={{ ...query, status }}
          empty={
            <EmptyState
              title={filtered ? 'No trip matches these filters' : 'No trip yet'}
              action={planLink('Plan the first trip')}
            >
              {filtered
                ? 'Clear a filter or widen the dates to see more.'
                : 'A trip sends a truck and its driver through pick-ups and deliveries, in order.'}
            </EmptyState>
          }
        />
      ) : (
        <TripBoard
          statuses={filters.cancelled === '1' ? [...BOARD, 'cancelled'] : BOARD}
          query={query}
          planAction={planLink('Plan the next trip')}
        />
      )}
    </Stack>
  );
}
