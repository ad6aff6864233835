import { Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { formatPhp } from '@plastrace/shared';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type Offer, type OfferAction, useOfferAction, useThread } from './api.ts';
import { OfferStatusBadge, priceText, quantityText } from './labels.tsx';
import { OfferDialog } from './OfferDialog.tsx';

const CONFIRM: Record<OfferAction, { title: string; label: string; text: string; color: string }> = {
  accept: {
    title: 'Accept the offer?',
    label: 'Accept and make the deal',
    color: 'teal',
    text: 'Accepting makes a deal at these terms: for material, a sales order for the seller and a purchase order for the buyer; for credits, they move once the seller confirms payment.',
  },
  decline: {
    title: 'Decline the offer?',
    label: 'Decline',
    color: 'red',
    text: 'The negotiation ends; the other party can make a new offer.',
  },
  withdraw: {
    title: 'Withdraw your offer?',
    label: 'Withdraw',
    color: 'red',
    text: 'The offer can no longer be accepted.',
  },
};

/** One negotiation, oldest offer first, with what the caller may do with the latest open one. */
export function ThreadDialog({ offerId, onClose }: { offerId: string; onClose: () => void }) {
  const thread = useThread(offerId);
  const { timeZone } = useMe();
  const mayTrade = useCan('market.trade');
  const act = useOfferAction();
  const [confirming, setConfirming] = useState<OfferAction | null>(null);
  const [countering, setCountering] = useState(false);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const offers = thread.data?.offers ?? [];
  const last = offers.at(-1);
  const listing = thread.data?.listing;
  const open = last?.status === 'open';

  const run = (action: OfferAction, offer: Offer) =>
    act.mutate(
      { offerId: offer.id, action, key: key.current },
      {
        onSuccess: () => {
          key.current = newIdempotencyKey();
          setConfirming(null);
          showToast({
            message:
              action === 'accept'
                ? 'Deal made: it is on the Deals tab.'
                : action === 'decline'
                  ? 'Offer declined.'
                  : 'Offer withdrawn.',
          });
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={listing ? `Offers on ${listing.title}` : 'Offers'}
      size="lg"
      centered
    >
      <Stack gap="md">
        <QueryStatus query={thread} what="The offers" loading="Loading the offers…" />
        {listing && (
          <Text size="sm">
            <Anchor component={Link} to={`/marketplace/listings/${listing.id}`}>
              {listing.title}
            </Anchor>{' '}
            by {listing.organization.name}: {quantityText(listing.remaining, listing.unit)} remain at{' '}
            {priceText(listing.price, listing.unit)}.
          </Text>
        )}
        {offers.length > 0 && (
          <Stack
            gap="xs"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Offers, oldest first"
          >
            {offers.map((o) => (
              <Paper key={o.id} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {o.fromMe ? 'Our offer' : `${o.counterparty.name}’s offer`}
                    {o.parentId ? ' (counter)' : ''}
                  </Text>
                  <OfferStatusBadge status={o.status} />
                </Group>
                <Text size="sm">
                  {quantityText(o.quantity, o.unit)} at {priceText(o.price, o.unit)} = {formatPhp(o.amount)}
                </Text>
                {o.deliveryTerms && <Text size="sm">Delivery: {o.deliveryTerms}</Text>}
                {o.message && <Text size="sm">“{o.message}”</Text>}
                <Text size="xs" c="dimmed">
                  Made {formatDateTime(o.createdAt, timeZone)} ·{' '}
                  {o.status === 'expired' ? 'expired' : 'expires'} {formatDateTime(o.expiresAt, timeZone)}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {last && open && mayTrade && (
          <Group justify="flex-end">
            {last.fromMe ? (
              <Button variant="light" color="red" onClick={() => setConfirming('withdraw')}>
                Withdraw
              </Button>
            ) : (
              <>
                <Button variant="light" color="red" onClick={() => setConfirming('decline')}>
                  Decline
                </Button>
                <Button variant="default" onClick={() => setCountering(true)} disabled={!listing}>
                  Counter
                </Button>
                <Button onClick={() => setConfirming('accept')}>Accept</Button>
              </>
            )}
          </Group>
        )}
        {last && open && !mayTrade && (
          <Text size="sm" c="dimmed">
            An administrator or manager of your organization answers offers.
          </Text>
        )}
      </Stack>
      {last && confirming && (
        <ConfirmDialog
          opened
          title={CONFIRM[confirming].title}
          confirmLabel={CONFIRM[confirming].label}
          color={CONFIRM[confirming].color}
          loading={act.isPending}
          error={act.error}
          onClose={() => {
            act.reset();
            setConfirming(null);
          }}
          onConfirm={() => run(confirming, last)}
        >
          {quantityText(last.quantity, last.unit)} at {priceText(last.price, last.unit)} (
          {formatPhp(last.amount)}). {CONFIRM[confirming].text}
        </ConfirmDialog>
      )}
      {last && listing && countering && (
        <OfferDialog
          target={{ kind: 'counter', offerId: last.id, title: listing.title }}
          unit={listing.unit}
          minOrder={listing.minOrder}
          remaining={listing.remaining}
          initial={{ quantity: last.quantity, price: last.price }}
          onClose={() => setCountering(false)}
        />
      )}
    </Modal>
  );
}
