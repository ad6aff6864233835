import { Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { marketListingUpdateSchema } from '@plastrace/shared';
import { z } from 'zod';
import { ActionError } from '../../components/common/QueryError.tsx';
import { nullWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type MarketListing, useUpdateListing } from './api.ts';

const f = marketListingUpdateSchema.shape;
// Emptied, a field is cleared (null): no price is "make an offer" again.
const schema = z.object({
  price: nullWhenBlank(f.price),
  min_order: nullWhenBlank(f.min_order),
  available_from: nullWhenBlank(f.available_from),
  available_until: nullWhenBlank(f.available_until),
  description: nullWhenBlank(f.description),
});

/** Changes a listing's price, minimum order, availability and description (the lots stay: close and relist). */
export function EditListingDialog({
  listing,
  onClose,
}: {
  listing: MarketListing | null;
  onClose: () => void;
}) {
  const opened = listing !== null;
  const form = useSchemaForm(schema, {
    price: listing?.price ?? '',
    min_order: listing?.minOrder ?? '',
    available_from: listing?.availableFrom ?? '',
    available_until: listing?.availableUntil ?? '',
    description: listing?.description ?? '',
  });
  const update = useUpdateListing();
  const fieldErrors = useDialogFormErrors(form, opened, update.error);
  const { showToast } = useToast();
  const close = () => {
    update.reset();
    onClose();
  };
  const unit = listing?.unit ?? 'kg';
  const submit = form.onSubmit((values) => {
    if (!listing) return;
    update.mutate(
      { id: listing.id, body: { ...schema.parse(values), version: listing.version } },
      {
        onSuccess: () => {
          showToast({ message: `Saved “${listing.title}”.` });
          close();
        },
      },
    );
  });
  return (
    <Modal opened={opened} onClose={close} title={`Edit ${listing?.title ?? 'listing'}`} centered>
      {listing && (
        <form onSubmit={submit} noValidate aria-label="Edit the listing">
          <Stack gap="md">
            {Object.keys(fieldErrors).length === 0 && <ActionError error={update.error} />}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={`Price (₱ per ${unit})`}
                description="Empty: make an offer"
                inputMode="decimal"
                data-autofocus
                {...form.getInputProps('price')}
              />
              <TextInput
                label={`Minimum order (${unit})`}
                inputMode="decimal"
                {...form.getInputProps('min_order')}
              />
              <TextInput label="Available from" type="date" {...form.getInputProps('available_from')} />
              <TextInput label="Available until" type="date" {...form.getInputProps('available_until')} />
            </SimpleGrid>
            <Textarea label="Description" rows={3} maxLength={4000} {...form.getInputProps('description')} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={update.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
