import { Anchor, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDate } from '../../components/common/format.ts';
import { Figures } from '../../components/ledger/Figures.tsx';
import { balanceText, LEDGER_KIND_LABEL, methodAndReference } from '../../components/ledger/labels.ts';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import type { DashboardSummary } from './summary.ts';

type SupplierSummary = NonNullable<DashboardSummary['supplier']>;

/**
 * A supplier member's dashboard: what they delivered this month, what they are owed (a negative
 * balance is an advance still to deliver against), and their latest deliveries and payments.
 */
export function SupplierOverview({ summary, timeZone }: { summary: SupplierSummary; timeZone: string }) {
  const { supplier, thisMonth } = summary;
  const statement = `/supplier-ledger/${supplier.id}`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <DashboardCard id="supplier-month" title="Delivered this month">
        <Text size="sm" c="dimmed" mb="xs">
          {supplier.name} ({supplier.code})
        </Text>
        <Figures
          label="This month's deliveries"
          figures={[
            ['Deliveries', String(thisMonth.deliveries), 'month-deliveries'],
            ['Net weight', formatKg(thisMonth.netKg), 'month-net-kg'],
            ['Amount', formatPhp(thisMonth.amount), 'month-amount'],
          ]}
        />
      </DashboardCard>
      <DashboardCard
        id="supplier-balance"
        title="What you are owed"
        link={{ to: statement, label: 'Your statement' }}
      >
        <Balance balance={summary.balance} />
      </DashboardCard>
      <DashboardCard
        id="supplier-deliveries"
        title="Recent deliveries"
        wide
        link={{ to: '/receive-records', label: 'All deliveries' }}
      >
        {summary.recentDeliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No deliveries yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="xs" aria-label="Recent deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Delivery</Table.Th>
                  <Table.Th>Received</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Net</Table.Th>
                  <Table.Th ta="right">₱/kg</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.recentDeliveries.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/receive-records/${d.id}`} size="sm">
                        {d.number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDate(d.receivedAt, timeZone)}</Table.Td>
                    <Table.Td>
                      <RecordStatusBadge status={d.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatKg(d.netKg)}</Table.Td>
                    <Table.Td ta="right">{formatPhp(d.avgPricePerKg)}</Table.Td>
                    <Table.Td ta="right">{formatPhp(d.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DashboardCard>
      <DashboardCard
        id="supplier-payments"
        title="Recent payments"
        wide
        link={{ to: statement, label: 'All payments' }}
      >
        {summary.recentPayments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="xs" aria-label="Recent payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Paid</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Method / reference</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {summary.recentPayments.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDate(p.postedAt, timeZone)}</Table.Td>
                    <Table.Td>{LEDGER_KIND_LABEL[p.kind]}</Table.Td>
                    <Table.Td>{methodAndReference(p.method, p.reference)}</Table.Td>
                    <Table.Td ta="right">{formatPhp(p.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </DashboardCard>
    </SimpleGrid>
  );
}

/** Owed to the supplier, nothing, or (negative) an advance they still deliver against. */
function Balance({ balance }: { balance: string }) {
  const advance = balance.startsWith('-');
  const zero = Number(balance) === 0;
  return (
    <Stack gap={4}>
      <Text fz={28} fw={700} data-testid="supplier-balance">
        {balanceText(balance)}
      </Text>
      <Text size="sm" c="dimmed">
        {zero
          ? 'Nothing is owed to you now.'
          : advance
            ? 'An advance you have received: your next deliveries are paid against it.'
            : 'Owed to you for your posted deliveries, after the payments made so far.'}
      </Text>
    </Stack>
  );
}
