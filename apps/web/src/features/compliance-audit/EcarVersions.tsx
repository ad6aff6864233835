import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDate } from '../../components/common/format.ts';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { FiguresTable } from '../mass-balance/FiguresTable.tsx';
import { Section } from '../mass-balance/Sections.tsx';
import { type EcarSummary, useDraftEcar, useEcars } from './api.ts';

export const ecarPath = (id: string) => `/compliance-audit/ecar/${id}`;

export function EcarStatusBadge({ status }: { status: EcarSummary['status'] }) {
  return (
    <Badge color={status === 'signed_off' ? 'green' : 'gray'} variant="light">
      {status === 'signed_off' ? 'Signed off' : 'Draft'}
    </Badge>
  );
}

/** The year's ECAR versions, their PDFs, and drafting the next one (the office). */
export function EcarVersions({ year, dueOn }: { year: number; dueOn: string }) {
  const { timeZone } = useMe();
  const mayDraft = useCan('compliance.manage');
  const reports = useEcars(year);
  const draft = useDraftEcar();
  const navigate = useNavigate();
  const key = useRef(newIdempotencyKey());
  const [confirming, setConfirming] = useState(false);
  const files = useDownload();
  const items = reports.data?.pages.flatMap((p) => p.items) ?? [];
  const pdf = (r: EcarSummary) =>
    files.download(r.id, `/compliance/ecar/${r.id}/pdf`, {}, `ecar-${r.year}-v${r.version}.pdf`);
  return (
    <Section
      title={`EPR Compliance Audit Report ${year}`}
      note={`Drafted by the office with its content frozen; the organization’s independent auditor reviews each item and signs off. Due ${dueOn}.`}
    >
      <QueryStatus query={reports} what="The reports" loading="Loading the reports…" />
      <ActionError error={files.error} onClose={files.clearError} />
      {reports.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          No ECAR drafted for {year} yet.
        </Text>
      )}
      {items.length > 0 && (
        <FiguresTable<EcarSummary>
          label={`ECAR versions ${year}`}
          rows={items}
          keyOf={(r) => r.id}
          columns={[
            {
              label: 'Version',
              value: (r) => (
                <Anchor component={Link} to={ecarPath(r.id)} size="sm">
                  Version {r.version}
                </Anchor>
              ),
            },
            { label: 'Status', value: (r) => <EcarStatusBadge status={r.status} /> },
            { label: 'Drafted', value: (r) => `${formatDate(r.createdAt, timeZone)}, ${r.createdBy.name}` },
            { label: 'Accepted items', value: (r) => `${r.acceptedCount} of ${r.itemCount}`, numeric: true },
            {
              label: 'Signed off',
              value: (r) =>
                r.signedAt ? `${formatDate(r.signedAt, timeZone)}, ${r.signedBy?.name ?? ''}` : '—',
            },
            {
              label: 'PDF',
              value: (r) => (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconFileTypePdf size={14} aria-hidden />}
                  loading={files.pending === r.id}
                  onClick={() => pdf(r)}
                  aria-label={`Download the PDF of version ${r.version}`}
                >
                  PDF
                </Button>
              ),
            },
          ]}
        />
      )}
      <LoadMore
        hasNextPage={reports.hasNextPage}
        isFetchingNextPage={reports.isFetchingNextPage}
        fetchNextPage={reports.fetchNextPage}
      />
      {mayDraft && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setConfirming(true)}>
            Draft ECAR
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title={`Draft the ${year} ECAR?`}
        confirmLabel={`Draft version ${(items[0]?.version ?? 0) + 1}`}
        color="green"
        loading={draft.isPending}
        error={draft.error}
        onConfirm={() =>
          draft.mutate(
            { year, key: key.current },
            {
              onSuccess: (r) => {
                key.current = newIdempotencyKey();
                setConfirming(false);
                navigate(ecarPath(r.id));
              },
            },
          )
        }
        onClose={() => {
          setConfirming(false);
          draft.reset();
        }}
      >
        The year’s figures and evidence as they stand now become a new version, frozen: later changes need
        another version. The auditor then reviews it item by item.
      </ConfirmDialog>
    </Section>
  );
}
