import { Group, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CardList, usePhone } from '../../components/common/CardList.tsx';

export type Column<T> = { label: string; value: (row: T) => ReactNode; numeric?: boolean };

/** A small table of figures, as cards of label–value pairs on a phone. */
export function FiguresTable<T>({
  label,
  rows,
  columns,
  keyOf,
}: {
  label: string;
  rows: T[];
  columns: Column<T>[];
  keyOf: (row: T) => string;
}) {
  const phone = usePhone();
  if (phone)
    return (
      <CardList label={label} items={rows} keyOf={keyOf}>
        {(row) => (
          <Stack gap={2}>
            {columns.map((c) => (
              <Group key={c.label} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" c="dimmed">
                  {c.label}
                </Text>
                <Text size="sm" ta="right" component="div">
                  {c.value(row)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.numeric ? 'right' : 'left'}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={keyOf(row)}>
              {columns.map((c) => (
                <Table.Td key={c.label} ta={c.numeric ? 'right' : 'left'} style={{ whiteSpace: 'nowrap' }}>
                  {c.value(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
