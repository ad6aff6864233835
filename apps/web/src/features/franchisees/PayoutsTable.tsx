import { Group, Stack, Table, Text } from '@mantine/core';
import { formatPhp } from '@plastrace/shared';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import type { Figures, Performance } from './api.ts';
import { feeText } from './config.tsx';
import { monthLabel } from './figures.ts';

type Row = { key: string; who: string; figures: Figures; inAgreement: boolean; network?: boolean };

/** Each month's rows: every franchisee, then the network. */
function monthRows(p: Performance, month: string): Row[] {
  const rows = p.items.flatMap((i): Row[] => {
    const m = i.months.find((x) => x.month === month);
    return m
      ? [{ key: i.franchisee.id, who: i.franchisee.name, figures: m, inAgreement: m.inAgreement }]
      : [];
  });
  const network = p.network.months.find((x) => x.month === month);
  if (network)
    rows.push({ key: 'network', who: 'All franchisees', figures: network, inAgreement: true, network: true });
  return rows;
}

/** No fee is due for a month the agreement does not cover: said, not shown as ₱0.00. */
const feeDue = (r: Row) => (r.inAgreement ? formatPhp(r.figures.feeDuePhp) : 'No agreement');

/**
 * Fees due and payouts month by month: what each franchisee owes for its month (its fee on what it sold
 * us) beside what it was paid, and the network's totals.
 */
export function PayoutsTable({ performance: p }: { performance: Performance }) {
  const phone = usePhone();
  const label = 'Fees due and payouts by month';
  const terms = (
    <Text size="xs" c="dimmed">
      Fees:{' '}
      {p.items
        .map((i) => `${i.franchisee.name} ${feeText(i.franchisee.feeKind, i.franchisee.feeValue)}`)
        .join(' · ')}
      . Payouts are the payments and advances to each franchisee’s supplier in the month, less any reversed.
    </Text>
  );
  if (phone)
    return (
      <Stack gap="sm">
        {terms}
        <CardList label={label} items={[...p.months].reverse()} keyOf={(m) => m}>
          {(month) => (
            <Stack gap={4}>
              <Text fw={600} size="sm">
                {monthLabel(month)}
              </Text>
              {monthRows(p, month).map((r) => (
                <Group key={r.key} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" fw={r.network ? 600 : undefined}>
                    {r.who}
                  </Text>
                  <Text size="sm" ta="right">
                    Fee {feeDue(r)} · paid {formatPhp(r.figures.payoutsPhp)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </CardList>
        <Text size="sm" fw={600}>
          Over the months: fees {formatPhp(p.network.total.feeDuePhp)} · paid{' '}
          {formatPhp(p.network.total.payoutsPhp)}
        </Text>
      </Stack>
    );
  return (
    <Stack gap="sm">
      {terms}
      <Table.ScrollContainer minWidth={680}>
        <Table striped verticalSpacing={4} aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Month</Table.Th>
              <Table.Th>Franchisee</Table.Th>
              <Table.Th ta="right">Purchases</Table.Th>
              <Table.Th ta="right">Fee due</Table.Th>
              <Table.Th ta="right">Payouts</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...p.months].reverse().flatMap((month) =>
              monthRows(p, month).map((r) => (
                <Table.Tr key={`${month}-${r.key}`} fw={r.network ? 600 : undefined}>
                  <Table.Td>{monthLabel(month)}</Table.Td>
                  <Table.Td>{r.who}</Table.Td>
                  <Table.Td ta="right">{formatPhp(r.figures.purchasesPhp)}</Table.Td>
                  <Table.Td ta="right">{feeDue(r)}</Table.Td>
                  <Table.Td ta="right">{formatPhp(r.figures.payoutsPhp)}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={600}>
              <Table.Td colSpan={2}>All months, all franchisees</Table.Td>
              <Table.Td ta="right">{formatPhp(p.network.total.purchasesPhp)}</Table.Td>
              <Table.Td ta="right">{formatPhp(p.network.total.feeDuePhp)}</Table.Td>
              <Table.Td ta="right">{formatPhp(p.network.total.payoutsPhp)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
