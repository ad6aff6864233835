import {
  formatUnits,
  type Report,
  type ReportColumn,
  type ReportFigure,
  type ReportTable,
  type ReportValueType,
  toUnits,
} from '@plastrace/shared';

// The pieces every report's content is built from: figures, typed columns and tables whose totals row is
// summed here, once, in exact decimals. The page, the PDF and the XLSX draw these values as they are.

export type ReportHead = Pick<Report, 'report' | 'title' | 'period' | 'organization' | 'generated_at'>;

/** Decimal places of each summed type; text and percentages are not summed. */
const SCALE: Partial<Record<ReportValueType, number>> = { kg: 3, php: 2, count: 0 };

export const col = (key: string, label: string, type: ReportValueType): ReportColumn => ({
  key,
  label,
  type,
});

export const figure = (
  key: string,
  label: string,
  type: ReportValueType,
  value: string | null,
  note: string | null = null,
): ReportFigure => ({ key, label, type, value, note });

/** Places after the point of a decimal string ('12.50' → 2). */
const placesOf = (v: string) => v.split('.')[1]?.length ?? 0;

/** The sum of a column's cells at its scale (a 'number' column at its widest cell's). */
export function columnSum(type: ReportValueType, cells: (string | null)[]): string | null {
  const present = cells.filter((c): c is string => c !== null && c !== '');
  const scale = SCALE[type] ?? (type === 'number' ? Math.max(0, ...present.map(placesOf)) : undefined);
  if (scale === undefined) return null;
  return formatUnits(
    present.reduce((t, c) => t + toUnits(c, scale), 0n),
    scale,
  );
}

/**
 * A table; with `total`, a totals row named by it whose figures are the sums of the kg, PHP, count and
 * number columns (except the keys in `notSummed`: a factor, a price).
 */
export function table(
  key: string,
  title: string,
  columns: ReportColumn[],
  rows: (string | null)[][],
  o: { empty: string; total?: string; notSummed?: string[] },
): ReportTable {
  const total = o.total
    ? columns.map((c, i) =>
        i === 0
          ? (o.total ?? null)
          : o.notSummed?.includes(c.key)
            ? null
            : columnSum(
                c.type,
                rows.map((r) => r[i] ?? null),
              ),
      )
    : null;
  return { key, title, columns, rows, total, empty: o.empty };
}

// ---- exact arithmetic on the database's decimal strings ----

export const add = (scale: number, ...values: (string | null | undefined)[]) =>
  formatUnits(
    values.reduce((t: bigint, v) => t + (v ? toUnits(v, scale) : 0n), 0n),
    scale,
  );
export const negate = (scale: number, v: string) => formatUnits(-toUnits(v, scale), scale);
export const minus = (scale: number, a: string, b: string) =>
  formatUnits(toUnits(a, scale) - toUnits(b, scale), scale);
