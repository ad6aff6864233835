import { Anchor, Table, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { formatDate } from '../../components/common/format.ts';
import { humanize } from '../catalog/formModel.ts';

// The kilograms behind credits, one row per lot and record that recovered it: the delivery (its
// weighbridge ticket and photos), who supplied it (by type only), the record that recovered it and when.

export type EvidenceItem = {
  lot: { id: string; code: string };
  kg: string;
  delivery: {
    id: string;
    number: string;
    receivedAt: string;
    weighbridgeTicket: string | null;
    photos: number;
  };
  supplierType: string;
  recovery: {
    id: string;
    kind: 'production_record' | 'dispatch_record';
    number: string;
    recoveredOn: string;
  };
  /** The record-log proofs, when issued. */
  proofs?: { delivery: string; recovery: string };
};

const recordPath = (r: EvidenceItem['recovery']) =>
  `/${r.kind === 'production_record' ? 'production-records' : 'dispatch-records'}/${r.id}`;

/** A calendar day as the organization counted it (no time zone to convert). */
export const formatDay = (day: string) => formatDate(day, 'UTC');

export function EvidenceTable({ items, label }: { items: EvidenceItem[]; label: string }) {
  const phone = usePhone();
  const delivery = (e: EvidenceItem) => (
    <Anchor component={Link} to={`/receive-records/${e.delivery.id}`}>
      {e.delivery.number}
    </Anchor>
  );
  const recovery = (e: EvidenceItem) => (
    <Anchor component={Link} to={recordPath(e.recovery)}>
      {e.recovery.number}
    </Anchor>
  );
  const proofs = (e: EvidenceItem) =>
    e.proofs && (
      <>
        <Anchor component={Link} to={e.proofs.delivery} size="sm">
          Delivery proof
        </Anchor>
        {' · '}
        <Anchor component={Link} to={e.proofs.recovery} size="sm">
          Recovery proof
        </Anchor>
      </>
    );
  const photos = (n: number) => (n === 0 ? 'No photos' : `${n} photo${n === 1 ? '' : 's'}`);
  if (phone)
    return (
      <CardList label={label} items={items} keyOf={(e) => `${e.lot.id}:${e.recovery.id}`}>
        {(e) => (
          <>
            <Text fw={600}>
              {formatKg(e.kg)} of lot {e.lot.code}
            </Text>
            <Text size="sm">
              Delivery {delivery(e)}, ticket {e.delivery.weighbridgeTicket ?? '—'},{' '}
              {photos(e.delivery.photos)}, {humanize(e.supplierType).toLowerCase()}
            </Text>
            <Text size="sm">
              Recovered by {recovery(e)} on {formatDay(e.recovery.recoveredOn)}
            </Text>
            {proofs(e)}
          </>
        )}
      </CardList>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lot</Table.Th>
            <Table.Th ta="right">Kg</Table.Th>
            <Table.Th>Delivery</Table.Th>
            <Table.Th>Weighbridge ticket</Table.Th>
            <Table.Th>Photos</Table.Th>
            <Table.Th>Supplier type</Table.Th>
            <Table.Th>Recovered by</Table.Th>
            <Table.Th>Recovered on</Table.Th>
            {items.some((e) => e.proofs) && <Table.Th>Record log</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={`${e.lot.id}:${e.recovery.id}`}>
              <Table.Td>
                <Anchor component={Link} to={`/batch-management/${e.lot.id}`} ff="monospace">
                  {e.lot.code}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{formatKg(e.kg)}</Table.Td>
              <Table.Td>{delivery(e)}</Table.Td>
              <Table.Td>{e.delivery.weighbridgeTicket ?? '—'}</Table.Td>
              <Table.Td>{photos(e.delivery.photos)}</Table.Td>
              <Table.Td>{humanize(e.supplierType)}</Table.Td>
              <Table.Td>{recovery(e)}</Table.Td>
              <Table.Td>{formatDay(e.recovery.recoveredOn)}</Table.Td>
              {e.proofs && <Table.Td>{proofs(e)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
