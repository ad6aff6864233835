import { Badge, Table, Text } from '@mantine/core';
import { creditSerial, formatKg } from '@plastrace/shared';
import { z } from 'zod';
import { formatDateTime } from '../../components/common/format.ts';
import { creditsText, fateLabel, materialTypeLabel, serialRange } from '../epr-credits/labels.tsx';
import { DataItems, DataItem as Item } from './DataItems.tsx';

// A logged EPR credit batch (log_credit_batch_snapshot, migration 0027): its serials and where each
// range stands — version n after its n-th issue, transfer or retirement — without holders or prices.
// Read defensively like every snapshot (facts.ts): what is not in form is not shown.

const text = z.string().nullish().catch(null);
const int = z.number().int().nullish().catch(null);
const block = z.object({
  first_no: z.number().int(),
  last_no: z.number().int(),
  status: text,
  beneficiary: text,
  compliance_year: int,
  purpose: text,
});

const creditBatchSnapshot = z.object({
  type: z.literal('credit_batch'),
  id: z.string(),
  serial_prefix: z.string(),
  vintage: int,
  fate: text,
  material_type: text,
  quantity: int,
  kg: z.union([z.string(), z.number()]).nullish().catch(null),
  coc_model: text,
  issued_at: text,
  blocks: z
    .array(z.unknown())
    .catch([])
    .transform((rows) => rows.flatMap((r) => block.safeParse(r).data ?? [])),
  labels: z.object({ organization: text, facility: text }).partial().nullish().catch(null),
});
export type CreditBatchSnapshot = z.infer<typeof creditBatchSnapshot>;

/** The snapshot's facts when it is a credit batch's, else null. */
export const creditBatchFactsOf = (snapshot: unknown): CreditBatchSnapshot | null =>
  creditBatchSnapshot.safeParse(snapshot).data ?? null;

export function CreditBatchFacts({ b, timeZone }: { b: CreditBatchSnapshot; timeZone: string }) {
  const serial = (n: number) => creditSerial(b.serial_prefix, n);
  return (
    <>
      <DataItems label="What the record says">
        <Item label="Credit batch">
          <Text ff="monospace">{b.serial_prefix}</Text>
        </Item>
        {b.labels?.organization && <Item label="Issued by">{b.labels.organization}</Item>}
        {b.labels?.facility && <Item label="Facility">{b.labels.facility}</Item>}
        {b.quantity != null && (
          <Item label="Credits">{`${creditsText(b.quantity)} (${formatKg(b.kg)})`}</Item>
        )}
        {b.vintage != null && <Item label="Vintage">{b.vintage}</Item>}
        {b.fate && <Item label="Fate">{fateLabel(b.fate)}</Item>}
        {b.material_type && <Item label="Material type">{materialTypeLabel(b.material_type)}</Item>}
        {b.issued_at && <Item label="Issued">{formatDateTime(b.issued_at, timeZone)}</Item>}
      </DataItems>
      {b.blocks.length > 0 && (
        <Table.ScrollContainer minWidth={560} mt="sm">
          <Table striped aria-label="Serial ranges of the batch">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Serials</Table.Th>
                <Table.Th ta="right">Credits</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Retired for</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {b.blocks.map((k) => (
                <Table.Tr key={k.first_no}>
                  <Table.Td ff="monospace" fz="xs">
                    {serialRange(serial(k.first_no), serial(k.last_no))}
                  </Table.Td>
                  <Table.Td ta="right">{k.last_no - k.first_no + 1}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={k.status === 'retired' ? 'gray' : 'blue'} tt="none">
                      {k.status === 'retired' ? 'Retired' : 'Not retired'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {k.beneficiary ? `${k.beneficiary}, ${k.compliance_year ?? ''}: ${k.purpose ?? ''}` : '—'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
