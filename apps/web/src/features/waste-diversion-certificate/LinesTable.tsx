import { Table } from '@mantine/core';
import { formatKg } from '@plastrace/shared';

/** One line of a certificate, as its readers have it: the material, the fate in words, the kg. */
export type CertificateLineView = {
  key: string;
  material: string;
  fate: string;
  kg: string | number | null | undefined;
};

/** A certificate's kilograms by material and fate: the same table on its page, its public page and its log entry. */
export function CertificateLinesTable({
  lines,
  bordered,
}: {
  lines: CertificateLineView[];
  bordered?: boolean;
}) {
  return (
    <Table withTableBorder={bordered} verticalSpacing="xs" aria-label="Kilograms by material and fate">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Material</Table.Th>
          <Table.Th>Fate</Table.Th>
          <Table.Th ta="right">Kg</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((l) => (
          <Table.Tr key={l.key}>
            <Table.Td>{l.material}</Table.Td>
            <Table.Td>{l.fate}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatKg(l.kg)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
