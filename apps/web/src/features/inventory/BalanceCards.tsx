import { Anchor, Group, Text } from '@mantine/core';
import { formatKg, formatPhp, formatPhpPerKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList } from '../../components/common/CardList.tsx';
import type { InventoryGroup, InventoryRow } from './api.ts';

/** Inventory on a phone: what (lot, material, facility) first, then kg and value, then the average cost. */
export function BalanceCards({
  rows,
  group,
  keyOf,
}: {
  rows: InventoryRow[];
  group: InventoryGroup;
  keyOf: (row: InventoryRow) => string;
}) {
  return (
    <CardList label="Inventory" items={rows} keyOf={keyOf}>
      {(row) => (
        <>
          <Group justify="space-between" wrap="nowrap">
            {group === 'lot' && row.lot ? (
              <Anchor component={Link} to={`/batch-management/${row.lot.id}`} fw={700} ff="monospace">
                {row.lot.code}
              </Anchor>
            ) : (
              <Text fw={700}>{group === 'facility' ? row.facility.name : (row.material?.name ?? '—')}</Text>
            )}
            <Text fw={700}>{formatKg(row.qtyKg)}</Text>
          </Group>
          <Text size="sm" mt={2}>
            {group === 'facility'
              ? ''
              : `${group === 'lot' ? `${row.material?.name ?? '—'} · ` : ''}${row.facility.name}`}
          </Text>
          <Group justify="space-between" wrap="nowrap" mt={2}>
            <Text size="sm">{formatPhp(row.valuePhp)}</Text>
            <Text size="xs" c="dimmed">
              {formatPhpPerKg(row.avgCostPerKg)}
            </Text>
          </Group>
        </>
      )}
    </CardList>
  );
}
