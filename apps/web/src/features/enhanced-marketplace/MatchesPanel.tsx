import { Anchor, Badge, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { formatKg, formatPhp, MARKET_SIDE_LABELS } from '@plastrace/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { type Listing, useMatches, useMyActiveListings } from './api.ts';

const quantity = (l: Listing) => (l.unit === 'kg' ? formatKg(l.remaining) : `${l.remaining} credits`);
const price = (l: Listing) => (l.price ? `${formatPhp(l.price)}/${l.unit}` : 'Make an offer');
const where = (l: Listing) =>
  [
    l.location.city,
    l.distanceKm ? `${Number(l.distanceKm).toLocaleString('en-PH', { maximumFractionDigits: 1 })} km` : '',
  ]
    .filter(Boolean)
    .join(', ') || '—';

/** For one of my active listings, the other organizations' listings on the other side that match it. */
export function MatchesPanel() {
  const mine = useMyActiveListings();
  const listings = mine.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const id = chosen ?? listings[0]?.id ?? null;
  const current = listings.find((l) => l.id === id);
  const matches = useMatches(id);
  const phone = usePhone();
  const found = matches.data?.items ?? [];
  return (
    <Stack gap="md">
      <QueryStatus query={mine} what="Your listings" loading="Loading your listings…" />
      {mine.isSuccess && listings.length === 0 && (
        <EmptyState
          title="No active listings to match"
          action={
            <Anchor component={Link} to="/marketplace?tab=listings">
              List what you buy or sell
            </Anchor>
          }
        >
          Post a buy request to find the sell listings that could fill it, or a sell listing to find buyers.
        </EmptyState>
      )}
      {listings.length > 0 && (
        <NativeSelect
          label="Match my listing"
          value={id ?? ''}
          onChange={(e) => setChosen(e.currentTarget.value)}
          data={listings.map((l) => ({ value: l.id, label: `${MARKET_SIDE_LABELS[l.side]}: ${l.title}` }))}
          maw={520}
        />
      )}
      {current && (
        <Text size="sm" c="dimmed">
          {current.side === 'buy'
            ? 'Sell listings of other organizations with this polymer, form and grade, at least your minimum order left, at or below your price; nearest first.'
            : 'Buy requests of other organizations this listing could fill; nearest first.'}
        </Text>
      )}
      {id && <QueryStatus query={matches} what="The matches" loading="Finding matches…" />}
      {matches.isSuccess && found.length === 0 && (
        <EmptyState title="No matches yet">
          Nothing on the marketplace matches this listing now. Save a search with an alert to hear of new
          ones.
        </EmptyState>
      )}
      {found.length > 0 &&
        (phone ? (
          <CardList label="Matching listings" items={found} keyOf={(l) => l.id}>
            {(l) => (
              <Stack gap={4}>
                <Anchor component={Link} to={`/marketplace/listings/${l.id}`} fw={600}>
                  {l.title}
                </Anchor>
                <Text size="sm">
                  {l.seller?.name ?? '—'} · {quantity(l)} · {price(l)}
                </Text>
                <Text size="xs" c="dimmed">
                  {where(l)} · quality level {l.qualityLevel}
                </Text>
              </Stack>
            )}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table aria-label="Matching listings" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Listing</Table.Th>
                  <Table.Th>Organization</Table.Th>
                  <Table.Th ta="right">Available</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th>Where</Table.Th>
                  <Table.Th>Quality</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/marketplace/listings/${l.id}`}>
                        {l.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{l.seller?.name ?? '—'}</Table.Td>
                    <Table.Td ta="right">{quantity(l)}</Table.Td>
                    <Table.Td ta="right">{price(l)}</Table.Td>
                    <Table.Td>{where(l)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light">Level {l.qualityLevel}</Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
    </Stack>
  );
}
