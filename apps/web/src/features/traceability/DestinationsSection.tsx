import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDate } from '../../components/common/format.ts';
import type { Trace, TraceDestination, TraceLot } from './api.ts';
import { ShareBar } from './ShareBar.tsx';
import { TraceSection } from './TraceSection.tsx';
import { lotPath, partnerType, pct } from './words.ts';

interface Props {
  trace: Trace;
  lotsById: Map<string, TraceLot>;
  timeZone: string;
}

const keyOf = (d: TraceDestination) => `${d.dispatchRecord.id}-${d.lotId}`;

function Delivered({ delivered }: { delivered: boolean }) {
  return delivered ? (
    <Badge variant="light" color="teal" tt="none">
      Delivered
    </Badge>
  ) : (
    <Badge variant="light" color="blue" tt="none">
      On the way
    </Badge>
  );
}

/** Downstream (a recall's answer): every dispatch that carried the started lots' material, by customer. */
export function DestinationsSection({ trace, lotsById, timeZone }: Props) {
  const phone = usePhone();
  const customers = trace.customers.map((c) => ({
    key: c.customer.id,
    name: c.customer.name,
    detail: `${partnerType(c.customer.type)} · ${c.customer.code}`,
    records: c.records,
    kg: c.kg,
    pct: c.sharePct,
  }));
  const dispatch = (d: TraceDestination) => (
    <Anchor component={Link} to={`/dispatch-records/${d.dispatchRecord.id}`} size="sm">
      {d.dispatchRecord.number}
    </Anchor>
  );
  const lotLink = (d: TraceDestination) => (
    <Anchor component={Link} to={lotPath(d.lotId)} size="sm">
      {lotsById.get(d.lotId)?.code ?? 'Lot'}
    </Anchor>
  );

  return (
    <TraceSection
      id="trace-destinations"
      title="Where it went"
      description={`The dispatches that carried material of the started lots’ ${formatKg(trace.start.kg)}, and each customer’s share.`}
    >
      {trace.destinations.length === 0 ? (
        <Text size="sm">
          None of it has been dispatched yet: it is in stock, in process, or was lost in production.
        </Text>
      ) : (
        <>
          <ShareBar
            label="Customer shares"
            partnerLabel="Customer"
            recordLabel="Dispatch"
            recordsLabel="Dispatches"
            items={customers}
            totalKg={trace.start.kg}
            restLabel="Not dispatched"
          />
          {phone ? (
            <CardList label="Destinations" items={trace.destinations} keyOf={keyOf}>
              {(d) => (
                <>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700} size="sm">
                      {d.customer.name}
                    </Text>
                    <Delivered delivered={d.dispatchRecord.delivered} />
                  </Group>
                  <Group gap="xs" mt={2}>
                    {dispatch(d)}
                    {lotLink(d)}
                  </Group>
                  <Text size="sm" mt={2}>
                    {`${formatKg(d.kg)} of the start (${pct(d.sharePct)}) in ${formatKg(d.dispatchedKg)} dispatched`}
                  </Text>
                  <Text size="xs" c="dimmed" mt={2}>
                    {`Dispatched ${formatDate(d.dispatchRecord.dispatchedAt, timeZone)}`}
                  </Text>
                </>
              )}
            </CardList>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table striped verticalSpacing="xs" aria-label="Destinations">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Dispatch</Table.Th>
                    <Table.Th>Dispatched</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Delivery</Table.Th>
                    <Table.Th>Lot</Table.Th>
                    <Table.Th ta="right">Dispatched kg</Table.Th>
                    <Table.Th ta="right">kg of the start</Table.Th>
                    <Table.Th ta="right">Share</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {trace.destinations.map((d) => (
                    <Table.Tr key={keyOf(d)}>
                      <Table.Td>{dispatch(d)}</Table.Td>
                      <Table.Td>{formatDate(d.dispatchRecord.dispatchedAt, timeZone)}</Table.Td>
                      <Table.Td>
                        {d.customer.name}
                        <Text span size="xs" c="dimmed">{` · ${partnerType(d.customer.type)}`}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Delivered delivered={d.dispatchRecord.delivered} />
                      </Table.Td>
                      <Table.Td>{lotLink(d)}</Table.Td>
                      <Table.Td ta="right">{formatKg(d.dispatchedKg)}</Table.Td>
                      <Table.Td ta="right">{formatKg(d.kg)}</Table.Td>
                      <Table.Td ta="right">{pct(d.sharePct)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </TraceSection>
  );
}
