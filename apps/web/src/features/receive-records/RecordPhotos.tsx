import {
  ActionIcon,
  Anchor,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';
import {
  type PhotoResource,
  type ReceivePhoto,
  useAuthorizedImage,
  usePhotoUploads,
  useRemovePhoto,
} from './photos.ts';
import classes from './print.module.css';

/**
 * The photos of a record (a delivery, a production run): thumbnails (a click opens the full image), when and where each was
 * taken if the camera said, and — on a draft — removing and adding (uploaded as soon as picked).
 */
export function RecordPhotos({
  record,
  canRemove,
  canAdd,
  title = 'Photos',
  titleOrder = 2,
  resource = 'receive-records',
}: {
  record: { id: string; number: string; photos: ReceivePhoto[] };
  resource?: PhotoResource;
  canRemove: boolean;
  canAdd: boolean;
  title?: string;
  titleOrder?: 2 | 3;
}) {
  const { showToast } = useToast();
  const [opened, setOpened] = useState<ReceivePhoto | null>(null);
  const [removing, setRemoving] = useState<ReceivePhoto | null>(null);
  const remove = useRemovePhoto(resource);
  const uploads = usePhotoUploads({
    alreadyAttached: record.photos.length,
    autoUploadTo: canAdd ? record.id : undefined,
    resource,
  });
  const label = (p: ReceivePhoto) => `Photo ${record.photos.indexOf(p) + 1} of ${record.number}`;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`photos-${record.id}`}>
      <Stack gap="sm">
        <Title order={titleOrder} fz="h4" id={`photos-${record.id}`}>
          {title}
        </Title>
        {record.photos.length === 0 && (
          <Text c="dimmed" size="sm">
            No photos.
          </Text>
        )}
        {record.photos.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {record.photos.map((p) => (
              <PhotoCard
                key={p.id}
                photo={p}
                label={label(p)}
                onOpen={() => setOpened(p)}
                onRemove={canRemove ? () => setRemoving(p) : undefined}
              />
            ))}
          </SimpleGrid>
        )}
        {canAdd && (
          <div className={classes.noPrint}>
            <PhotoPicker uploads={uploads} />
          </div>
        )}
      </Stack>

      <Modal
        opened={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? label(opened) : ''}
        size="xl"
        centered
      >
        {opened && <FullPhoto photo={opened} label={label(opened)} />}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this photo?"
        confirmLabel="Remove photo"
        loading={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { recordId: record.id, photoId: removing.id },
            {
              onSuccess: () => {
                setRemoving(null);
                showToast({ message: 'Photo removed.' });
              },
            },
          )
        }
      >
        {removing ? `${label(removing)} will be deleted from this draft.` : ''}
      </ConfirmDialog>
    </Paper>
  );
}

function PhotoCard({
  photo,
  label,
  onOpen,
  onRemove,
}: {
  photo: ReceivePhoto;
  label: string;
  onOpen: () => void;
  onRemove?: (() => void) | undefined;
}) {
  const { timeZone } = useMe();
  const thumb = useAuthorizedImage(photo.thumbnailUrl);
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={onOpen} aria-label={`Open ${label}`}>
        {thumb.src ? (
          <Image src={thumb.src} alt={label} h={140} fit="cover" radius="sm" />
        ) : (
          <Text size="xs" c="dimmed" h={140} role={thumb.failed ? 'alert' : 'status'}>
            {thumb.failed ? 'The photo could not be loaded.' : 'Loading photo…'}
          </Text>
        )}
      </UnstyledButton>
      <Group gap={4} justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          {photo.capturedAt && <Text size="xs">Taken {formatDateTime(photo.capturedAt, timeZone)}</Text>}
          {photo.latitude && photo.longitude && (
            <Anchor
              size="xs"
              href={`https://www.openstreetmap.org/?mlat=${photo.latitude}&mlon=${photo.longitude}#map=18/${photo.latitude}/${photo.longitude}`}
              target="_blank"
              rel="noreferrer"
            >
              {photo.latitude}, {photo.longitude}
            </Anchor>
          )}
        </Stack>
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Remove ${label}`}
            onClick={onRemove}
            className={classes.noPrint}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Stack>
  );
}

function FullPhoto({ photo, label }: { photo: ReceivePhoto; label: string }) {
  const full = useAuthorizedImage(photo.url);
  if (full.failed) return <Text role="alert">The photo could not be loaded.</Text>;
  if (!full.src) return <Text role="status">Loading photo…</Text>;
  return <Image src={full.src} alt={`${label}, full size`} fit="contain" mah="75vh" />;
}
