import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CHAIN_OF_CUSTODY_LABELS, type ChainOfCustodyModel, formatKg, formatPhp } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { DataItems, DataItem as Item } from '../record-log/DataItems.tsx';
import { type CreditBatch, useCreditBatch } from './api.ts';
import { standing } from './BatchesPanel.tsx';
import { EvidenceTable } from './EvidenceTable.tsx';
import { CreditStatusBadge, creditsText, fateLabel, materialTypeLabel, serialRange } from './labels.tsx';
import { movementText } from './MovementsPanel.tsx';

/** /epr-credits/batches/:id: a batch's facts; its evidence and collector pay for the issuer; where its credits are. */
export function BatchDetailPage() {
  usePageTitle('Credit batch');
  return (
    <RequirePermission action="credits.read" title="Credit batch">
      <BatchDetail />
    </RequirePermission>
  );
}

function BatchDetail() {
  const { id = '' } = useParams();
  const batch = useCreditBatch(id);
  const { timeZone } = useMe();
  const back = (
    <Anchor component={Link} to="/epr-credits?tab=batches" size="sm">
      All batches
    </Anchor>
  );
  if (isNotFound(batch.error))
    return (
      <Stack>
        <EmptyState title="No such credit batch">
          Your organization neither issued this batch nor held credits of it. {back}
        </EmptyState>
      </Stack>
    );
  const b = batch.data;
  return (
    <Stack gap="md">
      {back}
      <QueryStatus query={batch} what="The batch" loading="Loading the batch…" />
      {b && (
        <>
          <PageHeader
            title={`Batch ${b.serialPrefix}`}
            description={`${creditsText(b.quantity)} of ${fateLabel(b.fate).toLowerCase()}, vintage ${b.vintage}`}
          />
          <Facts b={b} timeZone={timeZone} />
          {b.evidence && (
            <Section title="Evidence">
              <Text size="sm" c="dimmed" mb="xs">
                The verified recovery this batch claims: each delivery and the record that recovered it.
                Suppliers are named by type only.
              </Text>
              <EvidenceTable label="Evidence of the batch" items={b.evidence} />
            </Section>
          )}
          <Section title={b.isIssuer ? 'Where its credits are' : 'Your credits of this batch'}>
            <Blocks b={b} />
          </Section>
          <Section title="Movements">
            <Movements b={b} timeZone={timeZone} />
          </Section>
        </>
      )}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Facts({ b, timeZone }: { b: CreditBatch; timeZone: string }) {
  const model = CHAIN_OF_CUSTODY_LABELS[b.cocModel as ChainOfCustodyModel] ?? b.cocModel;
  return (
    <Paper withBorder radius="md" p="md">
      <DataItems label="Batch facts">
        <Item label="Serials">
          <Text ff="monospace" size="sm">
            {serialRange(b.firstSerial, b.lastSerial)}
          </Text>
        </Item>
        <Item label="Credits">{`${creditsText(b.quantity)} (${formatKg(b.kg)})`}</Item>
        <Item label="Vintage">{b.vintage}</Item>
        <Item label="Fate">{fateLabel(b.fate)}</Item>
        <Item label="Material type">{materialTypeLabel(b.materialType)}</Item>
        <Item label="Facility">
          {`${b.facility.code} · ${b.facility.name}${b.facility.region ? `, ${b.facility.region}` : ''}`}
        </Item>
        <Item label="Issuer">{b.isIssuer ? `${b.issuer.name} (your organization)` : b.issuer.name}</Item>
        <Item label="Issued">
          {formatDateTime(b.issuedAt, timeZone)}
          {b.issuedBy ? ` by ${b.issuedBy.name}` : ''}
        </Item>
        <Item label="Chain of custody">{`${model} (ISO 22095)`}</Item>
        <Item label="Where they stand">{standing(b.counts) || '—'}</Item>
        {b.collectorPayPhp && (
          <Item label="Collector pay">
            {`${formatPhp(b.collectorPayPhp)} (${formatPhp(b.collectorPayPerKg)} per kg), from the supplier ledger`}
          </Item>
        )}
      </DataItems>
      <Group gap="md" mt="sm">
        <Anchor component={Link} to={`/verify/${b.id}`} size="sm">
          Record-log proof
        </Anchor>
        <Anchor component={Link} to={`/registry/${b.firstSerial}`} size="sm">
          In the public registry
        </Anchor>
      </Group>
    </Paper>
  );
}

const retiredFor = (k: CreditBatch['blocks'][number]) =>
  k.beneficiary ? `${k.beneficiary}, ${k.complianceYear}: ${k.purpose ?? ''}` : '—';

function Blocks({ b }: { b: CreditBatch }) {
  const phone = usePhone();
  if (b.blocks.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Your organization holds none of this batch’s credits now.
      </Text>
    );
  if (phone)
    return (
      <CardList label="Serial ranges of the batch" items={b.blocks} keyOf={(k) => k.id}>
        {(k) => (
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{creditsText(k.quantity)}</Text>
              <CreditStatusBadge status={k.publicStatus} />
            </Group>
            <Text ff="monospace" size="xs">
              {serialRange(k.firstSerial, k.lastSerial)}
            </Text>
            <Text size="sm">Held by {k.holder.name}</Text>
            {k.beneficiary && <Text size="sm">Retired for {retiredFor(k)}</Text>}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label="Serial ranges of the batch">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Serials</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Holder</Table.Th>
            <Table.Th>Retired for</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {b.blocks.map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td ff="monospace" fz="xs">
                {serialRange(k.firstSerial, k.lastSerial)}
              </Table.Td>
              <Table.Td ta="right">{k.quantity}</Table.Td>
              <Table.Td>
                <CreditStatusBadge status={k.publicStatus} />
              </Table.Td>
              <Table.Td>{k.holder.name}</Table.Td>
              <Table.Td>{retiredFor(k)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Movements({ b, timeZone }: { b: CreditBatch; timeZone: string }) {
  const phone = usePhone();
  if (phone)
    return (
      <CardList label="Movements of the batch" items={b.movements} keyOf={(m) => m.id}>
        {(m) => (
          <Stack gap={4}>
            <Text fw={600}>
              {movementText(m)}: {creditsText(m.quantity)}
            </Text>
            <Text ff="monospace" size="xs">
              {serialRange(m.firstSerial, m.lastSerial)}
            </Text>
            <Text size="sm">{formatDateTime(m.at, timeZone)}</Text>
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped aria-label="Movements of the batch">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Serials</Table.Th>
            <Table.Th ta="right">Credits</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {b.movements.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>{formatDateTime(m.at, timeZone)}</Table.Td>
              <Table.Td>{movementText(m)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {serialRange(m.firstSerial, m.lastSerial)}
              </Table.Td>
              <Table.Td ta="right">{m.quantity}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
