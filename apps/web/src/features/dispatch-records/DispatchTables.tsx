import { Alert, Anchor, Image, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatKg, formatPhp } from '@plastrace/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import { WeighedBy } from '../../components/WeighedBy.tsx';
import { useAuthorizedImage } from '../receive-records/photos.ts';
import type { DispatchRecord } from './api.ts';

/** The lots on the truck: kg, price, amount and (once posted) the cost they left stock with. */
export function LoadTable({ record }: { record: DispatchRecord }) {
  const { timeZone } = useMe();
  return (
    <Stack gap="xs">
      <Title order={2} fz="h4">
        Lots loaded
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" aria-label="Lots loaded">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Lot</Table.Th>
              <Table.Th>Material</Table.Th>
              <Table.Th ta="right">Kg</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Cost</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {record.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/batch-management/${l.lot.id}`} ff="monospace" size="sm">
                    {l.lot.code}
                  </Anchor>
                </Table.Td>
                <Table.Td>{l.material.name}</Table.Td>
                <Table.Td ta="right">
                  {formatKg(l.kg)}
                  <WeighedBy line={l} timeZone={timeZone} />
                </Table.Td>
                <Table.Td ta="right">{formatPhp(l.unitPrice)}</Table.Td>
                <Table.Td ta="right">{formatPhp(l.amount)}</Table.Td>
                <Table.Td ta="right">{l.valuePhp ? formatPhp(l.valuePhp) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Th ta="right">{formatKg(record.totalKg)}</Table.Th>
              <Table.Th />
              <Table.Th ta="right">{formatPhp(record.amount)}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function ProofImage({ url, alt }: { url: string; alt: string }) {
  const image = useAuthorizedImage(url);
  if (image.failed) return <Text size="sm">{alt} could not be loaded.</Text>;
  return image.src ? <Image src={image.src} alt={alt} mah={180} fit="contain" bg="white" /> : null;
}

/** The proof of delivery and, when the weights differ beyond tolerance, the discrepancy. */
export function DeliveryPanel({ record, timeZone }: { record: DispatchRecord; timeZone: string }) {
  const d = record.delivery;
  if (!d) return null;
  const disc = record.discrepancy;
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Proof of delivery
        </Title>
        <Text size="sm">
          Received {formatKg(d.receivedKg)} of {formatKg(record.totalKg)} by {d.receiverName} on{' '}
          {formatDateTime(d.deliveredAt, timeZone)}.{d.notes ? ` ${d.notes}` : ''}
        </Text>
        {disc && (
          <Alert
            color={disc.status === 'open' ? 'orange' : 'gray'}
            variant="light"
            title={disc.status === 'open' ? 'Discrepancy to settle' : 'Discrepancy settled'}
          >
            {disc.kg.startsWith('-') ? `${formatKg(disc.kg.slice(1))} more` : `${formatKg(disc.kg)} less`}{' '}
            than shipped, beyond the weighing tolerance.
            {disc.status === 'written_off' && ` Written off as transit loss: ${disc.reason ?? ''}`}
            {disc.status === 'credited' &&
              ` Credited ${formatPhp(disc.creditNoteAmount ?? '0')} to the customer: ${disc.reason ?? ''}`}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {d.signatureUrl && <ProofImage url={d.signatureUrl} alt={`Signature of ${d.receiverName}`} />}
          {d.photoUrl && <ProofImage url={d.photoUrl} alt="Photo of the signed delivery receipt" />}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
