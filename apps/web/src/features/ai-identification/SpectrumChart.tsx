import { Group, Text } from '@mantine/core';
import type { Identification } from './api.ts';

const W = 640;
const H = 220;
const PAD = { left: 8, right: 8, top: 8, bottom: 28 };

/** An SVG path through values 0–1 spaced evenly over the plot's width. */
export function linePath(values: readonly number[]): string {
  const n = values.length;
  const x = (i: number) => PAD.left + (n > 1 ? (i / (n - 1)) * (W - PAD.left - PAD.right) : 0);
  const y = (v: number) => PAD.top + (1 - v) * (H - PAD.top - PAD.bottom);
  return values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join('');
}

/**
 * The processed sample (|first derivative|, 0–1) against the best reference over the range they were
 * compared on; wavenumbers descend left to right, as spectra are read.
 */
export function SpectrumChart({ chart, label }: { chart: Identification['chart']; label: string }) {
  const end = chart.start + (chart.sample.length - 1) * chart.step;
  // Reversed: high wavenumbers on the left.
  const sample = [...chart.sample].reverse();
  const reference = chart.reference ? [...chart.reference].reverse() : null;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        style={{ maxHeight: 260, display: 'block' }}
      >
        <rect x={0} y={0} width={W} height={H} fill="none" />
        {reference && (
          <path
            d={linePath(reference)}
            fill="none"
            stroke="var(--mantine-color-gray-6)"
            strokeWidth={1.5}
            strokeDasharray="5 3"
          />
        )}
        <path d={linePath(sample)} fill="none" stroke="var(--mantine-color-blue-7)" strokeWidth={1.5} />
        <text x={PAD.left} y={H - 8} fontSize={12} fill="currentColor">
          {end} cm⁻¹
        </text>
        <text x={W - PAD.right} y={H - 8} fontSize={12} fill="currentColor" textAnchor="end">
          {chart.start} cm⁻¹
        </text>
      </svg>
      <Group gap="md" component="figcaption">
        <Text size="xs" c="dimmed">
          Solid line: your spectrum (processed).{' '}
          {reference ? `Dashed line: ${chart.referenceName}.` : 'No reference to compare.'}
        </Text>
      </Group>
    </figure>
  );
}
