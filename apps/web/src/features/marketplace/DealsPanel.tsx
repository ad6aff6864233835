import { Anchor, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { DEAL_STATUS_LABELS, DEAL_STATUSES, type DealStatus, formatPhp } from '@plastrace/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDate } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type Deal, useDeals } from './api.ts';
import { DealActionDialog } from './DealActionDialog.tsx';
import { type DealButton, dealButtons } from './dealActions.ts';
import { DealStatusBadge, priceText, quantityText } from './labels.tsx';

const BUTTON_LABELS: Record<DealButton, string> = {
  'confirm-payment': 'Confirm payment',
  complete: 'Confirm receipt',
  cancel: 'Cancel',
  rate: 'Rate',
};

export type PendingAction = { deal: Deal; button: DealButton } | null;

/** Deals: every deal my organization made, as seller or buyer, with my order and what I may do next. */
export function DealsPanel() {
  const { filters, query, set } = useUrlFilters(
    { tab: 'tab', role: 'role', status: 'status' },
    { role: oneOf(['seller', 'buyer']), status: oneOf(DEAL_STATUSES) },
  );
  const deals = useDeals({
    role: (query.role as 'seller' | 'buyer' | undefined) ?? 'all',
    status: query.status as DealStatus | undefined,
  });
  const items = deals.data?.pages.flatMap((p) => p.items) ?? [];
  const [pending, setPending] = useState<PendingAction>(null);
  const filtered = Boolean(filters.role || filters.status);
  return (
    <Stack gap="md">
      <FilterBar label="Filter deals">
        <NativeSelect
          label="We are"
          value={filters.role}
          onChange={(e) => set({ role: e.currentTarget.value })}
          data={[
            { value: '', label: 'Seller or buyer' },
            { value: 'seller', label: 'Seller' },
            { value: 'buyer', label: 'Buyer' },
          ]}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          data={[
            { value: '', label: 'Every status' },
            ...DEAL_STATUSES.map((s) => ({ value: s, label: DEAL_STATUS_LABELS[s] })),
          ]}
        />
      </FilterBar>
      <QueryStatus query={deals} what="The deals" loading="Loading deals…" />
      {deals.isSuccess && items.length === 0 && (
        <EmptyState title={filtered ? 'No deal matches' : 'No deals yet'}>
          {filtered
            ? 'Clear the filters to see every deal.'
            : 'An accepted offer becomes a deal: answer offers on the Offers tab, or find a listing on the Browse tab.'}
        </EmptyState>
      )}
      {items.length > 0 && (
        <DealsList items={items} onAction={(deal, button) => setPending({ deal, button })} />
      )}
      <LoadMore
        hasNextPage={deals.hasNextPage}
        isFetchingNextPage={deals.isFetchingNextPage}
        fetchNextPage={() => deals.fetchNextPage()}
      />
      {pending && <DealActionDialog pending={pending} onClose={() => setPending(null)} />}
    </Stack>
  );
}

function DealsList({ items, onAction }: { items: Deal[]; onAction: (d: Deal, b: DealButton) => void }) {
  const phone = usePhone();
  const { timeZone } = useMe();
  const mayTrade = useCan('market.trade');
  const order = (d: Deal) =>
    d.myOrder ? (
      <Anchor component={Link} to={`/order-records/${d.myOrder.id}`}>
        {d.myOrder.number}
      </Anchor>
    ) : (
      '—'
    );
  const actions = (d: Deal) => {
    const buttons = mayTrade ? dealButtons(d) : [];
    if (buttons.length === 0) return null;
    return (
      <Group gap="xs" wrap="nowrap">
        {buttons.map((b) => (
          <Button
            key={b}
            size="xs"
            variant={b === 'cancel' ? 'light' : 'filled'}
            color={b === 'cancel' ? 'red' : undefined}
            aria-label={`${BUTTON_LABELS[b]}: ${d.listingTitle}`}
            onClick={() => onAction(d, b)}
          >
            {BUTTON_LABELS[b]}
          </Button>
        ))}
      </Group>
    );
  };
  const state = (d: Deal) => (
    <Stack gap={2}>
      <DealStatusBadge status={d.status} />
      {d.kind === 'credits' && d.status === 'open' && (
        <Text size="xs">{d.paymentConfirmedAt ? 'Paid; credits moved' : 'Awaiting payment'}</Text>
      )}
      {d.cancelReason && <Text size="xs">Cancelled: {d.cancelReason}</Text>}
      {d.myRating && <Text size="xs">We rated {d.myRating.stars} of 5</Text>}
      {d.theirRating && <Text size="xs">They rated {d.theirRating.stars} of 5</Text>}
    </Stack>
  );
  const role = (d: Deal) => (d.role === 'seller' ? 'Selling to' : 'Buying from');
  if (phone)
    return (
      <CardList label="Deals" items={items} keyOf={(d) => d.id}>
        {(d) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>{d.listingTitle}</Text>
              {state(d)}
            </Group>
            <Text size="sm">
              {role(d)} {d.counterparty.name}
            </Text>
            <Text size="sm">
              {quantityText(d.quantity, d.unit)} at {priceText(d.price, d.unit)} = {formatPhp(d.amount)}
            </Text>
            <Text size="sm">Our order: {order(d)}</Text>
            {actions(d)}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped aria-label="Deals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listing</Table.Th>
            <Table.Th>We are</Table.Th>
            <Table.Th>With</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Our order</Table.Th>
            <Table.Th>Made</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                <Anchor component={Link} to={`/marketplace/listings/${d.listingId}`}>
                  {d.listingTitle}
                </Anchor>
              </Table.Td>
              <Table.Td>{d.role === 'seller' ? 'Seller' : 'Buyer'}</Table.Td>
              <Table.Td>{d.counterparty.name}</Table.Td>
              <Table.Td ta="right">{quantityText(d.quantity, d.unit)}</Table.Td>
              <Table.Td ta="right">{priceText(d.price, d.unit)}</Table.Td>
              <Table.Td ta="right">{formatPhp(d.amount)}</Table.Td>
              <Table.Td>{state(d)}</Table.Td>
              <Table.Td>{order(d)}</Table.Td>
              <Table.Td>{formatDate(d.createdAt, timeZone)}</Table.Td>
              <Table.Td>{actions(d) ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
