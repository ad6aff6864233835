import { Anchor, Image, Modal, Paper, SimpleGrid, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useAuthorizedImage } from '../receive-records/photos.ts';
import type { AnyListing } from './api.ts';

type Photo = AnyListing['photos'][number];

export const photoLabel = (i: number, count: number, title: string) =>
  `Photo ${i + 1} of ${count} of ${title}`;

/**
 * A photo's image: members' urls need the session (an <img src> cannot send it), so they are fetched;
 * public ones are plain urls any browser or cache may load.
 */
export function ListingImage({
  url,
  alt,
  member,
  h,
}: {
  url: string;
  alt: string;
  member: boolean;
  h?: number;
}) {
  const fetched = useAuthorizedImage(member ? url : null);
  const src = member ? fetched.src : url;
  if (src) return <Image src={src} alt={alt} h={h} fit={h ? 'cover' : 'contain'} radius="sm" mah="75vh" />;
  return (
    <Text size="xs" c="dimmed" h={h} role={fetched.failed ? 'alert' : 'status'}>
      {fetched.failed ? 'The photo could not be loaded.' : 'Loading photo…'}
    </Text>
  );
}

/** The listing's thumbnails, each opening the full image: a new tab for visitors, a dialog for members. */
export function ListingGallery({ l, member }: { l: AnyListing; member: boolean }) {
  const [opened, setOpened] = useState<number | null>(null);
  if (l.photos.length === 0) return null;
  const label = (i: number) => photoLabel(i, l.photos.length, l.title);
  const thumb = (p: Photo, i: number) => (
    <ListingImage url={p.thumbnailUrl} alt={label(i)} member={member} h={120} />
  );
  const shown = opened === null ? undefined : l.photos[opened];
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="photos-title">
      <Title order={2} fz="h3" id="photos-title" mb="xs">
        Photos
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {l.photos.map((p, i) =>
          member ? (
            <UnstyledButton key={p.url} onClick={() => setOpened(i)} aria-label={`Open ${label(i)}`}>
              {thumb(p, i)}
            </UnstyledButton>
          ) : (
            <Anchor key={p.url} href={p.url} target="_blank" rel="noopener" aria-label={`Open ${label(i)}`}>
              {thumb(p, i)}
            </Anchor>
          ),
        )}
      </SimpleGrid>
      <Modal
        opened={shown !== undefined}
        onClose={() => setOpened(null)}
        title={opened === null ? '' : label(opened)}
        size="xl"
        centered
      >
        {shown && opened !== null && (
          <ListingImage url={shown.url} alt={`${label(opened)}, full size`} member={member} />
        )}
      </Modal>
    </Paper>
  );
}
