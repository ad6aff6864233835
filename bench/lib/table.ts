export type Column = { header: string; align?: 'left' | 'right' };

/** Plain-text table: ` | `-separated, padded columns, a dashed rule under the header. */
export function formatTable(columns: Column[], rows: string[][]): string {
  const widths = columns.map((c, i) => Math.max(c.header.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    columns
      .map((c, i) => {
        const cell = cells[i] ?? '';
        const w = widths[i] ?? 0;
        return c.align === 'right' ? cell.padStart(w) : cell.padEnd(w);
      })
      .join(' | ')
      .trimEnd();
  return [
    line(columns.map((c) => c.header)),
    widths.map((w) => '-'.repeat(w)).join('-|-'),
    ...rows.map(line),
  ].join('\n');
}

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 69874.6 → "69,875"; slow rows (a query taking seconds) keep two decimals: 0.334 → "0.33" */
export const fmtRate = (n: number) => (n < 10 ? n.toFixed(2) : grouped.format(n));

/** Milliseconds: whole numbers stay whole, fractions get up to 2 decimals (0.4, 17, 113.25). */
export const fmtMs = (n: number) => String(Math.round(n * 100) / 100);

/** 0.4213 → "0.42×"; small ratios keep two significant digits: 0.00452 → "0.0045×" */
export const fmtRatio = (n: number) => `${n >= 0.1 || n === 0 ? n.toFixed(2) : n.toPrecision(2)}×`;

/** CPU milliseconds per operation: 3 significant-ish digits (0.052, 0.41, 3.27, 12.4). */
export const fmtCpu = (n: number) => (n < 0.1 ? n.toFixed(3) : n < 10 ? n.toFixed(2) : n.toFixed(1));
