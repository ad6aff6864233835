import { Stack, Text } from '@mantine/core';
import { formatPhp, PRICE_KIND_LABELS, PRICE_KINDS } from '@plastrace/shared';
import { SvgAxes, type SvgFrame } from '../../components/charts/SvgAxes.tsx';
import type { Price } from './api.ts';
import { PRICE_KIND_COLOR } from './PriceKindBadge.tsx';

const W = 640;
const H = 220;
const PAD = { top: 16, right: 16, bottom: 28, left: 64 };
const FRAME: SvgFrame = { width: W, height: H, pad: PAD };

/** Where each price sits in the chart: x by effective date, y by ₱/kg. Pure, so it can be tested. */
export function chartPoints(rows: Price[]) {
  const data = rows
    .map((r) => ({ t: Date.parse(r.effectiveFrom), v: Number(r.pricePerKg), row: r }))
    .filter((d) => Number.isFinite(d.t) && Number.isFinite(d.v))
    .sort((a, b) => a.t - b.t);
  if (data.length === 0) return { points: [], min: 0, max: 0 };
  const tMin = data[0]?.t ?? 0;
  const tMax = data.at(-1)?.t ?? 0;
  const values = data.map((d) => d.v);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = hi === lo ? Math.max(1, hi * 0.1) : (hi - lo) * 0.1;
  const min = Math.max(0, lo - pad);
  const max = hi + pad;
  const x = (t: number) =>
    tMax === tMin
      ? PAD.left + (W - PAD.left - PAD.right) / 2
      : PAD.left + ((t - tMin) / (tMax - tMin)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - min) / (max - min)) * (H - PAD.top - PAD.bottom);
  return { points: data.map((d) => ({ x: x(d.t), y: y(d.v), row: d.row })), min, max };
}

// Each kind is its own series: buying solid, selling dashed, so they differ without colour too.
const DASH = { buying: undefined, selling: '6 4' } as const;
const stroke = (kind: Price['kind']) => `var(--mantine-color-${PRICE_KIND_COLOR[kind]}-6)`;

/**
 * A small line chart of a material's price over time (inline SVG, no chart library): one line per
 * kind shown, on one scale.
 */
export function PriceChart({ rows, title }: { rows: Price[]; title: string }) {
  const { points, min, max } = chartPoints(rows);
  if (points.length === 0) return <Text c="dimmed">No prices recorded for this selection yet.</Text>;
  const series = PRICE_KINDS.map((kind) => ({
    kind,
    points: points.filter((p) => p.row.kind === kind),
  })).filter((s) => s.points.length > 0);
  const first = points[0]?.row.effectiveFrom;
  const last = points.at(-1)?.row.effectiveFrom;
  return (
    <Stack gap={4}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title} style={{ maxWidth: W }}>
        <title>{title}</title>
        <SvgAxes frame={FRAME} high={formatPhp(max.toFixed(2))} low={formatPhp(min.toFixed(2))} />
        <text x={PAD.left} y={H - 8} fontSize={11} fill="currentColor">
          {first}
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" fontSize={11} fill="currentColor">
          {last}
        </text>
        {series.map((s) => (
          <path
            key={s.kind}
            d={s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
            fill="none"
            stroke={stroke(s.kind)}
            strokeDasharray={DASH[s.kind]}
            strokeWidth={2}
          />
        ))}
        {points.map((p) => (
          <circle key={p.row.id} cx={p.x} cy={p.y} r={4} fill={stroke(p.row.kind)} data-testid="price-point">
            <title>{`${PRICE_KIND_LABELS[p.row.kind]} · ${p.row.effectiveFrom} · ${p.row.region} · grade ${p.row.grade}: ${formatPhp(p.row.pricePerKg)}/kg`}</title>
          </circle>
        ))}
      </svg>
      {series.length > 1 && (
        <Text size="xs" c="dimmed">
          Solid line: buying prices; dashed line: selling prices.
        </Text>
      )}
    </Stack>
  );
}
