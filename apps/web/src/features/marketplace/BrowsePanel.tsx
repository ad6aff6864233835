import { Alert, Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import type { MarketKind, MarketSide, MarketSort } from '@plastrace/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { type AnyListing, type SearchQuery, useSearch } from './api.ts';
import { BROWSE_CHECKS, BROWSE_KEYS, BrowseFilters } from './BrowseFilters.tsx';
import { ListingsMap } from './ListingsMap.tsx';
import { ListingsTable } from './ListingsTable.tsx';

/**
 * Browse: every active listing, filtered and sorted, as a table (cards on a phone) or a map with the
 * table beside it. Members see who lists; a visitor sees the listings without their sellers.
 */
export function BrowsePanel({ member, signedIn = true }: { member: boolean; signedIn?: boolean }) {
  const { filters, query, set, clear, search, setSearch } = useUrlFilters(BROWSE_KEYS, BROWSE_CHECKS);
  const { tab: _tab, view, near: _near, ...wanted } = query;
  const hasPoint = Boolean(wanted.nearLat && wanted.nearLng);
  const searchQuery: SearchQuery = {
    ...wanted,
    side: wanted.side as MarketSide | undefined,
    kind: wanted.kind as MarketKind | undefined,
    // A distance or nearest-first needs a point; without one they are left out rather than refused.
    withinKm: hasPoint ? wanted.withinKm : undefined,
    sort: (wanted.sort === 'distance' && !hasPoint ? undefined : wanted.sort) as MarketSort | undefined,
  };
  const results = useSearch(searchQuery, member);
  const items: AnyListing[] = (results.data?.pages ?? []).flatMap((p): AnyListing[] => p.items);
  const filtered = Object.entries(wanted).some(([k, v]) => k !== 'sort' && v);

  return (
    <Stack gap="md">
      <BrowseFilters filters={filters} set={set} search={search} setSearch={setSearch} member={member} />
      {!member && signedIn && (
        <Alert color="blue" title="Listings without their sellers">
          Who lists is shown to the roles that trade on the marketplace; ask an administrator of your
          organization if you need it.
        </Alert>
      )}
      {!signedIn && (
        <Alert color="blue" title="Listings without their sellers">
          Who lists and how to reach them is shown to members.{' '}
          {/* Dark text on the alert's tint (the brand link colour is not 4.5:1 on it); links stay underlined. */}
          <Anchor
            component={Link}
            to="/auth"
            c="dark.9"
            state={{ dialog: 'login', from: { pathname: '/marketplace' } }}
          >
            Sign in to make an offer
          </Anchor>
          .
        </Alert>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed" role="status">
          {results.isSuccess &&
            `${items.length}${results.hasNextPage ? '+' : ''} ${items.length === 1 ? 'listing' : 'listings'}`}
        </Text>
        <SegmentedControl
          aria-label="Show as"
          value={view === 'map' ? 'map' : 'list'}
          onChange={(v) => set({ view: v === 'map' ? 'map' : '' })}
          data={[
            { value: 'list', label: 'Table' },
            { value: 'map', label: 'Map' },
          ]}
        />
      </Group>
      <QueryStatus query={results} what="The listings" loading="Loading listings…" />
      {results.isSuccess && items.length === 0 && (
        <EmptyState
          title={filtered ? 'No listing matches' : 'No listings yet'}
          action={
            filtered ? (
              <Anchor component="button" type="button" onClick={clear}>
                Clear the filters
              </Anchor>
            ) : undefined
          }
        >
          {filtered
            ? 'Widen the price or distance, lower the quality level, or clear the filters.'
            : 'Listings of recyclate and EPR credits appear here as organizations post them.'}
        </EmptyState>
      )}
      {items.length > 0 && view === 'map' && <ListingsMap listings={items} />}
      {items.length > 0 && <ListingsTable items={items} showSeller={member} />}
      <LoadMore
        hasNextPage={results.hasNextPage}
        isFetchingNextPage={results.isFetchingNextPage}
        fetchNextPage={() => results.fetchNextPage()}
      />
    </Stack>
  );
}
