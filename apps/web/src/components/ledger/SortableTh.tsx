import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SortableThProps {
  children: ReactNode;
  /** The API's sort key of this column, e.g. 'balance'. */
  column: string;
  /** The list's sort now, e.g. '-balance'. */
  sort: string;
  onSort: () => void;
  align?: 'left' | 'right';
}

/**
 * A column header that sorts the list on the server: a button (keyboard and screen readers reach
 * it) with the order shown by an arrow and told by aria-sort.
 */
export function SortableTh({ children, column, sort, onSort, align = 'left' }: SortableThProps) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : undefined;
  const Icon =
    direction === 'ascending' ? IconArrowUp : direction === 'descending' ? IconArrowDown : IconSelector;
  return (
    <Table.Th aria-sort={direction ?? 'none'} ta={align}>
      <UnstyledButton onClick={onSort} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {children}
          <Icon size={14} aria-hidden stroke={direction ? 2 : 1.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
