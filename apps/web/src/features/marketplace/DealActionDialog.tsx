import { Button, Group, Input, Modal, NativeSelect, Rating, Stack, Text, Textarea } from '@mantine/core';
import { dealCancelSchema, formatPhp, ratingCreateSchema } from '@plastrace/shared';
import { useRef, useState } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { leftOutWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { creditsText, fateLabel, serialRange } from '../epr-credits/labels.tsx';
import { type DealAction, useDealAction, useHeldBlocks, useThread } from './api.ts';
import type { PendingAction } from './DealsPanel.tsx';
import { priceText, quantityText } from './labels.tsx';

const cancelSchema = dealCancelSchema.pick({ reason: true });
const ratingSchema = z.object({
  stars: ratingCreateSchema.shape.stars,
  comment: leftOutWhenBlank(ratingCreateSchema.shape.comment),
});

const DONE: Record<DealAction['kind'], string> = {
  'confirm-payment': 'Payment confirmed: the credits moved to the buyer.',
  complete: 'Receipt confirmed: the deal is completed.',
  cancel: 'The deal is cancelled.',
  rating: 'Thank you for rating the deal.',
};

/** Asks before a deal's step: what it does, then the request; a refusal is shown with the server's words. */
export function DealActionDialog({
  pending,
  onClose,
}: {
  pending: NonNullable<PendingAction>;
  onClose: () => void;
}) {
  const { deal, button } = pending;
  const act = useDealAction();
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const run = (action: DealAction) =>
    act.mutate(
      { deal, action, key: key.current },
      {
        onSuccess: () => {
          showToast({ message: DONE[action.kind] });
          onClose();
        },
      },
    );
  const terms = `${quantityText(deal.quantity, deal.unit)} at ${priceText(deal.price, deal.unit)} (${formatPhp(deal.amount)})`;

  if (button === 'cancel')
    return (
      <ReasonDialog
        opened
        title="Cancel the deal?"
        confirmLabel="Cancel the deal"
        loading={act.isPending}
        error={act.error}
        schema={cancelSchema}
        onConfirm={(reason) => run({ kind: 'cancel', reason })}
        onClose={onClose}
      >
        {deal.listingTitle} with {deal.counterparty.name}: {terms}. Both organizations’ orders are cancelled
        and the reserved kg or credits go back to the listing. {deal.counterparty.name} is told why.
      </ReasonDialog>
    );
  if (button === 'rate') return <RatingDialog pending={pending} onClose={onClose} />;
  if (button === 'confirm-payment') return <PaymentDialog pending={pending} onClose={onClose} />;
  return (
    <ConfirmDialog
      opened
      title="Confirm receipt?"
      confirmLabel="Received: complete the deal"
      color="teal"
      loading={act.isPending}
      error={act.error}
      onConfirm={() => run({ kind: 'complete' })}
      onClose={onClose}
    >
      {`You received ${terms} from ${deal.counterparty.name}. The deal is completed and can then be rated.`}
    </ConfirmDialog>
  );
}

/**
 * The seller of a credit deal confirms the payment, and the credits move: a sell listing's own reserved
 * credits, or — for a deal on someone's buy request — a block the seller picks from what it holds.
 */
function PaymentDialog({ pending, onClose }: { pending: NonNullable<PendingAction>; onClose: () => void }) {
  const { deal } = pending;
  const act = useDealAction();
  const thread = useThread(deal.offerId);
  const onBuyRequest = thread.data?.listing.side === 'buy';
  const holdings = useHeldBlocks(onBuyRequest);
  const blocks = holdings.data?.items ?? [];
  const [blockId, setBlockId] = useState('');
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const blockError = wireFieldErrorsOf(act.error).credit_block_id;
  return (
    <ConfirmDialog
      opened
      title="Confirm the payment?"
      confirmLabel="Payment received: move the credits"
      color="teal"
      loading={act.isPending || thread.isPending}
      error={blockError ? null : (act.error ?? thread.error)}
      onConfirm={() =>
        act.mutate(
          {
            deal,
            action: { kind: 'confirm-payment', ...(onBuyRequest ? { creditBlockId: blockId } : {}) },
            key: key.current,
          },
          {
            onSuccess: () => {
              showToast({ message: DONE['confirm-payment'] });
              onClose();
            },
          },
        )
      }
      onClose={onClose}
    >
      <Stack gap="sm">
        <Text size="sm">
          {`You received ${formatPhp(deal.amount)} from ${deal.counterparty.name}: ${quantityText(deal.quantity, deal.unit)} at ${priceText(deal.price, deal.unit)}. The credits move to them now; this cannot be undone.`}
        </Text>
        {onBuyRequest && (
          <NativeSelect
            label="Credits you deliver"
            required
            value={blockId}
            error={blockError}
            onChange={(e) => setBlockId(e.currentTarget.value)}
            data={[
              { value: '', label: holdings.isPending ? 'Loading…' : 'Choose a block of credits' },
              ...blocks.map((b) => ({
                value: b.id,
                label: `${serialRange(b.firstSerial, b.lastSerial)} · ${creditsText(b.quantity)} · ${b.batch.vintage}, ${fateLabel(b.batch.fate)}`,
              })),
            ]}
          />
        )}
      </Stack>
    </ConfirmDialog>
  );
}

function RatingDialog({ pending, onClose }: { pending: NonNullable<PendingAction>; onClose: () => void }) {
  const { deal } = pending;
  const form = useSchemaForm(ratingSchema, { stars: 0, comment: '' });
  const act = useDealAction();
  const fieldErrors = useDialogFormErrors(form, true, act.error);
  const key = useRef(newIdempotencyKey());
  const { showToast } = useToast();
  const submit = form.onSubmit((values) => {
    const v = ratingSchema.parse(values);
    act.mutate(
      {
        deal,
        action: { kind: 'rating', stars: v.stars, ...(v.comment ? { comment: v.comment } : {}) },
        key: key.current,
      },
      {
        onSuccess: () => {
          showToast({ message: DONE.rating });
          onClose();
        },
      },
    );
  });
  return (
    <Modal opened onClose={onClose} title={`Rate ${deal.counterparty.name}`} centered>
      <form onSubmit={submit} noValidate aria-label="Rate the deal">
        <Stack gap="md">
          {Object.keys(fieldErrors).length === 0 && <ActionError error={act.error} />}
          <Input.Wrapper label="Stars" required error={form.errors.stars}>
            <Rating
              value={form.values.stars}
              onChange={(v) => form.setFieldValue('stars', v)}
              aria-label="Stars, 1 to 5"
            />
          </Input.Wrapper>
          <Textarea label="Comment" rows={2} maxLength={1000} {...form.getInputProps('comment')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={act.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={act.isPending}>
              Rate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
