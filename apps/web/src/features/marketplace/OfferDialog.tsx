import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  defaultOfferExpiry,
  formatPhp,
  formatUnits,
  multiply,
  offerCreateSchema,
  offerExpiryIssue,
  toUnits,
} from '@plastrace/shared';
import { useRef } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { fromLocalInput, toLocalInput } from '../../components/common/datetime.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import {
  leftOutWhenBlank,
  typed,
  useDialogFormErrors,
  useSchemaForm,
} from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type OfferTerms, useCounterOffer, useMakeOffer } from './api.ts';
import { quantityText } from './labels.tsx';

const f = offerCreateSchema.shape;

/** The form's expiry is a datetime-local read in the organization's zone; the rest are the wire's fields. */
const kg = (v: string) => toUnits(v, 3);

const schemaIn = (timeZone: string, unit: 'kg' | 'credit', minOrder: string | null, remaining: string) =>
  z
    .object({
      quantity: typed(f.quantity),
      price: typed(f.price),
      delivery_terms: leftOutWhenBlank(f.delivery_terms),
      message: leftOutWhenBlank(f.message),
      expires_at: z.string(),
    })
    .superRefine((v, ctx) => {
      const at = fromLocalInput(v.expires_at, timeZone);
      const issue = at ? offerExpiryIssue(at) : 'Enter when the offer expires';
      if (issue) ctx.addIssue({ code: 'custom', path: ['expires_at'], message: issue });
      // The listing's own bounds, in the server's words, before sending.
      const q = kg(String(v.quantity));
      if (minOrder && q < kg(minOrder))
        ctx.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: `The minimum order is ${quantityText(minOrder, unit)}`,
        });
      else if (q > kg(remaining))
        ctx.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: `Only ${quantityText(remaining, unit)} remain`,
        });
    });

export type OfferTarget =
  /** A new offer on a listing. */
  | { kind: 'offer'; listingId: string; title: string }
  /** A counter to an offer received. */
  | { kind: 'counter'; offerId: string; title: string };

/**
 * Makes an offer on a listing, or counters one: quantity (at least the minimum order, at most what
 * remains), price per unit, delivery terms, a message and when it expires (a week unless changed).
 */
export function OfferDialog({
  target,
  unit,
  minOrder,
  remaining,
  initial,
  onClose,
}: {
  target: OfferTarget;
  unit: 'kg' | 'credit';
  minOrder: string | null;
  remaining: string;
  initial?: { quantity: string; price: string };
  onClose: () => void;
}) {
  const { timeZone } = useMe();
  const schema = schemaIn(timeZone, unit, minOrder, remaining);
  const form = useSchemaForm(schema, {
    quantity: initial?.quantity ?? '',
    price: initial?.price ?? '',
    delivery_terms: '',
    message: '',
    expires_at: toLocalInput(defaultOfferExpiry(), timeZone),
  });
  const make = useMakeOffer();
  const counter = useCounterOffer();
  const request = target.kind === 'offer' ? make : counter;
  const fieldErrors = useDialogFormErrors(form, true, request.error);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const amount = (() => {
    const q = schema.shape.quantity.safeParse(form.values.quantity);
    const p = schema.shape.price.safeParse(form.values.price);
    if (!q.success || !p.success) return null;
    return formatUnits(multiply(kg(String(q.data)), 3, toUnits(String(p.data), 2), 2, 2), 2);
  })();

  const submit = form.onSubmit((values) => {
    const v = schema.parse(values);
    const body: OfferTerms = {
      quantity: String(v.quantity),
      price: String(v.price),
      delivery_terms: v.delivery_terms,
      message: v.message,
      expires_at: fromLocalInput(v.expires_at, timeZone) ?? undefined,
    };
    const done = {
      onSuccess: () => {
        showToast({
          message: target.kind === 'offer' ? 'Your offer was sent.' : 'Your counter-offer was sent.',
        });
        onClose();
      },
    };
    if (target.kind === 'offer') make.mutate({ listingId: target.listingId, key: key.current, body }, done);
    else counter.mutate({ offerId: target.offerId, key: key.current, body }, done);
  });

  const title = target.kind === 'offer' ? 'Make an offer' : 'Counter the offer';
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="md">
          <Text size="sm">
            {target.title}: {quantityText(remaining, unit)} remain
            {minOrder ? `, minimum order ${quantityText(minOrder, unit)}` : ''}.
          </Text>
          {Object.keys(fieldErrors).length === 0 && <ActionError error={request.error} />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={`Quantity (${unit === 'kg' ? 'kg' : 'credits'})`}
              required
              inputMode="decimal"
              data-autofocus
              {...form.getInputProps('quantity')}
            />
            <TextInput
              label={`Price (₱ per ${unit})`}
              required
              inputMode="decimal"
              {...form.getInputProps('price')}
            />
          </SimpleGrid>
          <Text size="sm" role="status">
            Amount: {amount ? formatPhp(amount) : '—'}
          </Text>
          <TextInput
            label="Delivery terms"
            description="e.g. delivered to our Valenzuela plant, buyer collects"
            maxLength={500}
            {...form.getInputProps('delivery_terms')}
          />
          <Textarea label="Message" rows={2} maxLength={2000} {...form.getInputProps('message')} />
          <TextInput
            label="Expires"
            type="datetime-local"
            required
            description={`In ${timeZone} time`}
            {...form.getInputProps('expires_at')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              {target.kind === 'offer' ? 'Send the offer' : 'Send the counter-offer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
