import { Anchor, Table, Text } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { useMe } from '../../components/common/useMe.ts';
import { WeighedBy } from '../../components/WeighedBy.tsx';
import type { ReceiveRecord } from './api.ts';

export function ReceiveLinesTable({ record }: { record: ReceiveRecord }) {
  const { timeZone } = useMe();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs" aria-label="Lines" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Gross</Table.Th>
            <Table.Th ta="right">Tare</Table.Th>
            <Table.Th ta="right">Net</Table.Th>
            <Table.Th ta="right">Deduction</Table.Th>
            <Table.Th ta="right">Payable</Table.Th>
            <Table.Th ta="right">Price/kg</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Lot</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {record.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.lineNo}</Table.Td>
              <Table.Td>
                <Text size="sm">{l.material.name}</Text>
                <WeighedBy line={l} timeZone={timeZone} />
              </Table.Td>
              <Table.Td ta="right">{formatKg(l.grossKg)}</Table.Td>
              <Table.Td ta="right">{formatKg(l.tareKg)}</Table.Td>
              <Table.Td ta="right">{formatKg(l.netKg)}</Table.Td>
              <Table.Td ta="right">{`${l.deductionPct}%`}</Table.Td>
              <Table.Td ta="right">{formatKg(l.payableKg)}</Table.Td>
              <Table.Td ta="right">{formatPhp(l.unitPrice)}</Table.Td>
              <Table.Td ta="right">{formatPhp(l.amount)}</Table.Td>
              <Table.Td>
                {l.lot ? (
                  <Anchor component={Link} to={`/batch-management/${l.lot.id}`} size="sm" ff="monospace">
                    {l.lot.code}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    On posting
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={4}>Total</Table.Th>
            <Table.Th ta="right">{formatKg(record.totalNetKg)}</Table.Th>
            <Table.Th colSpan={3} />
            <Table.Th ta="right">{formatPhp(record.totalAmount)}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
