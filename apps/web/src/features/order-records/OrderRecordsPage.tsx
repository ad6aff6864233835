import { Button, Group, NativeSelect, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { ORDER_KINDS, ORDER_SORTS, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@plastrace/shared';
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
import { useCan } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useOrders } from './api.ts';
import { OrderRecordsTable } from './OrderRecordsTable.tsx';
import { PartyFilter } from './PartySelect.tsx';

const KEYS = {
  kind: 'kind',
  status: 'status',
  customerId: 'customer',
  supplierId: 'supplier',
  sort: 'sort',
  q: 'q',
} as const;
const CHECKS = { kind: oneOf(ORDER_KINDS), status: oneOf(ORDER_STATUSES), sort: oneOf(ORDER_SORTS) };
const SORT_LABELS: Record<(typeof ORDER_SORTS)[number], string> = {
  '-ordered_on': 'Newest order first',
  ordered_on: 'Oldest order first',
  due_on: 'Soonest due first',
  '-due_on': 'Latest due first',
  number: 'Number, ascending',
  '-number': 'Number, descending',
};

/** /order-records: what customers ordered from us and what we ordered from suppliers. */
export function OrderRecordsPage() {
  usePageTitle('Order records');
  return (
    <RequirePermission action="orders.read" title="Order records">
      <OrderRecords />
    </RequirePermission>
  );
}

function OrderRecords() {
  const mayWrite = useCan('orders.write');
  const mayExport = useCan('data.export');
  const { filters, query, set, clear, filtered, search, setSearch } = useUrlFilters(KEYS, CHECKS);
  const orders = useOrders(query);
  const exportCsv = useMutation({
    mutationFn: () => downloadFile('/orders/export.csv', { ...query }, 'orders.csv'),
  });
  const rows = orders.data?.pages.flatMap((p) => p.items) ?? [];
  const newOrder = (label: string) => (
    <Button component={Link} to="/order-records/new" leftSection={<IconPlus size={18} aria-hidden />}>
      {label}
    </Button>
  );

  return (
    <Stack gap="md">
      <PageHeader
        title="Order records"
        description="Sales orders from customers, shipped by the dispatches posted against them, and purchase orders to suppliers."
        actions={
          <>
            {mayExport && (
              <ExportCsvButton
                loading={exportCsv.isPending}
                empty={orders.isSuccess && rows.length === 0}
                onClick={() => exportCsv.mutate()}
              />
            )}
            {mayWrite && newOrder('New order')}
          </>
        }
      />
      <ActionError error={exportCsv.error} onClose={() => exportCsv.reset()} />
      <Tabs
        value={filters.kind || 'all'}
        // A party is a customer or a supplier: changing the kind drops the other kind's party.
        onChange={(kind) => set({ kind: kind === 'all' ? '' : (kind ?? ''), customerId: '', supplierId: '' })}
      >
        <Tabs.List aria-label="Kind of order">
          <Tabs.Tab value="all">All orders</Tabs.Tab>
          <Tabs.Tab value="sales">Sales orders</Tabs.Tab>
          <Tabs.Tab value="purchase">Purchase orders</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <FilterBar label="Filter the orders">
        <TextInput
          label="Search"
          placeholder="Number, party or their reference"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          data={[
            { value: '', label: 'All statuses' },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] })),
          ]}
          onChange={(e) => set({ status: e.currentTarget.value })}
        />
        {filters.kind === 'sales' && (
          <PartyFilter kind="sales" value={filters.customerId} onChange={(id) => set({ customerId: id })} />
        )}
        {filters.kind === 'purchase' && (
          <PartyFilter
            kind="purchase"
            value={filters.supplierId}
            onChange={(id) => set({ supplierId: id })}
          />
        )}
        <NativeSelect
          label="Sort"
          value={filters.sort || '-ordered_on'}
          data={ORDER_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
          onChange={(e) =>
            set({ sort: e.currentTarget.value === '-ordered_on' ? '' : e.currentTarget.value })
          }
        />
      </FilterBar>
      {filtered && (
        <Group>
          <Button variant="subtle" size="xs" onClick={clear}>
            Clear filters
          </Button>
        </Group>
      )}
      {orders.isPending && (
        <Text c="dimmed" role="status">
          Loading orders…
        </Text>
      )}
      {orders.isError && (
        <QueryError
          error={orders.error}
          what="The orders"
          onRetry={() => orders.refetch()}
          retrying={orders.isFetching}
        />
      )}
      {orders.isSuccess && rows.length === 0 && (
        <EmptyState
          title={filtered ? 'No orders match these filters' : 'No orders recorded yet'}
          action={!filtered && mayWrite && newOrder('Record the first order')}
        >
          {filtered
            ? 'Clear a filter or search for something else.'
            : 'A sales order says what a customer will take, at what price and by when; the dispatches posted against it show how much has shipped. A purchase order does the same for what a supplier will bring.'}
        </EmptyState>
      )}
      {rows.length > 0 && <OrderRecordsTable orders={rows} />}
      <LoadMore
        hasNextPage={orders.hasNextPage}
        isFetchingNextPage={orders.isFetchingNextPage}
        fetchNextPage={orders.fetchNextPage}
      />
    </Stack>
  );
}
