import { Anchor, Checkbox, Group, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { Lot } from './api.ts';
import { LotStatusBadge } from './LotStatusBadge.tsx';

interface LotsTableProps {
  lots: Lot[];
  isSelected: (lot: Lot) => boolean;
  onToggle: (lot: Lot) => void;
  allShown: boolean;
  onToggleAll: () => void;
}

/** The lots with a box each to choose them (labels, merges); cards on a phone. */
export function LotsTable({
  lots: rows,
  isSelected,
  onToggle: toggle,
  allShown,
  onToggleAll: toggleAll,
}: LotsTableProps) {
  if (usePhone()) return <LotCards lots={rows} isSelected={isSelected} onToggle={toggle} />;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Lots">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all lots shown"
                checked={allShown}
                indeterminate={!allShown && rows.some(isSelected)}
                onChange={toggleAll}
              />
            </Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Material</Table.Th>
            <Table.Th>Facility</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((lot) => (
            <Table.Tr key={lot.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${lot.code}`}
                  checked={isSelected(lot)}
                  onChange={() => toggle(lot)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/batch-management/${lot.id}`} size="sm" ff="monospace">
                  {lot.code}
                </Anchor>
              </Table.Td>
              <Table.Td>{lot.material.name}</Table.Td>
              <Table.Td>{lot.facility.name}</Table.Td>
              <Table.Td ta="right">{formatKg(lot.qtyKg)}</Table.Td>
              <Table.Td ta="right">{formatPhp(lot.valuePhp)}</Table.Td>
              <Table.Td>
                <LotStatusBadge status={lot.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: code and status, material, balance and value, facility — with the box to choose it. */
function LotCards({ lots, isSelected, onToggle }: Pick<LotsTableProps, 'lots' | 'isSelected' | 'onToggle'>) {
  return (
    <CardList label="Lots" items={lots} keyOf={(lot) => lot.id}>
      {(lot) => (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              <Checkbox
                aria-label={`Select ${lot.code}`}
                checked={isSelected(lot)}
                onChange={() => onToggle(lot)}
              />
              <Anchor component={Link} to={`/batch-management/${lot.id}`} fw={700} ff="monospace">
                {lot.code}
              </Anchor>
            </Group>
            <LotStatusBadge status={lot.status} />
          </Group>
          <Text size="sm" fw={600} mt={4}>
            {lot.material.name}
          </Text>
          <Group justify="space-between" wrap="nowrap" mt={2}>
            <Text size="sm">{formatKg(lot.qtyKg)}</Text>
            <Text size="sm" fw={600}>
              {formatPhp(lot.valuePhp)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={2}>
            {lot.facility.name}
          </Text>
        </>
      )}
    </CardList>
  );
}
