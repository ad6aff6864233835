import ExcelJS from 'exceljs';
import type { Cell, ColumnKind, Table } from './analytics.table.ts';

// An export as a workbook: a title row (organization, report, range), the header row (bold, frozen with
// the title), typed numeric cells with their format, and widths that fit the figures.

const FORMATS: Partial<Record<ColumnKind, string>> = {
  int: '#,##0',
  kg: '#,##0.000',
  php: '#,##0.00',
  rate: '#,##0.00',
  pct: '0.00',
  kwh: '#,##0.0#',
};

/**
 * A decimal string as a spreadsheet number. The figures travel as exact strings; a cell is a double, which
 * holds 15 significant digits — every kg to the gram and every peso to the centavo below a trillion.
 */
const typed = (kind: ColumnKind, v: Cell): Cell => {
  if (v === null || kind === 'text' || typeof v === 'number') return v;
  const n = Number(v);
  return Number.isFinite(n) ? n : v;
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function toXlsx(t: Table, o: { sheet: string; title: string }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PlasTrace';
  const ws = wb.addWorksheet(o.sheet, { views: [{ state: 'frozen', ySplit: 2 }] });
  ws.addRow([o.title]).font = { bold: true, size: 13 };
  ws.addRow(t.columns.map((c) => c.header)).font = { bold: true };
  for (const r of t.rows) ws.addRow(r.map((v, i) => typed(t.columns[i]?.kind ?? 'text', v)));
  t.columns.forEach((c, i) => {
    const column = ws.getColumn(i + 1);
    const format = FORMATS[c.kind];
    if (format) column.numFmt = format;
    const longest = Math.max(c.header.length, ...t.rows.map((r) => String(r[i] ?? '').length + 2));
    column.width = Math.min(Math.max(longest + 2, 10), 48);
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
