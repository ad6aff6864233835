import { Badge, Table, Text } from '@mantine/core';
import { formatKg, IMPACT_BASIS_LABELS } from '@plastrace/shared';
import type { ImpactFigures } from './api.ts';
import { formatCo2e, withUnit } from './figures.ts';

type Row = ImpactFigures['co2e']['byMaterialType'][number];
type Factor = Row['factors'][number];

export const verifiedBadge = (verified: boolean | null) =>
  verified === null ? null : (
    <Badge component="span" size="sm" variant="light" color={verified ? 'green' : 'yellow'}>
      {verified ? 'Verified' : 'Unverified'}
    </Badge>
  );

function FactorCells({ f }: { f: Factor }) {
  if (f.notCalculated !== null)
    return (
      <Table.Td colSpan={3}>
        <Text size="sm" fw={600} span>
          Not calculated.{' '}
        </Text>
        <Text size="sm" span>
          {f.notCalculated}
        </Text>
      </Table.Td>
    );
  return (
    <>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {withUnit(f.kgCo2ePerT, 'kg CO2e/t')}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatCo2e(f.kgCo2eAvoided)}
      </Table.Td>
      <Table.Td>
        <Text size="sm" span>
          {f.source}
        </Text>{' '}
        {verifiedBadge(f.verified)}
      </Table.Td>
    </>
  );
}

/**
 * Each material type's recycled kilograms and, per basis, the factor, the CO2e it gives and its source
 * with whether it was checked; a basis without a factor says "Not calculated" and why.
 */
export function FactorsTable({ rows }: { rows: Row[] }) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Nothing was recycled in this range, so no factor applies.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Emission factors by material type">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Material type</Table.Th>
            <Table.Th ta="right">Recycled</Table.Th>
            <Table.Th>Basis</Table.Th>
            <Table.Th ta="right">Factor</Table.Th>
            <Table.Th ta="right">CO2e avoided</Table.Th>
            <Table.Th>Source</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.flatMap((r) =>
            r.factors.map((f, i) => (
              <Table.Tr key={`${r.materialType ?? 'none'}/${f.basis}`}>
                {i === 0 && (
                  <>
                    <Table.Th scope="rowgroup" rowSpan={r.factors.length} fw={500}>
                      {r.name ?? 'No reference type'}
                    </Table.Th>
                    <Table.Td rowSpan={r.factors.length} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatKg(r.recycledKg)}
                    </Table.Td>
                  </>
                )}
                <Table.Td>{IMPACT_BASIS_LABELS[f.basis]}</Table.Td>
                <FactorCells f={f} />
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
