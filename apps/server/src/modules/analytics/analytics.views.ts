import {
  type AnalyticsGroup,
  type AnalyticsIntake,
  type AnalyticsPrices,
  type AnalyticsProduction,
  type AnalyticsSales,
  analyticsPeriodEnd,
  analyticsPeriods,
  INFORMAL_SUPPLIER_TYPES,
  LOSS_FATES,
  PASSPORT_SUPPLIER_TYPE_LABELS,
} from '@plastrace/shared';
import type {
  GroupedRow,
  IntakeBy,
  IntakeFigures,
  PriceRow,
  ProductionBy,
  ProductionFigures,
  SalesBy,
  SalesFigures,
  Scope,
} from './analytics.repo.ts';

// The grouped rows as the API answers them, and the same answers as the one table a CSV or XLSX
// export writes: one row per period × key, so a spreadsheet's column sums are the answer's totals.

const range = (s: Scope) => ({
  from: s.from,
  to: s.to,
  group: s.group,
  periods: analyticsPeriods(s.from, s.to, s.group),
});

/** A key's label: a supplier type's name, "No line" for runs on none, the whole range's "All" by period. */
function labelled(by: string, r: GroupedRow) {
  if (by === 'period') return { key: null, code: null, label: 'All' };
  if (by === 'supplier_type')
    return {
      key: r.key,
      code: r.key,
      label:
        PASSPORT_SUPPLIER_TYPE_LABELS[r.key as keyof typeof PASSPORT_SUPPLIER_TYPE_LABELS] ?? String(r.key),
    };
  if (r.key === null) return { key: null, code: null, label: by === 'line' ? 'No line' : 'None' };
  return { key: r.key, code: r.code, label: r.name ?? r.key };
}

/** Cells (period × key), keys over the range (largest first by `size`) and the total of a grouped answer. */
function split<R extends GroupedRow, F>(
  rows: R[],
  by: string,
  group: AnalyticsGroup,
  figures: (r: R) => F,
  size: (r: R) => number,
) {
  const cells = rows
    .filter((r) => r.gp === 0 && r.gk === 0)
    .map((r) => ({
      period: r.period as string,
      period_end: analyticsPeriodEnd(r.period as string, group),
      ...labelled(by, r),
      ...figures(r),
    }));
  const keys = rows
    .filter((r) => r.gp === 1 && r.gk === 0)
    .sort((a, b) => size(b) - size(a))
    .map((r) => ({ ...labelled(by, r), ...figures(r) }));
  const total = rows.find((r) => r.gp === 1 && r.gk === 1);
  if (!total) throw new Error('a grouped answer always has its total row');
  return { rows: cells, keys: by === 'period' ? keys.slice(0, 1) : keys, totals: figures(total) };
}

const intakeFigures = (r: IntakeFigures) => ({
  kg_net: r.kg_net,
  kg_payable: r.kg_payable,
  php: r.php,
  deliveries: r.deliveries,
  php_per_kg: r.php_per_kg,
});

export function intakeView(s: Scope, by: IntakeBy, rows: (GroupedRow & IntakeFigures)[]): AnalyticsIntake {
  const parts = split(rows, by, s.group, intakeFigures, (r) => Number(r.kg_net));
  const total = rows.find((r) => r.gp === 1 && r.gk === 1);
  return {
    ...range(s),
    by,
    ...parts,
    informal: {
      types: [...INFORMAL_SUPPLIER_TYPES],
      kg_net: total?.informal_kg ?? '0.000',
      share_pct: total?.informal_pct ?? null,
    },
  };
}

const productionFigures = (r: ProductionFigures) => ({
  runs: r.runs,
  input_kg: r.input_kg,
  output_kg: r.output_kg,
  yield_pct: r.yield_pct,
  loss_kg: r.loss_kg,
  losses: Object.fromEntries(LOSS_FATES.map((f) => [f, r[`lost_${f}`]])) as Record<
    (typeof LOSS_FATES)[number],
    string
  >,
  kwh: r.kwh,
  energy_runs: r.energy_runs,
  kwh_per_tonne: r.kwh_per_tonne,
});

export function productionView(
  s: Scope,
  by: ProductionBy,
  rows: (GroupedRow & ProductionFigures)[],
): AnalyticsProduction {
  return { ...range(s), by, ...split(rows, by, s.group, productionFigures, (r) => Number(r.input_kg)) };
}

const salesFigures = (r: SalesFigures) => ({
  kg: r.kg,
  sales_php: r.sales_php,
  cost_php: r.cost_php,
  margin_php: r.margin_php,
  margin_pct: r.margin_pct,
  lines: r.lines,
});

export function salesView(s: Scope, by: SalesBy, rows: (GroupedRow & SalesFigures)[]): AnalyticsSales {
  return { ...range(s), by, ...split(rows, by, s.group, salesFigures, (r) => Number(r.kg)) };
}

export const PRICE_BASIS =
  'The buying price in force on the period’s last day (or the range’s last day, when earlier) for the material’s grade in the receiving facility’s region.';

export function pricesView(s: Scope, rows: PriceRow[]): AnalyticsPrices {
  return {
    ...range(s),
    basis: PRICE_BASIS,
    rows: rows.map((r) => ({
      period: r.period,
      period_end: r.period_end,
      material: { id: r.material_id, code: r.material_code, name: r.material_name, grade: r.grade },
      region: r.region,
      kg_payable: r.kg_payable,
      php: r.php,
      deliveries: r.deliveries,
      paid_per_kg: r.paid_per_kg,
      list_per_kg: r.list_per_kg,
      list_effective_from: r.list_effective_from,
      difference_pct: r.difference_pct,
    })),
  };
}
