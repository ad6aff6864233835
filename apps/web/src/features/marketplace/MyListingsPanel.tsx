import { Anchor, Button, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import {
  MARKET_LISTING_STATUS_LABELS,
  MARKET_LISTING_STATUSES,
  type MarketListingStatus,
} from '@plastrace/shared';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { oneOf, useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type MarketListing, useCloseListing, useMyListings, useUpdateListing } from './api.ts';
import { ListingStatusBadge, priceText, QualityBadge, quantityText, whatText } from './labels.tsx';

// Loaded when opened: a visit to the tab does not need the forms.
const CreateListingDialog = lazy(() =>
  import('./CreateListingDialog.tsx').then((m) => ({ default: m.CreateListingDialog })),
);
const EditListingDialog = lazy(() =>
  import('./EditListingDialog.tsx').then((m) => ({ default: m.EditListingDialog })),
);

/** My listings: every listing of my organization by status, to post, edit, pause, resume or close. */
export function MyListingsPanel() {
  const { filters, query, set } = useUrlFilters(
    { tab: 'tab', status: 'status' },
    { status: oneOf(MARKET_LISTING_STATUSES) },
  );
  const listings = useMyListings({ status: query.status as MarketListingStatus | undefined });
  const items = listings.data?.pages.flatMap((p) => p.items) ?? [];
  const mayTrade = useCan('market.trade');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<MarketListing | null>(null);
  const [closing, setClosing] = useState<MarketListing | null>(null);
  const update = useUpdateListing();
  const closeListing = useCloseListing();
  const newButton = (label: string) =>
    mayTrade && (
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
        {label}
      </Button>
    );

  const actions = (l: MarketListing) =>
    mayTrade &&
    l.status !== 'closed' && (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="light" aria-label={`Edit ${l.title}`} onClick={() => setEditing(l)}>
          Edit
        </Button>
        <Button
          size="xs"
          variant="default"
          aria-label={`${l.status === 'active' ? 'Pause' : 'Resume'} ${l.title}`}
          loading={update.isPending && update.variables?.id === l.id}
          onClick={() =>
            update.mutate({
              id: l.id,
              body: { status: l.status === 'active' ? 'paused' : 'active', version: l.version },
            })
          }
        >
          {l.status === 'active' ? 'Pause' : 'Resume'}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`Close ${l.title}`}
          onClick={() => setClosing(l)}
        >
          Close
        </Button>
      </Group>
    );

  return (
    <Stack gap="md">
      <FilterBar label="Filter my listings" actions={newButton('New listing')}>
        <NativeSelect
          label="Status"
          value={filters.status}
          onChange={(e) => set({ status: e.currentTarget.value })}
          data={[
            { value: '', label: 'Every status' },
            ...MARKET_LISTING_STATUSES.map((s) => ({ value: s, label: MARKET_LISTING_STATUS_LABELS[s] })),
          ]}
        />
      </FilterBar>
      <ActionError error={update.error} onClose={() => update.reset()} />
      <QueryStatus query={listings} what="Your listings" loading="Loading your listings…" />
      {listings.isSuccess && items.length === 0 && (
        <EmptyState
          title={filters.status ? 'No listing has this status' : 'No listings yet'}
          action={!filters.status && newButton('List material or credits')}
        >
          {filters.status
            ? 'Choose another status to see the others.'
            : 'Sell recyclate backed by your lots or EPR credits you hold, or post what you want to buy.'}
        </EmptyState>
      )}
      {items.length > 0 && <MyListingsList items={items} actions={actions} />}
      <LoadMore
        hasNextPage={listings.hasNextPage}
        isFetchingNextPage={listings.isFetchingNextPage}
        fetchNextPage={() => listings.fetchNextPage()}
      />
      <Suspense fallback={null}>
        {creating && <CreateListingDialog opened onClose={() => setCreating(false)} />}
        {editing && <EditListingDialog key={editing.id} listing={editing} onClose={() => setEditing(null)} />}
      </Suspense>
      <ConfirmDialog
        opened={closing !== null}
        title="Close the listing?"
        confirmLabel="Close the listing"
        loading={closeListing.isPending}
        error={closeListing.error}
        onClose={() => {
          closeListing.reset();
          setClosing(null);
        }}
        onConfirm={() =>
          closing &&
          closeListing.mutate(
            { id: closing.id, version: closing.version },
            { onSuccess: () => setClosing(null) },
          )
        }
      >
        “{closing?.title}” leaves the marketplace: its reserved kg or credits are released and its open offers
        end. Deals already made stay. This cannot be undone; list again to sell more.
      </ConfirmDialog>
    </Stack>
  );
}

function MyListingsList({
  items,
  actions,
}: {
  items: MarketListing[];
  actions: (l: MarketListing) => React.ReactNode;
}) {
  const phone = usePhone();
  const title = (l: MarketListing) => (
    <Anchor component={Link} to={`/marketplace/listings/${l.id}`} fw={600}>
      {l.title}
    </Anchor>
  );
  if (phone)
    return (
      <CardList label="My listings" items={items} keyOf={(l) => l.id}>
        {(l) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              {title(l)}
              <ListingStatusBadge status={l.status} reason={l.closedReason} />
            </Group>
            <Text size="sm">
              {l.side === 'buy' ? 'Buying' : 'Selling'} {whatText(l)}
            </Text>
            <Text size="sm" fw={600}>
              {quantityText(l.remaining, l.unit)} of {quantityText(l.quantity, l.unit)} ·{' '}
              {priceText(l.price, l.unit)}
            </Text>
            {actions(l)}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="My listings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listing</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th ta="right">Remaining</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Quality</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{title(l)}</Table.Td>
              <Table.Td>
                <ListingStatusBadge status={l.status} reason={l.closedReason} />
              </Table.Td>
              <Table.Td>
                {l.side === 'buy' ? 'Buying' : 'Selling'} {whatText(l)}
              </Table.Td>
              <Table.Td ta="right">
                {quantityText(l.remaining, l.unit)} of {quantityText(l.quantity, l.unit)}
              </Table.Td>
              <Table.Td ta="right">{priceText(l.price, l.unit)}</Table.Td>
              <Table.Td>
                <QualityBadge level={l.qualityLevel} />
              </Table.Td>
              <Table.Td>{actions(l) || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
