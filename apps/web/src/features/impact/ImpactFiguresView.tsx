import { Accordion, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import { type ReactNode, useId } from 'react';
import type { ImpactFigures, ImpactMonth } from './api.ts';
import { Equivalents } from './Equivalents.tsx';
import { FactorsTable, verifiedBadge } from './FactorsTable.tsx';
import { formatCo2e, withUnit } from './figures.ts';
import { ImpactKpis } from './ImpactKpis.tsx';
import { MonthlyChart } from './MonthlyChart.tsx';

export function Section({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <Title order={2} fz="h4" id={id}>
          {title}
        </Title>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}

function Fates({ f }: { f: ImpactFigures['fates'] }) {
  const rows: [string, string][] = [
    ['Processed here into recyclate', f.processedKg],
    ['Passed on to recyclers and manufacturers', f.passedOnKg],
    ['Co-processed (kiln fuel)', f.coProcessingKg],
    ['Resold losses', f.resaleKg],
    ['Moisture evaporated or drained', f.evaporatedKg],
    ['Kept as reject lots', f.rejectLotKg],
    ['Landfilled', f.landfillKg],
  ];
  return (
    <Table verticalSpacing={4} aria-label="Where it went">
      <Table.Tbody>
        {rows.map(([label, kg]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" fw={400}>
              {label}
            </Table.Th>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatKg(kg)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A range's impact, every figure with its basis: the headline figures, where the collected material
 * went, the CO2e per material type and factor, what it is like, the energy, and (given) the months.
 */
export function ImpactFiguresView({
  figures: f,
  months,
}: {
  figures: ImpactFigures;
  months?: ImpactMonth[];
}) {
  const e = f.energy;
  return (
    <Stack gap="md">
      <ImpactKpis figures={f} />
      <Section
        title="Where it went"
        note="Recycled is what was processed here from collected material plus what was passed on unprocessed for recycling; diverted is everything collected but what was landfilled."
      >
        <Fates f={f.fates} />
      </Section>
      <Section
        title="CO2e avoided, by material type and factor"
        note="Recycled kilograms × each basis’s factor for the type, side by side. A net recycling factor is negative where recycling saves emissions."
      >
        <FactorsTable rows={f.co2e.byMaterialType} />
        {f.co2e.totals.map((t) => (
          <Text key={t.basis} size="xs" c="dimmed">
            <Text span fw={600} size="xs">
              {t.label}:
            </Text>{' '}
            {formatCo2e(t.kgCo2eAvoided)}. {t.statement}
          </Text>
        ))}
      </Section>
      <Section title="What that is like" note="The net recycling figure, compared with everyday emissions.">
        <Equivalents items={f.equivalents} />
      </Section>
      {months && (
        <Section title="Month by month">
          <MonthlyChart months={months} />
        </Section>
      )}
      <Section title="Energy" note={e.statement}>
        <Text size="sm">
          {withUnit(e.kwh, 'kWh')} over {formatKg(e.processedKg)} processed
          {e.kwhPerTonne ? ` (${withUnit(e.kwhPerTonne, 'kWh/t')})` : ''}
          {e.gridKgCo2e ? `; grid electricity ${formatCo2e(e.gridKgCo2e)} ` : '. '}
          {e.gridKgCo2e && verifiedBadge(e.gridVerified)}
        </Text>
      </Section>
      <Accordion variant="separated">
        <Accordion.Item value="basis">
          <Accordion.Control>How each figure is found</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              {f.basis.map((b) => (
                <div key={b.figure}>
                  <Text size="sm" fw={600}>
                    {b.figure}: {b.value}
                  </Text>
                  <Text size="sm">{b.rule}</Text>
                  <Text size="xs" c="dimmed">
                    Source: {b.source}
                  </Text>
                </div>
              ))}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
    </Stack>
  );
}
