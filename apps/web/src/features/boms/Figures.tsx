import { Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  type bomFigures,
  type bomFiguresSchema,
  formatCount,
  formatGrams,
  formatKg,
  PACKAGING_CATEGORY_LABELS,
} from '@plastrace/shared';
import { camelKeys, type Wire } from '../../api/caseConvert.ts';

export type BomFigures = Wire<typeof bomFiguresSchema>;

/** The shared rule's answer (snake_case, as the wire) in the shape the API's answers take in the app. */
export const asWireFigures = (f: ReturnType<typeof bomFigures>) => camelKeys(f) as BomFigures;

/** Plastic per unit by polymer and by RA 11898 category, recycled content, and the footprint of N units. */
export function FiguresView({ figures, unit }: { figures: BomFigures; unit: string }) {
  return (
    <Stack gap="xs">
      <Group gap="xl">
        <Text fw={700} data-testid="plastic-per-unit">
          {formatGrams(figures.gramsPerUnit)} of plastic per {unit}
        </Text>
        <Text>Recycled content: {figures.recycledContentPct ?? '—'} %</Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Paper withBorder p="xs">
          <Table aria-label="Plastic by polymer" withRowBorders={false}>
            <Table.Tbody>
              {figures.byPolymer.map((p) => (
                <Table.Tr key={p.polymer}>
                  <Table.Th scope="row">{p.polymer}</Table.Th>
                  <Table.Td ta="right">{formatGrams(p.gramsPerUnit)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder p="xs">
          <Table aria-label="Plastic by RA 11898 category" withRowBorders={false}>
            <Table.Tbody>
              {figures.byCategory.map((c) => (
                <Table.Tr key={c.category}>
                  <Table.Th scope="row">{PACKAGING_CATEGORY_LABELS[c.category]}</Table.Th>
                  <Table.Td ta="right">{formatGrams(c.gramsPerUnit)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </SimpleGrid>
      <Text size="sm" data-testid="footprint">
        Footprint of {formatCount(figures.units)} × {unit}: {formatKg(figures.footprintKg)} of plastic
      </Text>
    </Stack>
  );
}
