import { Alert, Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  CHAIN_OF_CUSTODY_LABELS,
  type ChainOfCustodyModel,
  CREDIT_KG,
  formatKg,
  formatUnits,
  toUnits,
} from '@plastrace/shared';
import { IconCircleCheck, IconSearchOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDate, formatDateTime } from '../../components/common/format.ts';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import {
  CreditStatusBadge,
  creditsText,
  fateLabel,
  materialTypeLabel,
  serialRange,
} from '../epr-credits/labels.tsx';
import { DataItems, DataItem as Item } from '../record-log/DataItems.tsx';
import { type PublicCredit, usePublicCredit } from './api.ts';

/** Registry dates are shown in the Philippines' time, where the programme runs. */
const TIME_ZONE = 'Asia/Manila';

/** /registry/:serial, public: the serial range holding one EPR credit serial, with its record-log proof. */
export function CreditPage() {
  const { serial = '' } = useParams();
  const wanted = serial.trim().toUpperCase();
  usePageTitle(`EPR credit ${wanted}`);
  const credit = usePublicCredit(wanted);
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Verify an EPR credit</Title>
        <Text ff="monospace" size="sm">
          {wanted}
        </Text>
        {isNotFound(credit.error) ? (
          <Alert color="yellow" icon={<IconSearchOff aria-hidden />} title="No such credit" role="alert">
            No EPR credit on PlasTrace has this serial. Check that the whole serial was copied, e.g.
            PH-PTEPR-ORG-MNL1-2026-0001-000001.
          </Alert>
        ) : (
          <QueryStatus query={credit} what="The credit" loading="Looking up the credit…" />
        )}
        {credit.data && <CreditFacts c={credit.data} />}
        <Group gap="md">
          <Anchor component={Link} to="/registry" size="sm">
            Search the registry
          </Anchor>
          <Anchor component={Link} to="/" size="sm">
            About PlasTrace
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}

function CreditFacts({ c }: { c: PublicCredit }) {
  const model = CHAIN_OF_CUSTODY_LABELS[c.cocModel as ChainOfCustodyModel] ?? c.cocModel;
  return (
    <Paper withBorder p="lg" radius="md">
      <Text size="sm" c="dimmed" mb={4}>
        Issued by
      </Text>
      <Title order={2} fz="h3" mb="sm">
        {c.issuer.name}
      </Title>
      <Group gap="xs" mb="md">
        <IconCircleCheck color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={600}>This credit is recorded in PlasTrace.</Text>
      </Group>
      <DataItems label="Credit facts">
        <Item label="Status">
          <CreditStatusBadge status={c.status} />
        </Item>
        <Item label="Serial range">
          <Text ff="monospace" size="sm">
            {serialRange(c.firstSerial, c.lastSerial)}
          </Text>
        </Item>
        <Item label="Credits">{`${creditsText(c.quantity)} (${formatKg(formatUnits(BigInt(c.quantity) * toUnits(CREDIT_KG, 3), 3))})`}</Item>
        <Item label="Vintage">{c.vintage}</Item>
        <Item label="Fate">{fateLabel(c.fate)}</Item>
        <Item label="Material type">{materialTypeLabel(c.materialType)}</Item>
        <Item label="Recovered in">{c.facilityRegion ?? '—'}</Item>
        <Item label="Chain of custody">{`${model} (ISO 22095)`}</Item>
        <Item label="Issued">{formatDate(c.issuedAt, TIME_ZONE)}</Item>
        {c.status === 'retired' && (
          <>
            <Item label="Retired for">{c.beneficiary ?? '—'}</Item>
            <Item label="Compliance year">{c.complianceYear ?? '—'}</Item>
            <Item label="Purpose">{c.purpose ?? '—'}</Item>
            <Item label="Retired">{formatDateTime(c.retiredAt, TIME_ZONE)}</Item>
          </>
        )}
      </DataItems>
      <Text size="sm" mt="md">
        <Anchor component={Link} to={`/verify/${c.batchId}`}>
          Check the batch in the record log
        </Anchor>{' '}
        — proves, in your browser, that the batch and its serials are logged as shown.
      </Text>
      <Text size="xs" c="dimmed" mt="md">
        Only public facts are shown: no holders, prices or people. Times are in {TIME_ZONE}.
      </Text>
    </Paper>
  );
}
