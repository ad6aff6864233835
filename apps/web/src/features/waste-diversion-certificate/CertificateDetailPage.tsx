import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CERTIFICATE_CLIENT_TYPE_LABELS,
  certificateRevokeSchema,
  DIVERSION_FATE_LABELS,
  formatKg,
} from '@plastrace/shared';
import { IconExternalLink, IconFileTypePdf, IconQrcode } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { ReasonDialog } from '../../components/common/ReasonDialog.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type CertificateDetail, useCertificate, useRevokeCertificate } from './api.ts';
import { EvidenceTable } from './EvidenceTable.tsx';
import { CertificateLinesTable } from './LinesTable.tsx';
import { CertificateStatusBadge, periodText } from './labels.tsx';

const TITLE = 'Waste diversion certificate';

/** /waste-diversion-certificate/:id: the certificate, what it stands on, its PDF and its revocation. */
export function CertificateDetailPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="certificates.read" title={TITLE}>
      <CertificateView />
    </RequirePermission>
  );
}

function CertificateView() {
  const { id = '' } = useParams();
  const certificate = useCertificate(id);
  if (certificate.isPending)
    return (
      <Text role="status" c="dimmed">
        Loading the certificate…
      </Text>
    );
  if (certificate.isError)
    return isNotFound(certificate.error) ? (
      <EmptyState title="Certificate not found">
        No certificate of your organization has this address.
      </EmptyState>
    ) : (
      <QueryError error={certificate.error} what="The certificate" onRetry={() => certificate.refetch()} />
    );
  return <Loaded c={certificate.data} />;
}

function Loaded({ c }: { c: CertificateDetail }) {
  const { timeZone } = useMe();
  const mayRevoke = useCan('certificates.issue');
  const revoke = useRevokeCertificate(c.id);
  const files = useDownload();
  const { showToast } = useToast();
  const [revoking, setRevoking] = useState(false);
  const revoked = c.status === 'revoked';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Group gap="sm">
            <Title order={1}>Certificate {c.number}</Title>
            <CertificateStatusBadge status={c.status} />
          </Group>
          <Text c="dimmed" size="sm">
            {formatKg(c.totalKg)} diverted from landfill for {c.clientName}, {periodText(c)}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            loading={files.pending === 'pdf'}
            onClick={() => files.download('pdf', `/certificates/${c.id}/pdf`, {}, `${c.number}.pdf`)}
          >
            Download PDF
          </Button>
          <Button
            variant="default"
            leftSection={<IconQrcode size={16} aria-hidden />}
            loading={files.pending === 'qr'}
            onClick={() => files.download('qr', `/certificates/${c.id}/qr.png`, {}, `${c.number}.png`)}
          >
            QR code (PNG)
          </Button>
          <Button
            component="a"
            href={`/certificates/${c.id}`}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<IconExternalLink size={16} aria-hidden />}
          >
            Open public page
          </Button>
          {mayRevoke && !revoked && (
            <Button color="red" variant="outline" onClick={() => setRevoking(true)}>
              Revoke
            </Button>
          )}
        </Group>
      </Group>
      <ActionError error={files.error} onClose={files.clearError} />
      {revoked && (
        <Alert color="red" title="Revoked" role="status">
          Revoked {formatDateTime(c.revokedAt, timeZone)} by {c.revokedBy?.name ?? 'someone'}:{' '}
          {c.revokeReason}. Its kilograms are claimable again; its public page says it was revoked.
        </Alert>
      )}

      <Paper withBorder p="lg" radius="md">
        <DataList aria-label="Certificate details" labelWidth="170px">
          <Item label="Client">{`${c.clientName} (${CERTIFICATE_CLIENT_TYPE_LABELS[c.clientType]})`}</Item>
          {c.clientAddress && <Item label="Address">{c.clientAddress}</Item>}
          <Item label="Period">{periodText(c)}</Item>
          <Item label="Signed by">{`${c.signatoryName}, ${c.signatoryTitle}`}</Item>
          <Item label="Issued">{`${formatDateTime(c.issuedAt, timeZone)} by ${c.issuedBy.name}`}</Item>
          {c.notes && <Item label="Notes">{c.notes}</Item>}
          <Item label="Public page">
            <Anchor href={c.publicUrl} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
              {c.publicUrl}
            </Anchor>
          </Item>
          <Item label="Record log">
            <Anchor component={Link} to={c.logUrl}>
              Proof that the log holds this certificate
            </Anchor>
          </Item>
        </DataList>
      </Paper>

      <CertificateLinesTable
        bordered
        lines={c.lines.map((l) => ({
          key: `${l.materialType}/${l.fate}`,
          material: l.name,
          fate: DIVERSION_FATE_LABELS[l.fate],
          kg: l.kg,
        }))}
      />

      <EvidenceTable evidence={c.evidence} />

      <ReasonDialog
        opened={revoking}
        title={`Revoke ${c.number}?`}
        confirmLabel="Revoke certificate"
        schema={certificateRevokeSchema}
        loading={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          revoke.reset();
          setRevoking(false);
        }}
        onConfirm={(reason) =>
          revoke.mutate(reason, {
            onSuccess: (r) => {
              setRevoking(false);
              showToast({ message: `${r.number} revoked: its kilograms are claimable again.` });
            },
          })
        }
      >
        Its public page will say it was revoked, with the reason, and its {formatKg(c.totalKg)} become
        claimable by another certificate. A revocation cannot be undone.
      </ReasonDialog>
    </Stack>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
