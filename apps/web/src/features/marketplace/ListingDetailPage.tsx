import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { formatKg, MARKET_SIDE_LABELS } from '@plastrace/shared';
import { IconCircleCheck, IconCircleDashed, IconSearchOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDate } from '../../components/common/format.ts';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { DataItems, DataItem as Item } from '../record-log/DataItems.tsx';
import { type AnyListing, type MarketListing, useListing } from './api.ts';
import { ListingGallery } from './ListingGallery.tsx';
import {
  ListingStatusBadge,
  placeText,
  priceText,
  QUALITY_EXPLAINED,
  QualityBadge,
  qualityName,
  quantityText,
  ratingText,
  whatText,
} from './labels.tsx';
import { OfferDialog } from './OfferDialog.tsx';

const isMembers = (l: AnyListing): l is MarketListing => 'seller' in l;

/**
 * /marketplace/listings/:id, public: a listing's fields, its data-quality level with each check and why,
 * the lots behind it with their passports; members also see who lists it and may make an offer.
 */
export function ListingDetailPage() {
  const { isLoading } = useAuth();
  // A stored session is still being checked: asking as a visitor now would only be asked again.
  if (isLoading)
    return (
      <Text c="dimmed" role="status">
        Loading…
      </Text>
    );
  return <ListingPage />;
}

function ListingPage() {
  const { id = '' } = useParams();
  const { isAuthenticated } = useAuth();
  const member = useCan('market.read');
  const listing = useListing(id, member);
  usePageTitle(listing.data?.title ?? 'Listing');
  const body = (
    <Stack gap="md">
      <Anchor component={Link} to="/marketplace" size="sm">
        ← The marketplace
      </Anchor>
      {isNotFound(listing.error) ? (
        <Alert color="yellow" icon={<IconSearchOff aria-hidden />} title="No such listing" role="alert">
          This listing does not exist or is no longer on the marketplace.
        </Alert>
      ) : (
        <QueryStatus query={listing} what="The listing" loading="Loading the listing…" />
      )}
      {listing.data && <Listing l={listing.data} signedIn={isAuthenticated} />}
    </Stack>
  );
  return isAuthenticated ? (
    body
  ) : (
    <Container size="md" py="xl">
      {body}
    </Container>
  );
}

function Listing({ l, signedIn }: { l: AnyListing; signedIn: boolean }) {
  const { timeZone } = useMe();
  const mayTrade = useCan('market.trade');
  const [offering, setOffering] = useState(false);
  const members = isMembers(l);
  const canOffer = members && mayTrade && !l.mine && l.status === 'active';
  const availability =
    l.availableFrom || l.availableUntil
      ? `${l.availableFrom ? formatDate(l.availableFrom, timeZone) : 'Now'} – ${l.availableUntil ? formatDate(l.availableUntil, timeZone) : 'open-ended'}`
      : 'Now, open-ended';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1}>{l.title}</Title>
          <Text c="dimmed" size="sm">
            {MARKET_SIDE_LABELS[l.side]} · {whatText(l)}
          </Text>
        </div>
        <Group gap="xs">
          <ListingStatusBadge status={l.status} reason={l.closedReason} />
          {canOffer && <Button onClick={() => setOffering(true)}>Make an offer</Button>}
        </Group>
      </Group>
      {!signedIn && (
        <Alert color="blue" title="Who lists this is shown to members">
          <Anchor
            component={Link}
            to="/auth"
            c="dark.9"
            state={{ dialog: 'login', from: { pathname: `/marketplace/listings/${l.id}` } }}
          >
            Sign in to make an offer
          </Anchor>
          .
        </Alert>
      )}
      {members && l.mine && (
        <Text size="sm">This is your organization’s listing: manage it on the My listings tab.</Text>
      )}
      <Paper withBorder p="lg" radius="md">
        <DataItems label="Listing facts">
          <Item label="Available">
            {quantityText(l.remaining, l.unit)} of {quantityText(l.quantity, l.unit)}
          </Item>
          <Item label="Price">{priceText(l.price, l.unit)}</Item>
          <Item label="Minimum order">{l.minOrder ? quantityText(l.minOrder, l.unit) : 'None'}</Item>
          <Item label="Location">{placeText(l)}</Item>
          <Item label="Availability">{availability}</Item>
          {members && l.seller && (
            <>
              <Item label="Listed by">
                {l.seller.name}
                {l.seller.city ? `, ${l.seller.city}` : ''}
              </Item>
              <Item label="Seller’s record">{ratingText(l.seller)}</Item>
              {l.seller.contact && (
                <Item label="Contact">
                  {l.seller.contact.name},{' '}
                  <Anchor href={`mailto:${l.seller.contact.email}`}>{l.seller.contact.email}</Anchor>
                </Item>
              )}
            </>
          )}
        </DataItems>
        {l.description && (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-line' }}>
            {l.description}
          </Text>
        )}
      </Paper>
      <ListingGallery l={l} member={members} />
      <Quality l={l} />
      {l.lots.length > 0 && <Lots l={l} />}
      {offering && members && (
        <OfferDialog
          target={{ kind: 'offer', listingId: l.id, title: l.title }}
          unit={l.unit}
          minOrder={l.minOrder}
          remaining={l.remaining}
          initial={{ quantity: '', price: l.price ?? '' }}
          onClose={() => setOffering(false)}
        />
      )}
    </Stack>
  );
}

