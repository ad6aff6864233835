import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import type { ReactNode } from 'react';
import type { ImpactFigures } from './api.ts';
import { formatCo2e, withUnit } from './figures.ts';

function Kpi({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** The range's headline figures: collected, diverted with its rate, CO2e on each basis, energy per tonne. */
export function ImpactKpis({ figures: f }: { figures: ImpactFigures }) {
  const e = f.energy;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      <Kpi label="Collected" value={formatKg(f.fates.collectedKg)} note="Net weight of posted deliveries" />
      <Kpi
        label="Diverted from landfill"
        value={formatKg(f.fates.divertedKg)}
        note={
          f.fates.diversionRatePct === null
            ? 'Nothing collected in this range'
            : `${f.fates.diversionRatePct} % of what was collected`
        }
      />
      <Kpi
        label="Energy per tonne processed"
        value={e.kwhPerTonne ? withUnit(e.kwhPerTonne, 'kWh/t') : 'No metered runs'}
        note={`${withUnit(e.kwh, 'kWh')} over ${e.runs} run${e.runs === 1 ? '' : 's'}`}
      />
      {f.co2e.totals.map((t) => (
        <Kpi
          key={t.basis}
          label={`CO2e avoided: ${t.label}`}
          value={formatCo2e(t.kgCo2eAvoided)}
          note={`Over ${formatKg(t.kgCalculated)} recycled${t.kgNotCalculated !== '0.000' ? `; ${formatKg(t.kgNotCalculated)} without a factor` : ''}`}
        />
      ))}
    </SimpleGrid>
  );
}
