import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCamera, IconPhotoPlus, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import type { PendingPhoto, PhotoUploads } from './photos.ts';

const STATUS_TEXT: Record<PendingPhoto['status'], string> = {
  waiting: 'Not uploaded yet',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Not uploaded',
};

const PICKERS = [
  { label: 'Take photo', capture: 'environment' as const, Icon: IconCamera },
  { label: 'Add photos', capture: undefined, Icon: IconPhotoPlus },
];

/**
 * Camera and gallery buttons, with previews of the picked photos and their upload state. On a phone
 * "Take photo" opens the rear camera straight away; "Add photos" offers the gallery too.
 */
export function PhotoPicker({ uploads, disabled }: { uploads: PhotoUploads; disabled?: boolean }) {
  const resets = [useRef<() => void>(null), useRef<() => void>(null)];
  const pick = (files: File[]) => {
    uploads.add(files);
    for (const reset of resets) reset.current?.();
  };
  const { items, refused, uploading, total, done } = uploads;

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {PICKERS.map(({ label, capture, Icon }, i) => (
          <FileButton
            key={label}
            onChange={pick}
            accept="image/*"
            capture={capture}
            multiple
            resetRef={resets[i]}
            disabled={disabled}
            inputProps={{ 'aria-label': label }}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<Icon size={16} aria-hidden />}>
                {label}
              </Button>
            )}
          </FileButton>
        ))}
      </Group>
      {refused.length > 0 && (
        <Alert color="yellow" role="alert" title="Some photos were not added">
          {refused.map((r) => (
            <Text key={r} size="sm">
              {r}
            </Text>
          ))}
        </Alert>
      )}
      {items.length > 0 && (
        <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" aria-label="Photos to upload" role="list">
          {items.map((item, i) => (
            <Paper key={item.key} withBorder p={4} radius="sm" role="listitem">
              <Image
                src={item.preview}
                alt={`New photo ${i + 1}: ${item.file.name}`}
                h={80}
                fit="cover"
                radius="xs"
              />
              <Group gap={4} justify="space-between" wrap="nowrap" mt={4}>
                <Text size="xs" c={item.status === 'failed' ? 'red' : 'dimmed'} lineClamp={2}>
                  {item.error ?? STATUS_TEXT[item.status]}
                </Text>
                {item.status !== 'uploading' && item.status !== 'done' && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={`Remove new photo ${i + 1}`}
                    onClick={() => uploads.remove(item.key)}
                  >
                    <IconX size={14} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {uploading && (
        <Stack gap={4}>
          <Text size="sm" role="status">
            Uploading photo {Math.min(done + 1, total)} of {total}…
          </Text>
          <Progress value={(done / total) * 100} aria-label="Photo upload progress" animated />
        </Stack>
      )}
      {uploads.failed > 0 && !uploading && (
        <Group>
          <Button variant="subtle" size="xs" onClick={uploads.retry}>
            Retry failed uploads
          </Button>
        </Group>
      )}
    </Stack>
  );
}
