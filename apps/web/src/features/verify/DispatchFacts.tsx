import { Badge, DataList, Group, Paper, Table, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/common/format.ts';
import type { PublicDispatch } from './api.ts';

/** What a delivery receipt's QR code shows anyone: the issuer, the receipt, its lots and their kg. */
export function DispatchFacts({ dispatch: d }: { dispatch: PublicDispatch }) {
  const tz = d.organization.timeZone;
  return (
    <Paper withBorder p="lg" radius="md">
      <Text size="sm" c="dimmed" mb={4}>
        Issued by
      </Text>
      <Title order={2} fz="h3" mb="sm">
        {d.organization.name}
      </Title>
      <Group gap="xs" mb="md">
        <IconCircleCheck color="var(--mantine-color-green-7)" aria-hidden />
        <Text fw={600}>This delivery receipt is recorded in PlasTrace.</Text>
      </Group>
      <DataList aria-label="Delivery receipt facts" labelWidth="150px">
        <Item label="Delivery receipt">
          <Text ff="monospace">{d.deliveryReceiptNo}</Text>
        </Item>
        <Item label="Status">
          {d.status === 'voided' ? (
            <Badge color="red" variant="light" tt="none">
              Voided: this receipt is no longer valid
            </Badge>
          ) : (
            <Badge color={d.deliveredAt ? 'teal' : 'blue'} variant="light" tt="none">
              {d.deliveredAt ? 'Delivered' : 'On the way'}
            </Badge>
          )}
        </Item>
        <Item label="Shipped from">{d.facilityCity}</Item>
        <Item label="Dispatched">{formatDateTime(d.dispatchedAt, tz)}</Item>
        <Item label="Weight shipped">{formatKg(d.totalKg)}</Item>
        {d.deliveredAt && (
          <Item label="Delivered">
            {`${formatDateTime(d.deliveredAt, tz)}${d.receivedKg ? `, ${formatKg(d.receivedKg)} received` : ''}`}
          </Item>
        )}
      </DataList>
      <Table mt="md" aria-label="Lots on the receipt" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lot</Table.Th>
            <Table.Th>Material</Table.Th>
            <Table.Th ta="right">Kg</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.lots.map((l) => (
            <Table.Tr key={l.lotId}>
              <Table.Td ff="monospace">{l.code}</Table.Td>
              <Table.Td>{l.material}</Table.Td>
              <Table.Td ta="right">{formatKg(l.kg)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="md">
        Only public facts are shown: no prices, customers or people. Check that the paper receipt shows the
        same number, lots and weights. Times are in {tz}.
      </Text>
    </Paper>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
