import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../components/common/format.ts';
import { formatKg, formatPhp } from '../receive-records/format.ts';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import { balanceText } from '../supplier-ledger/StatementTable.tsx';
import type { DashboardSummary } from './summary.ts';

type SupplierSummary = NonNullable<DashboardSummary['supplier']>;

const PAYMENT_KIND: Record<string, string> = {
  payment: 'Payment',
  advance: 'Advance',
  payment_reversal: 'Reversed payment',
};
const METHOD: Record<string, string> = { cash: 'Cash', gcash: 'GCash', bank: 'Bank transfer' };

/**
 * A supplier member's dashboard: what they delivered this month, what they are owed (a negative
 * balance is an advance still to deliver against), and their latest deliveries and payments.
 */
export function SupplierOverview({ summary, timeZone }: { summary: SupplierSummary; timeZone: string }) {
  const { supplier, thisMonth } = summary;
  const statement = `/supplier-ledger/${supplier.id}`;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section id="supplier-month" title="Delivered this month">
        <Text size="sm" c="dimmed" mb="xs">
          {supplier.name} ({supplier.code})
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <Figure label="Deliveries" value={String(thisMonth.deliveries)} />
          <Figure label="Net weight" value={formatKg(thisMonth.netKg)} />
          <Figure label="Amount" value={formatPhp(thisMonth.amount)} />
        </SimpleGrid>
      </Section>
      <Section
        id="supplier-balance"
        title="What you are owed"
        link={{ to: statement, label: 'Your statement' }}
      >
        <Balance balance={summary.balance} />
      </Section>
      <Section
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
      </Section>
      <Section
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
                    <Table.Td>{PAYMENT_KIND[p.kind] ?? p.kind}</Table.Td>
                    <Table.Td>
                      {[p.method && (METHOD[p.method] ?? p.method), p.reference]
                        .filter(Boolean)
                        .join(' · ') || '—'}
                    </Table.Td>
                    <Table.Td ta="right">{formatPhp(p.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
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

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </div>
  );
}

function Section({
  id,
  title,
  link,
  wide,
  children,
}: {
  id: string;
  title: string;
  link?: { to: string; label: string };
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby={id}
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Card>
  );
}
