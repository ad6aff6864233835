import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { IconArrowLeft, IconFileTypePdf, IconLock, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { FiguresTable } from '../mass-balance/FiguresTable.tsx';
import { type EcarReport, useEcar, useReview, useSignOff } from './api.ts';
import { EcarItemCard } from './EcarItemCard.tsx';
import { EcarStatusBadge } from './EcarVersions.tsx';
import { CommentDialog, SignOffDialog } from './ReviewDialogs.tsx';

const TITLE = 'ECAR review';

/** /compliance-audit/ecar/:id: one report — its statement and items — and the auditor's review and sign-off. */
export function EcarReviewPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="compliance.read" title={TITLE}>
      <EcarView />
    </RequirePermission>
  );
}

function EcarView() {
  const { id = '' } = useParams();
  const report = useEcar(id);
  if (report.isPending)
    return (
      <Text role="status" c="dimmed">
        Loading the report…
      </Text>
    );
  if (report.isError)
    return isNotFound(report.error) ? (
      <EmptyState title="Report not found">No ECAR of your organization has this address.</EmptyState>
    ) : (
      <QueryError error={report.error} what="The report" onRetry={() => report.refetch()} />
    );
  return <Loaded r={report.data} />;
}

type Figure = { label: string; value: string };

function statementRows(r: EcarReport): Figure[] {
  const s = r.content.statement;
  const kg = (v: string | null) => (v === null ? 'not known' : formatKg(v));
  return [
    { label: 'Plastic footprint', value: kg(s.footprint.totalKg) },
    {
      label: 'Recovery target',
      value: s.target.recoveryTargetPct ? `${s.target.recoveryTargetPct} %` : 'none',
    },
    { label: 'Required recovery', value: kg(s.requiredKg) },
    { label: 'Recovered', value: `${kg(s.recoveredKg)} (${s.retiredCredits} credits)` },
    { label: 'Surplus', value: kg(s.surplusKg) },
    { label: 'Shortfall', value: kg(s.shortfallKg) },
    {
      label: 'Fine exposure',
      value:
        s.fine.lowPhp === null
          ? s.fine.statement
          : `${formatPhp(s.fine.lowPhp)} to ${formatPhp(s.fine.highPhp)}`,
    },
  ];
}

function Loaded({ r }: { r: EcarReport }) {
  const { timeZone } = useMe();
  const isAuditor = useCan('compliance.review');
  const signed = r.status === 'signed_off';
  const mayReview = isAuditor && !signed;
  const review = useReview(r.id);
  const signOff = useSignOff(r.id);
  const files = useDownload();
  const [commenting, setCommenting] = useState<{
    key: string;
    title: string;
    decision: 'queried' | 'rejected';
  }>();
  const [signing, setSigning] = useState(false);
  const reviews = new Map(r.reviews.map((v) => [v.itemKey, v]));
  const c = r.content;

  return (
    <Stack gap="md">
      <PageHeader
        title={
          <Group gap="sm" component="span">
            ECAR {c.year}, version {c.version} <EcarStatusBadge status={r.status} />
          </Group>
        }
        description={`${c.organization.name} · drafted ${formatDateTime(r.createdAt, timeZone)} by ${r.createdBy.name} · due ${c.statement.ecarDueOn}`}
        actions={
          <>
            <Button
              component={Link}
              to={`/compliance-audit?year=${c.year}`}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              The {c.year} figures
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={files.pending === 'pdf'}
              onClick={() =>
                files.download('pdf', `/compliance/ecar/${r.id}/pdf`, {}, `ecar-${c.year}-v${c.version}.pdf`)
              }
            >
              Download PDF
            </Button>
            {isAuditor && !signed && (
              <Button
                leftSection={<IconSignature size={16} aria-hidden />}
                disabled={r.openItems.length > 0}
                onClick={() => setSigning(true)}
              >
                Sign off
              </Button>
            )}
          </>
        }
      />
      <ActionError error={files.error} onClose={files.clearError} />
      {signed ? (
        <Alert color="green" icon={<IconLock aria-hidden />} title="Signed off: frozen" role="status">
          <Text size="sm">
            Signed off by {r.signedBy?.name} on {formatDateTime(r.signedAt, timeZone)}. The report no longer
            changes: a change needs a new version. It is in the record log:{' '}
            <Anchor component={Link} to={`/verify/${r.id}`} c="inherit" fw={600}>
              verify it
            </Anchor>
            .
          </Text>
          <Text size="sm" mt="xs">
            Opinion: “{r.opinion}”
          </Text>
        </Alert>
      ) : (
        <Text size="sm" role="status">
          {r.acceptedCount} of {r.itemCount} items accepted.{' '}
          {r.openItems.length > 0
            ? `The auditor signs off once every item is accepted (${r.openItems.length} still open).`
            : 'Every item is accepted: the auditor may sign off.'}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Content SHA-256 {r.contentSha256}
      </Text>
      <ActionError
        error={review.isError && !commenting ? review.error : null}
        onClose={() => review.reset()}
      />
      <Title order={2} fz="h4">
        Statement as drafted
      </Title>
      <FiguresTable<Figure>
        label={`Statement of the ${c.year} ECAR`}
        rows={statementRows(r)}
        keyOf={(f) => f.label}
        columns={[
          { label: 'Figure', value: (f) => f.label },
          { label: 'Value', value: (f) => f.value, numeric: true },
        ]}
      />
      <Title order={2} fz="h4">
        Evidence items ({c.items.length})
      </Title>
      {c.items.map((item) => (
        <EcarItemCard
          key={item.key}
          item={item}
          reviews={reviews.get(item.key)}
          mayReview={mayReview}
          busy={review.isPending && review.variables?.itemKey === item.key}
          onAccept={() => review.mutate({ itemKey: item.key, decision: 'accepted', comment: null })}
          onComment={(decision) => setCommenting({ key: item.key, title: item.title, decision })}
        />
      ))}
      <CommentDialog
        key={commenting ? `${commenting.key}/${commenting.decision}` : 'closed'}
        opened={!!commenting}
        decision={commenting?.decision ?? 'queried'}
        item={commenting?.title ?? ''}
        loading={review.isPending}
        error={commenting ? review.error : null}
        onConfirm={(comment) =>
          commenting &&
          review.mutate(
            { itemKey: commenting.key, decision: commenting.decision, comment },
            { onSuccess: () => setCommenting(undefined) },
          )
        }
        onClose={() => {
          setCommenting(undefined);
          review.reset();
        }}
      />
      <SignOffDialog
        opened={signing}
        loading={signOff.isPending}
        error={signOff.error}
        onConfirm={(opinion) => signOff.mutate(opinion, { onSuccess: () => setSigning(false) })}
        onClose={() => {
          setSigning(false);
          signOff.reset();
        }}
      />
    </Stack>
  );
}
