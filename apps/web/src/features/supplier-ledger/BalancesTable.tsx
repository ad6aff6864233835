import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import {
  formatPhp,
  SUPPLIER_TYPES,
  type supplierBalancePageSchema,
  type supplierBalanceSchema,
} from '@plastrace/shared';
import { Link } from 'react-router';
import type { Wire } from '../../api/caseConvert.ts';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import type { LedgerSort } from '../../components/ledger/api.ts';
import { SUPPLIER_LEDGER } from '../../components/ledger/books.ts';
import { Figures } from '../../components/ledger/Figures.tsx';
import { nextSort } from '../../components/ledger/filters.ts';
import { SortableTh } from '../../components/ledger/SortableTh.tsx';
import { humanize, optionsOf } from '../catalog/formModel.ts';

export type SupplierBalance = Wire<typeof supplierBalanceSchema>;
export type SupplierTotals = Wire<typeof supplierBalancePageSchema>['totals'];

export const SUPPLIER_TYPE_OPTIONS = optionsOf(SUPPLIER_TYPES, (t) => (t === 'lgu' ? 'LGU' : humanize(t)));
const typeLabel = (type: string) => SUPPLIER_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
/** A negative balance is an advance the supplier still has to deliver against. */
const isAdvance = (balance: string) => balance.startsWith('-');

interface BalancesTableProps {
  rows: SupplierBalance[];
  sort: LedgerSort;
  onSort: (sort: LedgerSort) => void;
  timeZone: string;
  /** The as-of day: statements open up to it. */
  asOf: string;
}

/** Supplier balances with sortable columns; a supplier opens their statement. */
export function BalancesTable({ rows, sort, onSort, timeZone, asOf }: BalancesTableProps) {
  const phone = usePhone();
  if (phone) return <BalanceCards rows={rows} timeZone={timeZone} asOf={asOf} />;
  const sortBy = (column: 'balance' | 'name' | 'last_entry_at') => () => onSort(nextSort(sort, column));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Supplier balances">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="name" sort={sort} onSort={sortBy('name')}>
              Supplier
            </SortableTh>
            <Table.Th>Type</Table.Th>
            <SortableTh column="balance" sort={sort} onSort={sortBy('balance')} align="right">
              Balance
            </SortableTh>
            <SortableTh column="last_entry_at" sort={sort} onSort={sortBy('last_entry_at')}>
              Last entry
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.supplier.id}>
              <Table.Td>
                <Anchor component={Link} to={statementLink(row, asOf)} size="sm">
                  {`${row.supplier.name} (${row.supplier.code})`}
                </Anchor>
              </Table.Td>
              <Table.Td>{typeLabel(row.supplier.type)}</Table.Td>
              <Table.Td ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  {isAdvance(row.balance) && (
                    <Badge size="xs" color="orange" variant="light">
                      Advance
                    </Badge>
                  )}
                  <Text size="sm">{formatPhp(row.balance)}</Text>
                </Group>
              </Table.Td>
              <Table.Td>{formatDateTime(row.lastEntryAt, timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const statementLink = (row: SupplierBalance, asOf: string) =>
  `${SUPPLIER_LEDGER.statementPath(row.supplier.id)}${asOf ? `?to=${asOf}` : ''}`;

/** On a phone: the supplier and what is owed first, then the type and the last entry. */
function BalanceCards({ rows, timeZone, asOf }: { rows: SupplierBalance[]; timeZone: string; asOf: string }) {
  return (
    <CardList label="Supplier balances" items={rows} keyOf={(r) => r.supplier.id}>
      {(row) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={statementLink(row, asOf)} fw={700}>
              {row.supplier.name}
            </Anchor>
            <Text fw={700}>{formatPhp(row.balance)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" mt={2}>
            <Text size="sm">{`${typeLabel(row.supplier.type)} · ${row.supplier.code}`}</Text>
            {isAdvance(row.balance) && (
              <Badge size="xs" color="orange" variant="light">
                Advance
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" mt={2}>
            Last entry {formatDateTime(row.lastEntryAt, timeZone)}
          </Text>
        </>
      )}
    </CardList>
  );
}

/** What the filter adds up to, over every page. */
export function LedgerTotals({ totals }: { totals: SupplierTotals }) {
  return (
    <Figures
      label="Totals"
      figures={[
        ['Owed to suppliers', formatPhp(totals.owed), 'owed'],
        ['Advances outstanding', formatPhp(totals.advances), 'advances'],
        ['Net payable', formatPhp(totals.net), 'net'],
        ['Suppliers', String(totals.suppliers), 'suppliers'],
      ]}
    />
  );
}
