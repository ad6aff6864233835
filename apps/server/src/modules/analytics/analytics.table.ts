import {
  type AnalyticsIntake,
  type AnalyticsPrices,
  type AnalyticsProduction,
  type AnalyticsReport,
  type AnalyticsSales,
  LOSS_FATES,
} from '@plastrace/shared';

// An answer as one table, the shape both exports write: one row per period × key with the answer's
// figures as they are (decimal strings), so summing a column gives the answer's total.

/** How a column's cells are typed in a spreadsheet. */
export type ColumnKind = 'text' | 'int' | 'kg' | 'php' | 'pct' | 'kwh' | 'rate';
export type Column = { header: string; kind: ColumnKind };
export type Cell = string | number | null;
export type Table = { columns: Column[]; rows: Cell[][] };

const col = (header: string, kind: ColumnKind = 'text'): Column => ({ header, kind });
const PERIOD = [col('period'), col('period_end')];

/** The key's columns: its code (or supplier type / process code) and its name; none by period. */
function keyColumns(by: string): Column[] {
  if (by === 'period') return [];
  if (by === 'supplier_type') return [col('supplier_type'), col('supplier_type_name')];
  return [col(`${by}_code`), col(`${by}_name`)];
}
const keyCells = (by: string, r: { code: string | null; label: string }): Cell[] =>
  by === 'period' ? [] : [r.code, r.label];

export type Answer =
  | { report: 'intake'; answer: AnalyticsIntake }
  | { report: 'prices'; answer: AnalyticsPrices }
  | { report: 'production'; answer: AnalyticsProduction }
  | { report: 'sales'; answer: AnalyticsSales };

/** The columns of a report grouped by `by`: known before any row is read (a streamed CSV writes them first). */
export function columnsOf(report: AnalyticsReport, by: string): Column[] {
  switch (report) {
    case 'intake':
      return [
        ...PERIOD,
        ...keyColumns(by),
        col('kg_net', 'kg'),
        col('kg_payable', 'kg'),
        col('php', 'php'),
        col('deliveries', 'int'),
        col('php_per_kg', 'rate'),
      ];
    case 'prices':
      return [
        ...PERIOD,
        col('material_code'),
        col('material_name'),
        col('grade'),
        col('region'),
        col('kg_payable', 'kg'),
        col('php', 'php'),
        col('deliveries', 'int'),
        col('paid_per_kg', 'rate'),
        col('list_per_kg', 'rate'),
        col('list_effective_from'),
        col('difference_pct', 'pct'),
      ];
    case 'production':
      return [
        ...PERIOD,
        ...keyColumns(by),
        col('runs', 'int'),
        col('input_kg', 'kg'),
        col('output_kg', 'kg'),
        col('yield_pct', 'pct'),
        col('loss_kg', 'kg'),
        ...LOSS_FATES.map((f) => col(`lost_${f}_kg`, 'kg')),
        col('kwh', 'kwh'),
        col('energy_runs', 'int'),
        col('kwh_per_tonne', 'kwh'),
      ];
    case 'sales':
      return [
        ...PERIOD,
        ...keyColumns(by),
        col('kg', 'kg'),
        col('sales_php', 'php'),
        col('cost_php', 'php'),
        col('margin_php', 'php'),
        col('margin_pct', 'pct'),
        col('lines', 'int'),
      ];
  }
}

export function rowsOf(a: Answer): Cell[][] {
  switch (a.report) {
    case 'intake': {
      const by = a.answer.by;
      return a.answer.rows.map((r) => [
        r.period,
        r.period_end,
        ...keyCells(by, r),
        r.kg_net,
        r.kg_payable,
        r.php,
        r.deliveries,
        r.php_per_kg,
      ]);
    }
    case 'prices':
      return a.answer.rows.map((r) => [
        r.period,
        r.period_end,
        r.material.code,
        r.material.name,
        r.material.grade,
        r.region,
        r.kg_payable,
        r.php,
        r.deliveries,
        r.paid_per_kg,
        r.list_per_kg,
        r.list_effective_from,
        r.difference_pct,
      ]);
    case 'production': {
      const by = a.answer.by;
      return a.answer.rows.map((r) => [
        r.period,
        r.period_end,
        ...keyCells(by, r),
        r.runs,
        r.input_kg,
        r.output_kg,
        r.yield_pct,
        r.loss_kg,
        ...LOSS_FATES.map((f) => r.losses[f]),
        r.kwh,
        r.energy_runs,
        r.kwh_per_tonne,
      ]);
    }
    case 'sales': {
      const by = a.answer.by;
      return a.answer.rows.map((r) => [
        r.period,
        r.period_end,
        ...keyCells(by, r),
        r.kg,
        r.sales_php,
        r.cost_php,
        r.margin_php,
        r.margin_pct,
        r.lines,
      ]);
    }
  }
}
