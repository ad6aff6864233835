import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type Passport, usePassport, usePublish } from './api.ts';
import { DetailsForm } from './DetailsForm.tsx';
import { PassportPreview } from './PassportPreview.tsx';

const TITLE = 'Product passport';

/** /product-passport/:id: preview, details, publication, versions and the QR code of one passport. */
export function PassportDetailPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="passports.read" title={TITLE}>
      <PassportView />
    </RequirePermission>
  );
}

function PassportView() {
  const { id = '' } = useParams();
  const passport = usePassport(id);
  if (passport.isPending) return <Text role="status">Loading the passport…</Text>;
  if (passport.isError)
    return isNotFound(passport.error) ? (
      <EmptyState title="Passport not found">No passport of your organization has this address.</EmptyState>
    ) : (
      <QueryError error={passport.error} what="The passport" onRetry={() => passport.refetch()} />
    );
  return <Loaded passport={passport.data} />;
}

function Loaded({ passport: p }: { passport: Passport }) {
  const canWrite = useCan('passports.write');
  const publish = usePublish(p.id);
  const [confirming, setConfirming] = useState(false);
  const files = useDownload();
  const qr = (format: 'png' | 'svg') =>
    files.download(format, `/passports/${p.id}/qr.${format}`, {}, `passport-${p.lot.code}.${format}`);

  return (
    <Stack gap="md">
      <PageHeader
        title={`Passport of lot ${p.lot.code}`}
        description={p.product ? `${p.product.name} (${p.product.sku})` : p.material}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={files.pending === 'png'}
              onClick={() => qr('png')}
            >
              QR code (PNG)
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={files.pending === 'svg'}
              onClick={() => qr('svg')}
            >
              QR code (SVG)
            </Button>
            {p.publicUrl && (
              <Button
                component="a"
                href={p.publicUrl}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconExternalLink size={16} aria-hidden />}
              >
                Open public page
              </Button>
            )}
            {canWrite && <Button onClick={() => setConfirming(true)}>Publish</Button>}
          </>
        }
      />
      <ActionError error={files.error} onClose={files.clearError} />
      <Group gap="xs">
        <Badge color={p.status === 'published' ? 'green' : 'gray'} variant="light">
          {p.status === 'published' ? `Published, version ${p.publishedVersion}` : 'Draft — not public yet'}
        </Badge>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          QR code leads to {p.digitalLink}
        </Text>
      </Group>
      {publish.isSuccess && (
        <Text role="status" c="green.9">
          Published version {publish.data.version}.
        </Text>
      )}
      <Title order={2} fz="h3">
        Preview: what publishing now would show
      </Title>
      <PassportPreview content={p.preview} />
      <Paper withBorder radius="md" p="md" component="section" aria-label="Details">
        <Title order={2} fz="h3" mb="sm">
          Certificates and notes
        </Title>
        <DetailsForm key={p.version} passport={p} disabled={!canWrite} />
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-label="Versions">
        <Title order={2} fz="h3" mb="sm">
          Published versions
        </Title>
        {p.versions.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is published yet: the QR code leads to a “no passport” page until you publish.
          </Text>
        ) : (
          <List size="sm">
            {p.versions.map((v) => (
              <List.Item key={v.version}>
                <Anchor href={`${p.digitalLink}?version=${v.version}`} target="_blank" rel="noopener">
                  Version {v.version}
                </Anchor>{' '}
                — {v.publishedAt.slice(0, 10)} · SHA-256 {v.contentSha256.slice(0, 16)}…
              </List.Item>
            ))}
          </List>
        )}
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title="Publish this passport?"
        confirmLabel={`Publish version ${p.publishedVersion + 1}`}
        color="green"
        loading={publish.isPending}
        error={publish.error}
        onConfirm={() => publish.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => {
          setConfirming(false);
          publish.reset();
        }}
      >
        The content as previewed becomes version {p.publishedVersion + 1}, public at the lot’s QR code. A
        published version never changes; later changes make a new version.
      </ConfirmDialog>
    </Stack>
  );
}
