import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { formatKg, toUnits } from '@plastrace/shared';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useState } from 'react';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { BalanceRow } from './api.ts';
import { Flag } from './Flag.tsx';

type KgKey =
  | 'openingKg'
  | 'inKg'
  | 'outKg'
  | 'consumedKg'
  | 'lossesKg'
  | 'adjustmentsKg'
  | 'voidsKg'
  | 'closingKg';
type SortKey = 'facility' | 'material' | KgKey;

const KG_COLUMNS: { key: KgKey; label: string; title: string }[] = [
  { key: 'openingKg', label: 'Opening', title: 'Balance at the start of the period' },
  { key: 'inKg', label: 'In', title: 'Received, produced and transferred in' },
  { key: 'outKg', label: 'Out', title: 'Dispatched and transferred out' },
  { key: 'consumedKg', label: 'Consumed', title: 'Production inputs that became outputs' },
  { key: 'lossesKg', label: 'Losses', title: 'This material’s share of its runs’ losses' },
  { key: 'adjustmentsKg', label: 'Adjustments', title: 'Stock counts and lot adjustments' },
  { key: 'voidsKg', label: 'Voids', title: 'Reversals of voided records' },
  { key: 'closingKg', label: 'Closing', title: 'Balance at the end of the period' },
];

function compare(a: BalanceRow, b: BalanceRow, key: SortKey): number {
  if (key === 'facility') return a.facility.code.localeCompare(b.facility.code);
  if (key === 'material') return a.material.name.localeCompare(b.material.name);
  const x = toUnits(a[key], 3);
  const y = toUnits(b[key], 3);
  return x === y ? 0 : x < y ? -1 : 1;
}

/** The balance per facility × material; any column sorts (click again to reverse); cards on a phone. */
export function BalanceTable({ rows }: { rows: BalanceRow[] }) {
  const phone = usePhone();
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'facility', desc: false });
  const sorted = [...rows].sort((a, b) => {
    const c = compare(a, b, sort.key) || (sort.key === 'facility' ? compare(a, b, 'material') : 0);
    return sort.desc ? -c : c;
  });
  if (phone)
    return (
      <CardList label="Mass balance" items={sorted} keyOf={(r) => `${r.facility.id}|${r.material.id}`}>
        {(r) => (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{r.material.name}</Text>
              <Text fw={600}>{formatKg(r.closingKg)}</Text>
            </Group>
            <Text size="sm" c="dimmed">
              {r.facility.name} · opening {formatKg(r.openingKg)} · in {formatKg(r.inKg)} · out{' '}
              {formatKg(r.outKg)} · consumed {formatKg(r.consumedKg)} · losses {formatKg(r.lossesKg)}
            </Text>
            {r.negative && <Flag>Negative balance</Flag>}
          </>
        )}
      </CardList>
    );
  const header = (key: SortKey, label: string, title?: string, numeric = false) => {
    const active = sort.key === key;
    const Icon = active ? (sort.desc ? IconArrowDown : IconArrowUp) : IconArrowsSort;
    return (
      <Table.Th
        key={key}
        ta={numeric ? 'right' : 'left'}
        aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : 'none'}
        title={title}
      >
        <UnstyledButton
          onClick={() => setSort({ key, desc: active ? !sort.desc : false })}
          aria-label={`Sort by ${label}`}
        >
          <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : 'flex-start'}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            <Icon size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Table.Th>
    );
  };
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table striped aria-label="Mass balance">
        <Table.Thead>
          <Table.Tr>
            {header('facility', 'Facility')}
            {header('material', 'Material')}
            {KG_COLUMNS.map((c) => header(c.key, c.label, c.title, true))}
            <Table.Th>Flags</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((r) => (
            <Table.Tr key={`${r.facility.id}|${r.material.id}`}>
              <Table.Td>{r.facility.code}</Table.Td>
              <Table.Td>{r.material.name}</Table.Td>
              {KG_COLUMNS.map((c) => (
                <Table.Td key={c.key} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatKg(r[c.key])}
                </Table.Td>
              ))}
              <Table.Td>{r.negative && <Flag>Negative balance</Flag>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
