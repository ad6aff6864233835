import { Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { formatPhp, OFFER_STATUS_LABELS, OFFER_STATUSES, type OfferStatus } from '@plastrace/shared';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type Offer, useOffers } from './api.ts';
import { OfferStatusBadge, priceText, quantityText } from './labels.tsx';
import { ThreadDialog } from './ThreadDialog.tsx';

const ROLES = ['sent', 'received'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Offers: every offer my organization made or received, each opening its negotiation to answer it. */
export function OffersPanel() {
  const { filters, query, set } = useUrlFilters(
    { tab: 'tab', role: 'role', status: 'status', offer: 'offer' },
    { role: oneOf(ROLES), status: oneOf(OFFER_STATUSES), offer: (v) => UUID.test(v) },
  );
  const offers = useOffers({
    role: (query.role as 'sent' | 'received' | undefined) ?? 'all',
    status: query.status as OfferStatus | undefined,
  });
  const items = offers.data?.pages.flatMap((p) => p.items) ?? [];
  // The negotiation open is in the address (?offer=), so a quote or a notification can link to it.
  const opened = filters.offer || null;
  const setOpened = (id: string | null) => set({ offer: id ?? '' });
  const filtered = Boolean(filters.role || filters.status);
  return (
    <Stack gap="md">
      <FilterBar label="Filter offers">
        <NativeSelect
          label="Offers"
          value={filters.role}
          onChange={(e) => set({ role: e.currentTarget.value })}
          data={[
            { value: '', label: 'Sent and received' },
            { value: 'sent', label: 'Sent by us' },
            { value: 'received', label: 'Received' },
          ]}
        />
        <NativeSelect
          label="Status"
          value={filters.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          data={[
            { value: '', label: 'Every status' },
            ...OFFER_STATUSES.map((s) => ({ value: s, label: OFFER_STATUS_LABELS[s] })),
          ]}
        />
      </FilterBar>
      <QueryStatus query={offers} what="The offers" loading="Loading offers…" />
      {offers.isSuccess && items.length === 0 && (
        <EmptyState title={filtered ? 'No offer matches' : 'No offers yet'}>
          {filtered
            ? 'Clear the filters to see every offer.'
            : 'Offers you make on other organizations’ listings, and those made on yours, appear here. Find a listing on the Browse tab to make one.'}
        </EmptyState>
      )}
      {items.length > 0 && <OffersList items={items} onOpen={setOpened} />}
      <LoadMore
        hasNextPage={offers.hasNextPage}
        isFetchingNextPage={offers.isFetchingNextPage}
        fetchNextPage={() => offers.fetchNextPage()}
      />
      {opened && <ThreadDialog offerId={opened} onClose={() => setOpened(null)} />}
    </Stack>
  );
}

function OffersList({ items, onOpen }: { items: Offer[]; onOpen: (id: string) => void }) {
  const phone = usePhone();
  const { timeZone } = useMe();
  const who = (o: Offer) => (o.fromMe ? `Us to ${o.counterparty.name}` : `${o.counterparty.name} to us`);
  const open = (o: Offer) => (
    <Button
      size="xs"
      variant="light"
      aria-label={`Open the offer on ${o.listingTitle}`}
      onClick={() => onOpen(o.id)}
    >
      {o.status === 'open' && !o.fromMe ? 'Answer' : 'Open'}
    </Button>
  );
  if (phone)
    return (
      <CardList label="Offers" items={items} keyOf={(o) => o.id}>
        {(o) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{o.listingTitle}</Text>
              <OfferStatusBadge status={o.status} />
            </Group>
            <Text size="sm">{who(o)}</Text>
            <Text size="sm">
              {quantityText(o.quantity, o.unit)} at {priceText(o.price, o.unit)} = {formatPhp(o.amount)}
            </Text>
            <Text size="xs" c="dimmed">
              {o.status === 'expired' ? 'Expired' : 'Expires'} {formatDateTime(o.expiresAt, timeZone)}
            </Text>
            {open(o)}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Offers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listing</Table.Th>
            <Table.Th>From → to</Table.Th>
            <Table.Th>We</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Negotiation</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.listingTitle}</Table.Td>
              <Table.Td>{who(o)}</Table.Td>
              <Table.Td>{o.side === 'seller' ? 'Sell' : 'Buy'}</Table.Td>
              <Table.Td ta="right">{quantityText(o.quantity, o.unit)}</Table.Td>
              <Table.Td ta="right">{priceText(o.price, o.unit)}</Table.Td>
              <Table.Td ta="right">{formatPhp(o.amount)}</Table.Td>
              <Table.Td>{formatDateTime(o.expiresAt, timeZone)}</Table.Td>
              <Table.Td>
                <OfferStatusBadge status={o.status} />
              </Table.Td>
              <Table.Td>{open(o)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
