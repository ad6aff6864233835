import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { MARKET_SIDE_LABELS } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { AnyListing } from './api.ts';
import { placeText, priceText, QualityBadge, quantityText, whatText } from './labels.tsx';

/** A member's row names its seller; a visitor's row has no seller to name. */
const sellerOf = (l: AnyListing) => ('seller' in l && l.seller ? l.seller.name : null);

const where = (l: AnyListing) => (l.distanceKm ? `${placeText(l)} (${l.distanceKm} km away)` : placeText(l));

function Title({ l }: { l: AnyListing }) {
  return (
    <Anchor component={Link} to={`/marketplace/listings/${l.id}`} fw={600}>
      {l.title}
    </Anchor>
  );
}

function SideBadge({ l }: { l: AnyListing }) {
  return (
    <Badge variant="outline" color={l.side === 'buy' ? 'blue' : 'teal'} tt="none">
      {MARKET_SIDE_LABELS[l.side]}
    </Badge>
  );
}

/** Search results: a table on a desktop, cards on a phone (what, how much and the price first). */
export function ListingsTable({ items, showSeller }: { items: AnyListing[]; showSeller: boolean }) {
  const phone = usePhone();
  if (phone)
    return (
      <CardList label="Listings" items={items} keyOf={(l) => l.id}>
        {(l) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Title l={l} />
              <SideBadge l={l} />
            </Group>
            <Text size="sm">{whatText(l)}</Text>
            <Text size="sm" fw={600}>
              {quantityText(l.remaining, l.unit)} · {priceText(l.price, l.unit)}
            </Text>
            <Group gap="xs">
              <QualityBadge level={l.qualityLevel} />
              <Text size="sm">{where(l)}</Text>
            </Group>
            {showSeller && sellerOf(l) && <Text size="sm">Seller: {sellerOf(l)}</Text>}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped aria-label="Listings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Listing</Table.Th>
            <Table.Th>Side</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th ta="right">Available</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th>Quality</Table.Th>
            <Table.Th>Location</Table.Th>
            {showSeller && <Table.Th>Listed by</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>
                <Title l={l} />
              </Table.Td>
              <Table.Td>
                <SideBadge l={l} />
              </Table.Td>
              <Table.Td>{whatText(l)}</Table.Td>
              <Table.Td ta="right">{quantityText(l.remaining, l.unit)}</Table.Td>
              <Table.Td ta="right">{priceText(l.price, l.unit)}</Table.Td>
              <Table.Td>
                <QualityBadge level={l.qualityLevel} />
              </Table.Td>
              <Table.Td>{where(l)}</Table.Td>
              {showSeller && <Table.Td>{sellerOf(l) ?? '—'}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
