import { Anchor, Table, Text, Title } from '@mantine/core';
import { formatKg, formatPhp, LOSS_FATE_LABELS, LOSS_KIND_LABELS } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductionRecord } from './api.ts';

const lotLink = (lot: { id: string; code: string } | null) =>
  lot ? (
    <Anchor component={Link} to={`/batch-management/${lot.id}`} ff="monospace" size="sm">
      {lot.code}
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      At posting
    </Text>
  );

function Block({
  title,
  label,
  head,
  children,
}: {
  title: string;
  label: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <>
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h, i) => (
                <Table.Th key={h} ta={i >= head.length - 2 && h !== 'Where it went' ? 'right' : undefined}>
                  {h}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

/** Inputs, outputs, losses and the lineage between lots of one run. */
export function RunTables({ record }: { record: ProductionRecord }) {
  return (
    <>
      <Block title="Inputs" label="Input lots" head={['Lot', 'Material', 'Kg', 'Value']}>
        {record.inputs.map((i) => (
          <Table.Tr key={i.id}>
            <Table.Td>{lotLink(i.lot)}</Table.Td>
            <Table.Td>{i.material.name}</Table.Td>
            <Table.Td ta="right">{formatKg(i.kg)}</Table.Td>
            <Table.Td ta="right">{i.valuePhp ? formatPhp(i.valuePhp) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Block>
      <Block title="Outputs" label="Output lots" head={['Lot', 'Material', 'Kg', 'Value']}>
        {record.outputs.map((o) => (
          <Table.Tr key={o.id}>
            <Table.Td>{lotLink(o.lot)}</Table.Td>
            <Table.Td>{o.material.name}</Table.Td>
            <Table.Td ta="right">{formatKg(o.kg)}</Table.Td>
            <Table.Td ta="right">{o.valuePhp ? formatPhp(o.valuePhp) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Block>
      {record.losses.length > 0 && (
        <Block title="Losses" label="Losses" head={['Kind', 'Where it went', 'Reject lot', 'Kg']}>
          {record.losses.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{LOSS_KIND_LABELS[l.kind]}</Table.Td>
              <Table.Td>{LOSS_FATE_LABELS[l.fate]}</Table.Td>
              <Table.Td>{l.fate === 'reject_lot' ? lotLink(l.lot) : '—'}</Table.Td>
              <Table.Td ta="right">{formatKg(l.kg)}</Table.Td>
            </Table.Tr>
          ))}
        </Block>
      )}
      {record.lineage.length > 0 && (
        <Block title="Lineage" label="Lineage" head={['From lot', 'Into lot', 'Kg']}>
          {record.lineage.map((e) => (
            <Table.Tr key={`${e.from.id}-${e.to.id}`}>
              <Table.Td>{lotLink(e.from)}</Table.Td>
              <Table.Td>{lotLink(e.to)}</Table.Td>
              <Table.Td ta="right">{formatKg(e.kg)}</Table.Td>
            </Table.Tr>
          ))}
        </Block>
      )}
    </>
  );
}
