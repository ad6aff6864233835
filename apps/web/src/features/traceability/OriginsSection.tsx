import { Anchor, Group, Table, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDate } from '../../components/common/format.ts';
import type { Trace, TraceLot, TraceOrigin } from './api.ts';
import { ShareBar } from './ShareBar.tsx';
import { TraceSection } from './TraceSection.tsx';
import { lotPath, originTypeWords, partnerType, pct } from './words.ts';

interface Props {
  trace: Trace;
  lotsById: Map<string, TraceLot>;
  timeZone: string;
}

/** Upstream: the suppliers whose deliveries the started lots are made of, and each delivery's part. */
export function OriginsSection({ trace, lotsById, timeZone }: Props) {
  const phone = usePhone();
  const suppliers = trace.suppliers.map((s) => ({
    key: s.supplier.id,
    name: s.supplier.name,
    detail: `${partnerType(s.supplier.type)} · ${s.supplier.code}`,
    records: s.records,
    kg: s.kg,
    pct: s.sharePct,
  }));
  const lotLink = (o: TraceOrigin) => (
    <Anchor component={Link} to={lotPath(o.lotId)} size="sm">
      {lotsById.get(o.lotId)?.code ?? 'Lot'}
    </Anchor>
  );
  const delivery = (o: TraceOrigin) =>
    o.receiveRecord ? (
      <Anchor component={Link} to={`/receive-records/${o.receiveRecord.id}`} size="sm">
        {o.receiveRecord.number}
      </Anchor>
    ) : (
      <Text span size="sm" c="dimmed">
        {`${originTypeWords(o.originType)}, not followed further`}
      </Text>
    );
  const supplier = (o: TraceOrigin) =>
    o.supplier ? (
      <>
        {o.supplier.name}
        <Text span size="xs" c="dimmed">{` · ${partnerType(o.supplier.type)}`}</Text>
      </>
    ) : (
      <Text span size="sm" c="dimmed">
        No supplier
      </Text>
    );

  return (
    <TraceSection
      id="trace-origins"
      title="Where it came from"
      description={`The deliveries the started lots’ ${formatKg(trace.start.kg)} are made of, and each supplier’s share.`}
    >
      {trace.origins.length === 0 ? (
        <Text size="sm">No origins were found for these lots.</Text>
      ) : (
        <>
          <ShareBar
            label="Supplier shares"
            partnerLabel="Supplier"
            recordLabel="Delivery"
            recordsLabel="Deliveries"
            items={suppliers}
            totalKg={trace.start.kg}
            restLabel="Not from a delivery"
          />
          {phone ? (
            <CardList label="Origins" items={trace.origins} keyOf={(o) => o.lotId}>
              {(o) => (
                <>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={700} size="sm">
                      {supplier(o)}
                    </Text>
                    <Text size="sm">{`${formatKg(o.kg)} · ${pct(o.sharePct)}`}</Text>
                  </Group>
                  <Group gap="xs" mt={2}>
                    {delivery(o)}
                    {lotLink(o)}
                  </Group>
                  {o.receiveRecord && (
                    <Text size="xs" c="dimmed" mt={2}>
                      {`Received ${formatDate(o.receiveRecord.receivedAt, timeZone)}`}
                    </Text>
                  )}
                </>
              )}
            </CardList>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped verticalSpacing="xs" aria-label="Origins">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Supplier</Table.Th>
                    <Table.Th>Delivery</Table.Th>
                    <Table.Th>Lot</Table.Th>
                    <Table.Th>Received</Table.Th>
                    <Table.Th ta="right">kg in the start</Table.Th>
                    <Table.Th ta="right">Share</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {trace.origins.map((o) => (
                    <Table.Tr key={o.lotId}>
                      <Table.Td>{supplier(o)}</Table.Td>
                      <Table.Td>{delivery(o)}</Table.Td>
                      <Table.Td>{lotLink(o)}</Table.Td>
                      <Table.Td>
                        {o.receiveRecord ? formatDate(o.receiveRecord.receivedAt, timeZone) : '—'}
                      </Table.Td>
                      <Table.Td ta="right">{formatKg(o.kg)}</Table.Td>
                      <Table.Td ta="right">{pct(o.sharePct)}</Table.Td>
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