function Quality({ l }: { l: AnyListing }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="quality-title">
      <Group gap="sm" mb="xs">
        <Title order={2} fz="h3" id="quality-title">
          Data quality
        </Title>
        <QualityBadge level={l.qualityLevel} />
      </Group>
      <Text size="sm" mb="sm">
        {qualityName(l.qualityLevel)}. Following the idea of DIN SPEC 91446, each level adds what the lots can
        prove to the level below.
      </Text>
      <List spacing="xs" listStyleType="none" aria-label="Quality checks">
        {l.quality.checks.map((c) => (
          <List.Item
            key={c.level}
            icon={
              c.met ? (
                <IconCircleCheck color="var(--mantine-color-teal-7)" aria-hidden />
              ) : (
                <IconCircleDashed color="var(--mantine-color-gray-6)" aria-hidden />
              )
            }
          >
            <Text size="sm" fw={600}>
              Level {c.level}: {c.label} — {c.met ? 'met' : 'not met'}
            </Text>
            <Text size="sm">{QUALITY_EXPLAINED[c.level as 1] ?? ''}</Text>
            <Text size="sm" c="dimmed">
              {c.detail}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** The lots' codes are shown on the organization's own listing only: the API sends them to no one else. */
function Lots({ l }: { l: AnyListing }) {
  const own = isMembers(l) && l.mine;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="lots-title">
      <Title order={2} fz="h3" id="lots-title" mb="xs">
        Lots behind the listing
      </Title>
      <Table aria-label="Lots behind the listing">
        <Table.Thead>
          <Table.Tr>
            {own && <Table.Th>Lot</Table.Th>}
            <Table.Th ta="right">Listed</Table.Th>
            <Table.Th>Product passport</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {l.lots.map((lot, i) => (
            <Table.Tr key={'lotId' in lot && lot.lotId ? lot.lotId : i}>
              {own && <Table.Td>{'code' in lot ? lot.code : ''}</Table.Td>}
              <Table.Td ta="right">{formatKg(lot.kg)}</Table.Td>
              <Table.Td>
                {'passportUrl' in lot && lot.passportUrl ? (
                  <Anchor href={lot.passportUrl} target="_blank" rel="noopener">
                    {'code' in lot && lot.code ? `Passport of ${lot.code}` : `Passport of lot ${i + 1}`}
                  </Anchor>
                ) : 'hasPassport' in lot && lot.hasPassport ? (
                  'Published (members see it)'
                ) : (
                  'Not published'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
