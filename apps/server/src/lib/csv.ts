type Cell = string | number | null | undefined;

/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (= + - @ tab CR at the start)
 * get a leading apostrophe, so an exported description can never execute in Excel. A plain negative
 * decimal such as "-100.00" (money and mass travel as strings) is left alone: it cannot hold a
 * formula, and the apostrophe would turn it into text that a spreadsheet no longer sums.
 */
const cell = (v: Cell) => {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string' && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** Rows as CSV lines, each ending in CRLF: what a streamed export writes a page at a time. */
export const csvRows = (rows: Cell[][]): string => rows.map((r) => `${r.map(cell).join(',')}\r\n`).join('');

export function toCsv(header: string[], rows: Cell[][]): string {
  return csvRows([header, ...rows]);
}
