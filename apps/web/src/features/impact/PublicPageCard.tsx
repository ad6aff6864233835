import { Anchor, Badge, Button, CopyButton, Group, Text, TextInput } from '@mantine/core';
import { IMPACT_HEADLINE_MAX } from '@plastrace/shared';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { type ImpactPage, useImpactPage, useSaveImpactPage } from './api.ts';
import { Section } from './ImpactFiguresView.tsx';

/** Administrators choose whether the organization's impact is public, with a line above its figures. */
export function PublicPageCard() {
  const page = useImpactPage();
  return (
    <Section
      title="Public page"
      note="Publish this year’s and all time’s figures on a page anyone with the link can open: no money, no suppliers, customers or people."
    >
      <QueryStatus query={page} what="The public page’s settings" loading="Loading the public page…" />
      {/* Keyed by version: what the server saved starts the form afresh. */}
      {page.data && <PageForm key={page.data.version} page={page.data} />}
    </Section>
  );
}

function PageForm({ page }: { page: ImpactPage }) {
  const { timeZone } = useMe();
  const { showToast } = useToast();
  const save = useSaveImpactPage();
  const [headline, setHeadline] = useState(page.headline ?? '');
  const tooLong = headline.trim().length > IMPACT_HEADLINE_MAX;
  const submit = (published: boolean) =>
    save.mutate(
      { published, headline: headline.trim() || null, version: page.version },
      {
        onSuccess: (saved) =>
          showToast({
            title: saved.published ? 'Impact page published' : 'Impact page unpublished',
            message: saved.published
              ? 'Anyone with the link can see it.'
              : 'Its link now says it is not published.',
          }),
      },
    );
  return (
    <>
      <Group gap="xs">
        {page.published ? (
          <Badge color="green">Published</Badge>
        ) : (
          <Badge color="gray" variant="light">
            Not published
          </Badge>
        )}
        {page.published && (
          <Text size="sm" c="dimmed">
            since {formatDateTime(page.publishedAt, timeZone)}
            {page.publishedBy ? ` by ${page.publishedBy.name}` : ''}
          </Text>
        )}
      </Group>
      <TextInput
        label="Headline"
        description={`A line above the figures, at most ${IMPACT_HEADLINE_MAX} characters`}
        value={headline}
        onChange={(e) => setHeadline(e.currentTarget.value)}
        error={tooLong ? `At most ${IMPACT_HEADLINE_MAX} characters` : undefined}
      />
      <ActionError error={save.error} onClose={() => save.reset()} />
      <Group gap="xs">
        {page.published ? (
          <>
            <Button loading={save.isPending} disabled={tooLong} onClick={() => submit(true)}>
              Save headline
            </Button>
            <Button variant="default" loading={save.isPending} onClick={() => submit(false)}>
              Unpublish
            </Button>
          </>
        ) : (
          <Button loading={save.isPending} disabled={tooLong} onClick={() => submit(true)}>
            Publish
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {page.publicUrl}
        </Text>
        <CopyButton value={page.publicUrl}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant="light"
              onClick={copy}
              leftSection={<IconCopy size={14} aria-hidden />}
              aria-label={copied ? 'Link copied' : 'Copy the link'}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
        {page.published && (
          <Anchor href={page.publicUrl} target="_blank" rel="noreferrer" size="sm">
            <IconExternalLink size={14} aria-hidden /> Open the page
          </Anchor>
        )}
      </Group>
    </>
  );
}
