import {
  Button,
  FileButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { marketListingUpdateSchema, PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import { useState } from 'react';
import { z } from 'zod';
import { ActionError } from '../../components/common/QueryError.tsx';
import { nullWhenBlank, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type MarketListing, useUpdateListing } from './api.ts';
import { ListingImage, photoLabel } from './ListingGallery.tsx';
import { fileIdOf, useAddListingPhotos, useRemoveListingPhoto } from './listingPhotos.ts';

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
  // Each photo change moves the listing's version: saving the fields must send the latest one.
  const [version, setVersion] = useState(listing?.version ?? 0);
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
      { id: listing.id, body: { ...schema.parse(values), version } },
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
            <ListingPhotos
              listingId={listing.id}
              title={listing.title}
              initial={listing}
              onChange={setVersion}
            />
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

/** The listing's photos with a Remove button each, and adding more; each change is saved at once. */
function ListingPhotos({
  listingId,
  title,
  initial,
  onChange,
}: {
  listingId: string;
  title: string;
  initial: MarketListing;
  onChange: (version: number) => void;
}) {
  const [photos, setPhotos] = useState(initial.photos);
  const add = useAddListingPhotos();
  const remove = useRemoveListingPhoto();
  const { showToast } = useToast();
  const saved = (l: MarketListing) => {
    setPhotos(l.photos);
    onChange(l.version);
  };
  const room = PHOTO_MAX_PER_RECORD - photos.length;
  const error = add.error ?? remove.error;
  return (
    <Stack gap="xs" component="section" aria-label="Photos">
      <Text size="sm" fw={500}>
        Photos
      </Text>
      {error && <ActionError error={error} />}
      {photos.length === 0 && (
        <Text size="sm" c="dimmed">
          No photos yet.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {photos.map((p, i) => {
          const label = photoLabel(i, photos.length, title);
          return (
            <Stack key={p.url} gap={4}>
              <ListingImage url={p.thumbnailUrl} alt={label} member h={80} />
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${label}`}
                loading={remove.isPending && remove.variables?.fileId === fileIdOf(p.url)}
                onClick={() =>
                  remove.mutate(
                    { id: listingId, fileId: fileIdOf(p.url) },
                    {
                      onSuccess: (l) => {
                        saved(l);
                        showToast({ message: 'Photo removed.' });
                      },
                    },
                  )
                }
              >
                Remove
              </Button>
            </Stack>
          );
        })}
      </SimpleGrid>
      <Group>
        <FileButton
          multiple
          accept="image/jpeg,image/png,image/webp,image/heic"
          inputProps={{ 'aria-label': 'Add photos' }}
          onChange={(files) => {
            if (files.length > 0) add.mutate({ id: listingId, files }, { onSuccess: saved });
          }}
        >
          {(props) => (
            <Button {...props} variant="light" size="xs" loading={add.isPending} disabled={room <= 0}>
              Add photos
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {room > 0 ? `Up to ${room} more (JPEG, PNG or WebP).` : `At most ${PHOTO_MAX_PER_RECORD} photos.`}
        </Text>
      </Group>
    </Stack>
  );
}
