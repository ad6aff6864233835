import { Alert, Anchor, Container, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { CERTIFICATE_CLIENT_TYPE_LABELS, DIVERSION_FATE_LABELS, formatKg } from '@plastrace/shared';
import { IconAlertOctagon, IconCircleCheck, IconSearchOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDate, formatDateTime } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { CertificateLinesTable } from '../waste-diversion-certificate/LinesTable.tsx';
import { type PublicCertificate, usePublicCertificate } from './api.ts';

const TITLE = 'Verify a waste diversion certificate';

/**
 * /certificates/:id, public and phone-first: what a certificate's QR code opens. It says first whether
 * the certificate stands or was revoked (with when and why), then what it certifies, and leads to the
 * record log's proof that the certificate was logged as shown.
 */
export function CertificateVerificationPage() {
  usePageTitle(TITLE);
  const { id = '' } = useParams();
  const certificate = usePublicCertificate(id);
  return (
    <Container size="sm" py="xl" px="md">
      <Stack gap="md">
        <Title order={1}>{TITLE}</Title>
        {certificate.isPending && (
          <Text c="dimmed" role="status">
            Looking up the certificate…
          </Text>
        )}
        {certificate.isError &&
          (isNotFound(certificate.error) ? (
            <Alert
              color="yellow"
              icon={<IconSearchOff aria-hidden />}
              title="No such certificate"
              role="alert"
            >
              No PlasTrace certificate has this id. Check that the whole code or link was copied.
            </Alert>
          ) : (
            <QueryError
              error={certificate.error}
              what="The certificate"
              onRetry={() => certificate.refetch()}
              retrying={certificate.isFetching}
            />
          ))}
        {certificate.data && <Facts c={certificate.data} />}
        <Anchor component={Link} to="/" size="sm">
          About PlasTrace, the platform that keeps this record
        </Anchor>
      </Stack>
    </Container>
  );
}

function Facts({ c }: { c: PublicCertificate }) {
  const zone = c.organization.timeZone;
  return (
    <>
      {c.status === 'revoked' ? (
        <Alert
          color="red"
          icon={<IconAlertOctagon aria-hidden />}
          title={`REVOKED on ${formatDate(c.revokedAt, zone)}`}
          role="alert"
          styles={{ title: { fontSize: 'var(--mantine-font-size-xl)' } }}
        >
          {c.organization.name} revoked this certificate: {c.revokeReason}. It no longer certifies anything.
        </Alert>
      ) : (
        <Group gap="xs" wrap="nowrap">
          <IconCircleCheck color="var(--mantine-color-green-7)" aria-hidden />
          <Text fw={600}>This certificate stands: issued by {c.organization.name} and not revoked.</Text>
        </Group>
      )}
      <Paper withBorder p="lg" radius="md">
        <Text size="sm" c="dimmed" mb={4}>
          Issued by
        </Text>
        <Title order={2} fz="h3" mb="md">
          {c.organization.name}
        </Title>
        <DataList aria-label="Certificate facts" labelWidth="130px">
          <Item label="Certificate">
            <Text ff="monospace">{c.number}</Text>
          </Item>
          <Item label="Issued to">{`${c.clientName} (${CERTIFICATE_CLIENT_TYPE_LABELS[c.clientType]})`}</Item>
          <Item label="Period">{`${formatDay(c.periodFrom)} to ${formatDay(c.periodTo)}`}</Item>
          <Item label="Diverted">{`${formatKg(c.totalKg)} of plastic waste diverted from landfill`}</Item>
          <Item label="Issued">{formatDateTime(c.issuedAt, zone)}</Item>
          <Item label="Signed by">{`${c.signatoryName}, ${c.signatoryTitle}`}</Item>
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
      <Text size="sm">
        <Anchor component={Link} to={c.logUrl}>
          Check its record-log proof
        </Anchor>{' '}
        — that PlasTrace logged this certificate as shown
        {c.status === 'revoked' ? ', and its revocation' : ''}.
      </Text>
      <Text size="xs" c="dimmed">
        Only public facts are shown: no prices, suppliers or people other than the signatory. Times are in{' '}
        {zone}.
      </Text>
    </>
  );
}

/** A calendar day as written out elsewhere on the page ('2 Nov 2026'); no time zone applies to it. */
const formatDay = (d: string) => formatDate(`${d}T00:00:00Z`, 'UTC');

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
