import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDateTime } from '../../components/common/format.ts';
import { RecordStatusBadge } from '../receive-records/StatusBadge.tsx';
import type { ProductionRecord } from './api.ts';

const outputLots = (r: ProductionRecord) => r.outputs.flatMap((o) => (o.lot ? [o.lot.code] : []));

export function ProductionRecordsTable({
  records,
  timeZone,
}: {
  records: ProductionRecord[];
  timeZone: string;
}) {
  if (usePhone()) return <RunCards records={records} timeZone={timeZone} />;
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Production records">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Ended</Table.Th>
            <Table.Th>Process</Table.Th>
            <Table.Th>Line</Table.Th>
            <Table.Th ta="right">In</Table.Th>
            <Table.Th ta="right">Out</Table.Th>
            <Table.Th ta="right">Yield</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/production-records/${r.id}`} size="sm" ff="monospace">
                  {r.number}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(r.endedAt, timeZone)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.process.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.productionLine?.name ?? '—'}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatKg(r.totalInputKg)}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatKg(r.totalOutputKg)}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{r.yieldPct ? `${r.yieldPct} %` : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <RecordStatusBadge status={r.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** What matters first on a phone: number and status, process, in → out and yield, the lots made, when. */
function RunCards({ records, timeZone }: { records: ProductionRecord[]; timeZone: string }) {
  return (
    <CardList label="Production records" items={records} keyOf={(r) => r.id}>
      {(r) => (
        <>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/production-records/${r.id}`} fw={700} ff="monospace">
              {r.number}
            </Anchor>
            <RecordStatusBadge status={r.status} />
          </Group>
          <Text size="sm" fw={600} mt={4}>
            {r.process.name}
            {r.productionLine ? ` · ${r.productionLine.name}` : ''}
          </Text>
          <Text size="sm" mt={2}>
            {formatKg(r.totalInputKg)} → {formatKg(r.totalOutputKg)}
            {r.yieldPct ? ` (${r.yieldPct} %)` : ''}
          </Text>
          {outputLots(r).length > 0 && (
            <Text size="xs" ff="monospace" mt={2}>
              {outputLots(r).join(' · ')}
            </Text>
          )}
          <Text size="xs" c="dimmed" mt={2}>
            {formatDateTime(r.endedAt, timeZone)}
          </Text>
        </>
      )}
    </CardList>
  );
}
