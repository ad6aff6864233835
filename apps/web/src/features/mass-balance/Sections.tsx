import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatKg } from '@plastrace/shared';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/common/format.ts';
import type { MassBalance } from './api.ts';
import { FiguresTable } from './FiguresTable.tsx';
import { Flag } from './Flag.tsx';

// The statement's other parts: conversion factors per process, book vs counted stock, and the
// recycled-content credits of the mass-balance chain of custody.

type Conversion = MassBalance['conversion'][number];
type Count = MassBalance['counts'][number];
type Credits = MassBalance['credits'][number];

export function Section({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
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

const none = (what: string) => (
  <Text size="sm" c="dimmed">
    {what}
  </Text>
);

export function ConversionSection({ rows }: { rows: Conversion[] }) {
  return (
    <Section
      title="Conversion factors"
      note="Per process: outputs ÷ inputs of the runs posted in the period. Losses come off before recycled content is attributed."
    >
      {rows.length === 0 ? (
        none('No production runs ended in this period.')
      ) : (
        <FiguresTable<Conversion>
          {...{
            label: 'Conversion factors',
            rows,
            keyOf: (r) => `${r.facility.id}|${r.processCode}`,
            columns: [
              { label: 'Facility', value: (r) => r.facility.code },
              { label: 'Process', value: (r) => r.processCode },
              { label: 'Runs', value: (r) => r.runs, numeric: true },
              { label: 'Input', value: (r) => formatKg(r.inputKg), numeric: true },
              { label: 'Output', value: (r) => formatKg(r.outputKg), numeric: true },
              { label: 'Kept as rejects', value: (r) => formatKg(r.keptKg), numeric: true },
              { label: 'Lost', value: (r) => formatKg(r.lossKg), numeric: true },
              {
                label: 'By fate',
                value: (r) =>
                  r.lossesByFate.map((f) => `${f.fate.replace('_', ' ')} ${formatKg(f.kg)}`).join(', '),
              },
              { label: 'Factor', value: (r) => r.factor, numeric: true },
            ],
          }}
        />
      )}
    </Section>
  );
}

export function CountsSection({ rows, timeZone }: { rows: Count[]; timeZone: string }) {
  return (
    <Section
      title="Book vs counted stock"
      note="Posted stock counts of the period; a difference above 0.5 % of book is flagged (ISCC PLUS)."
    >
      {rows.length === 0 ? (
        none('No stock count was posted in this period.')
      ) : (
        <FiguresTable<Count>
          {...{
            label: 'Stock counts',
            rows,
            keyOf: (r) => `${r.count.id}|${r.material.id}`,
            columns: [
              { label: 'Count', value: (r) => r.count.number },
              { label: 'Posted', value: (r) => formatDateTime(r.postedAt, timeZone) },
              { label: 'Facility', value: (r) => r.facility.code },
              { label: 'Material', value: (r) => r.material.name },
              { label: 'Book', value: (r) => formatKg(r.bookKg), numeric: true },
              { label: 'Counted', value: (r) => formatKg(r.countedKg), numeric: true },
              { label: 'Difference', value: (r) => formatKg(r.differenceKg), numeric: true },
              {
                label: '%',
                value: (r) => (r.differencePct === null ? '–' : `${r.differencePct} %`),
                numeric: true,
              },
              { label: 'Flag', value: (r) => (r.flagged ? <Flag>Over 0.5 %</Flag> : 'Within 0.5 %') },
            ],
          }}
        />
      )}
    </Section>
  );
}

export function CreditsSection({ rows }: { rows: Credits[] }) {
  return (
    <Section
      title="Recycled-content credits"
      note="Mass-balance chain of custody (ISO 22095): credits come in with the recycled kg of deliveries and go out with the recycled kg claimed on dispatched lots; they may never go below zero."
    >
      {rows.length === 0 ? (
        none('No deliveries or dispatches up to the end of this period.')
      ) : (
        <FiguresTable<Credits>
          {...{
            label: 'Recycled-content credits',
            rows,
            keyOf: (r) => r.facility.id,
            columns: [
              { label: 'Facility', value: (r) => r.facility.name },
              { label: 'Opening', value: (r) => formatKg(r.openingKg), numeric: true },
              { label: 'In', value: (r) => formatKg(r.inKg), numeric: true },
              { label: 'Out', value: (r) => formatKg(r.outKg), numeric: true },
              { label: 'Closing', value: (r) => formatKg(r.closingKg), numeric: true },
              { label: 'Flag', value: (r) => (r.negative ? <Flag>Negative credits</Flag> : '') },
            ],
          }}
        />
      )}
    </Section>
  );
}
