import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import type { LedgerSort } from '../../components/ledger/api.ts';
import { CUSTOMER_LEDGER } from '../../components/ledger/books.ts';
import { Figures } from '../../components/ledger/Figures.tsx';
import { nextSort } from '../../components/ledger/filters.ts';
import { SortableTh } from '../../components/ledger/SortableTh.tsx';
import { CUSTOMER_TYPE_OPTIONS } from './config.tsx';
import type { Ageing, CustomerBalance, CustomerTotals } from './ledgerApi.ts';

const typeLabel = (type: string) => CUSTOMER_TYPE_OPTIONS.find((o) => o.value === type)?.label ?? type;
/** A negative balance is a credit the customer holds (a voided dispatch already paid for). */
const isCredit = (balance: string) => balance.startsWith('-');
/** The ageing buckets in the order a collector reads them, youngest first. */
const BUCKETS: [key: keyof Ageing, label: string][] = [
  ['current', 'Current'],
  ['days31To60', '31–60 days'],
  ['days61To90', '61–90 days'],
  ['over90Days', 'Over 90 days'],
];

interface CustomerBalancesTableProps {
  rows: CustomerBalance[];
  sort: LedgerSort;
  onSort: (sort: LedgerSort) => void;
  timeZone: string;
  /** The as-of day: statements open up to it. */
  asOf: string;
}

/** Customer balances with their ageing and sortable columns; a customer opens their statement. */
export function CustomerBalancesTable({ rows, sort, onSort, timeZone, asOf }: CustomerBalancesTableProps) {
  const phone = usePhone();
  if (phone) return <BalanceCards rows={rows} timeZone={timeZone} asOf={asOf} />;
  const sortBy = (column: 'balance' | 'name' | 'last_entry_at') => () => onSort(nextSort(sort, column));
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Customer balances">
        <Table.Thead>
          <Table.Tr>
            <SortableTh column="name" sort={sort} onSort={sortBy('name')}>
              Customer
            </SortableTh>
            <Table.Th>Type</Table.Th>
            <SortableTh column="balance" sort={sort} onSort={sortBy('balance')} align="right">
              Balance
            </SortableTh>
            {BUCKETS.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
            <SortableTh column="last_entry_at" sort={sort} onSort={sortBy('last_entry_at')}>
              Last entry
            </SortableTh>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.customer.id}>
              <Table.Td>
                <Anchor component={Link} to={statementLink(row, asOf)} size="sm">
                  {`${row.customer.name} (${row.customer.code})`}
                </Anchor>
              </Table.Td>
              <Table.Td>{typeLabel(row.customer.type)}</Table.Td>
              <Table.Td ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  {isCredit(row.balance) && <CreditBadge />}
                  <Text size="sm">{formatPhp(row.balance)}</Text>
                </Group>
              </Table.Td>
              {BUCKETS.map(([key]) => (
                <Table.Td key={key} ta="right">
                  {formatPhp(row.ageing[key])}
                </Table.Td>
              ))}
              <Table.Td>{formatDateTime(row.lastEntryAt, timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const CreditBadge = () => (
  <Badge size="xs" color="teal" variant="light">
    Credit
  </Badge>
);

const statementLink = (row: CustomerBalance, asOf: string) =>
  `${CUSTOMER_LEDGER.statementPath(row.customer.id)}${asOf ? `?to=${asOf}` : ''}`;

/** On a phone: the customer and what they owe first, then how old it is, the type and the last entry. */
function BalanceCards({ rows, timeZone, asOf }: { rows: CustomerBalance[]; timeZone: string; asOf: string }) {
  return (
    <CardList label="Customer balances" items={rows} keyOf={(r) => r.customer.id}>
      {(row) => (
        <>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={statementLink(row, asOf)} fw={700}>
              {row.customer.name}
            </Anchor>
            <Text fw={700}>{formatPhp(row.balance)}</Text>
          </Group>
          <Group justify="space-between" wrap="nowrap" mt={2}>
            <Text size="sm">{`${typeLabel(row.customer.type)} · ${row.customer.code}`}</Text>
            {isCredit(row.balance) && <CreditBadge />}
          </Group>
          <AgeingLine ageing={row.ageing} />
          <Text size="xs" c="dimmed" mt={2}>
            Last entry {formatDateTime(row.lastEntryAt, timeZone)}
          </Text>
        </>
      )}
    </CardList>
  );
}

/** The buckets that hold something, on one line: on a phone every line counts. */
function AgeingLine({ ageing }: { ageing: Ageing }) {
  const open = BUCKETS.filter(([key]) => ageing[key] !== '0.00');
  if (!open.length) return null;
  return (
    <Text size="sm" mt={2}>
      {open.map(([key, label]) => `${label}: ${formatPhp(ageing[key])}`).join(' · ')}
    </Text>
  );
}

/** What the filter adds up to, over every page, and how old what is owed is. */
export function CustomerTotalsView({ totals }: { totals: CustomerTotals }) {
  return (
    <>
      <Figures
        label="Totals"
        figures={[
          ['Owed by customers', formatPhp(totals.owed), 'owed'],
          ['Credits held by customers', formatPhp(totals.credits), 'credits'],
          ['Net receivable', formatPhp(totals.net), 'net'],
          ['Customers', String(totals.customers), 'customers'],
        ]}
      />
      <Figures
        label="Ageing of what is owed"
        figures={BUCKETS.map(([key, label]) => [
          key === 'current' ? 'Current (0–30 days)' : label,
          formatPhp(totals.ageing[key]),
          `ageing-${key}`,
        ])}
      />
    </>
  );
}
