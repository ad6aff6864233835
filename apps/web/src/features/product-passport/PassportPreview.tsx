import { List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CHAIN_OF_CUSTODY_LABELS, formatKg, PASSPORT_SUPPLIER_TYPE_LABELS } from '@plastrace/shared';
import type { PassportContent } from './api.ts';

function ShareTable({ label, head, rows }: { label: string; head: string[]; rows: string[][] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {label}: none recorded.
      </Text>
    );
  return (
    <Table aria-label={label} striped>
      <Table.Thead>
        <Table.Tr>
          {head.map((h) => (
            <Table.Th key={h}>{h}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.join('|')}>
            {head.map((h, i) => (
              <Table.Td key={h}>{r[i]}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The content as the public page shows it: no supplier is named, only kinds of supplier and places. */
export function PassportPreview({ content: c }: { content: PassportContent }) {
  const r = c.recycledContent;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Passport preview">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {c.identifier.product ? c.identifier.product.name : c.identifier.material.name}, lot{' '}
          {c.identifier.lotCode}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Text size="sm">GTIN: {c.identifier.gtin ?? 'none (the organization’s lot URI is used)'}</Text>
          <Text size="sm">Mass: {formatKg(c.identifier.kg)}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Digital Link: {c.identifier.digitalLink}
          </Text>
          <Text size="sm">Publisher: {c.publisher.name}</Text>
        </SimpleGrid>
        <Title order={3} fz="h4">
          Recycled content: {r.pct} %
        </Title>
        <Text size="sm">
          {r.chainOfCustody
            ? `Chain of custody (ISO 22095): ${CHAIN_OF_CUSTODY_LABELS[r.chainOfCustody]}. `
            : ''}
          {r.explanation}
        </Text>
        <ShareTable
          label="Composition by polymer"
          head={['Polymer', 'Share']}
          rows={c.composition.map((p) => [p.polymer, `${p.sharePct} %`])}
        />
        <Title order={3} fz="h4">
          Origin — informal sector {c.origin.informalSectorPct} %
        </Title>
        <ShareTable
          label="Origin by place"
          head={['Province or region', 'kg', 'Share']}
          rows={c.origin.regions.map((x) => [x.region, formatKg(x.kg), `${x.sharePct} %`])}
        />
        <ShareTable
          label="Origin by kind of supplier"
          head={['Supplier type', 'kg', 'Share']}
          rows={c.origin.supplierTypes.map((x) => [
            PASSPORT_SUPPLIER_TYPE_LABELS[x.type],
            formatKg(x.kg),
            `${x.sharePct} %`,
          ])}
        />
        <Title order={3} fz="h4">
          Processing — {c.totals.kwh} kWh, {c.totals.kgCo2e} kg CO2e
        </Title>
        <ShareTable
          label="Processing steps"
          head={['Step', 'Where', 'Date', 'kWh', 'kg CO2e']}
          rows={c.processing.map((s) => [
            s.process.name,
            [s.facility.city, s.facility.region].filter(Boolean).join(', '),
            s.date,
            s.kwh ?? '—',
            s.kgCo2e ?? '—',
          ])}
        />
        <Title order={3} fz="h4">
          Certificates
        </Title>
        {c.certificates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No certificates are listed.
          </Text>
        ) : (
          <List size="sm">
            {c.certificates.map((x) => (
              <List.Item key={`${x.name}-${x.number ?? ''}`}>
                {x.name}, issued by {x.issuer}
                {x.number ? `, no. ${x.number}` : ''}
                {x.validUntil ? `, valid until ${x.validUntil}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        {c.recyclingInstructions && <Text size="sm">How to recycle it: {c.recyclingInstructions}</Text>}
        {c.notes && <Text size="sm">Notes: {c.notes}</Text>}
      </Stack>
    </Paper>
  );
}
