import { Alert, Box, List, Stack, Text } from '@mantine/core';
import { type FineStatus, formatKg, formatPhp } from '@plastrace/shared';
import { FiguresTable } from '../mass-balance/FiguresTable.tsx';
import { Section } from '../mass-balance/Sections.tsx';
import type { Year } from './api.ts';

// The year's figures as a bar chart (plain SVG: footprint, required, recovered, and the shortfall or
// surplus, each bar named in words and figures beside it) with the same figures as a table, the fine
// exposure, and the basis of every figure.

type Bar = { label: string; kg: string | null; fill: string; note: string };

function barsOf(y: Year): Bar[] {
  const short = y.shortfallKg !== null && y.shortfallKg !== '0.000';
  const target = y.target.recoveryTargetPct === null ? 'no target' : `${y.target.recoveryTargetPct} % target`;
  return [
    { label: 'Footprint', kg: y.footprint.totalKg, fill: '#868e96', note: 'plastic put on the market' },
    { label: 'Required', kg: y.requiredKg, fill: '#1c7ed6', note: target },
    { label: 'Recovered', kg: y.recoveredKg, fill: '#2b8a3e', note: `${y.retiredCredits} credits retired` },
    short
      ? { label: 'Shortfall', kg: y.shortfallKg, fill: '#c92a2a', note: 'required less recovered' }
      : { label: 'Surplus', kg: y.surplusKg, fill: '#5c940d', note: 'recovered beyond required' },
  ];
}

const ROW = 44;
const LABEL = 110;
const WIDTH = 640;

/** The bars: lengths are proportions only (floats never write a figure; the labels do). */
function Chart({ bars, year }: { bars: Bar[]; year: number }) {
  const max = Math.max(...bars.map((b) => Number(b.kg ?? 0)), 1);
  const summary = bars.map((b) => `${b.label} ${b.kg === null ? 'not known' : formatKg(b.kg)}`).join(', ');
  return (
    <Box component="figure" m={0}>
      <svg
        viewBox={`0 0 ${WIDTH} ${bars.length * ROW}`}
        width="100%"
        role="img"
        aria-label={`RA 11898 figures ${year}: ${summary}`}
        style={{ maxWidth: WIDTH, display: 'block' }}
      >
        {bars.map((b, i) => {
          const w =
            b.kg === null
              ? 0
              : Math.max((Number(b.kg) / max) * (WIDTH - LABEL - 150), b.kg === '0.000' ? 0 : 2);
          const y = i * ROW;
          return (
            <g key={b.label}>
              <text x={0} y={y + 26} fontSize={14} fontWeight={600} fill="#212529">
                {b.label}
              </text>
              <rect x={LABEL} y={y + 8} width={w} height={26} rx={3} fill={b.fill} />
              <text x={LABEL + w + 8} y={y + 26} fontSize={13} fill="#212529">
                {b.kg === null ? 'not known' : formatKg(b.kg)}
              </text>
            </g>
          );
        })}
      </svg>
      <Text component="figcaption" size="xs" c="dimmed">
        Bars to scale; the same figures are in the table below.
      </Text>
    </Box>
  );
}

const FINE_COLOR: Record<FineStatus, string> = {
  none: 'green',
  exposed: 'red',
  not_obliged: 'gray',
  unknown: 'yellow',
};

function FineExposure({ y }: { y: Year }) {
  const f = y.fine;
  const color = FINE_COLOR[f.status];
  const title =
    f.status === 'exposed'
      ? `Fine exposure: ${formatPhp(f.lowPhp)} to ${formatPhp(f.highPhp)}`
      : f.status === 'none'
        ? 'No fine exposure'
        : f.status === 'not_obliged'
          ? 'Fine exposure: not obliged'
          : 'Fine exposure: not known yet';
  return (
    <Alert color={color} title={title} role="status">
      <Text size="sm">{f.statement}</Text>
      {f.twiceCostPhp && (
        <Text size="sm">Twice the cost of recovering the shortfall: {formatPhp(f.twiceCostPhp)}.</Text>
      )}
    </Alert>
  );
}

export function YearFigures({ y }: { y: Year }) {
  const bars = barsOf(y);
  return (
    <Section
      title={`The ${y.year} figures`}
      note={`${y.obliged ? 'Obliged enterprise' : 'Not obliged'} · ${y.target.statement}`}
    >
      <Chart bars={bars} year={y.year} />
      <FiguresTable<Bar>
        label={`RA 11898 figures ${y.year}`}
        rows={bars}
        keyOf={(b) => b.label}
        columns={[
          { label: 'Figure', value: (b) => b.label },
          { label: 'Kilograms', value: (b) => (b.kg === null ? 'not known' : formatKg(b.kg)), numeric: true },
          { label: 'What it is', value: (b) => b.note },
        ]}
      />
      <FineExposure y={y} />
      <Stack gap={4} component="details">
        <Text component="summary" size="sm" fw={600} style={{ cursor: 'pointer' }}>
          How each figure is found
        </Text>
        <List size="sm" spacing={4}>
          {y.basis.map((b) => (
            <List.Item key={b.figure}>
              <strong>
                {b.figure}: {b.value}.
              </strong>{' '}
              {b.rule}{' '}
              <Text span size="xs" c="dimmed">
                Source: {b.source}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Section>
  );
}
