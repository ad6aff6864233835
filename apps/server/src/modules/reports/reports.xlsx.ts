import { formatReportValue, type Report, type ReportValueType } from '@plastrace/shared';
import ExcelJS from 'exceljs';

// A report as an XLSX workbook: one sheet per section, each opening with the organization, report and
// period; its figures, then its tables with a bold header row and totals row. Figures are numeric cells
// (with the number format of their kind), so a reader can sum them again; text stays text.

const FORMATS: Partial<Record<ReportValueType, string>> = {
  kg: '#,##0.000',
  php: '"PHP "#,##0.00',
  count: '#,##0',
  pct: '0.0" %"',
  number: '#,##0.0##',
};
const MIN_WIDTH = 10;
const MAX_WIDTH = 60;

type Cell = string | number | null;

/** A figure as a typed cell: a number for every kind but text. */
const cellOf = (type: ReportValueType, value: string | null): Cell =>
  value === null || value === '' ? null : type === 'text' ? value : Number(value);

/** Sheet names: at most 31 characters, none of []:*?/\, and each once. */
function sheetName(title: string, taken: Set<string>) {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  let name = base;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base.slice(0, 28)} ${i}`;
  taken.add(name.toLowerCase());
  return name;
}

export async function reportXlsx(r: Report): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PlasTrace';
  wb.created = new Date(r.generated_at);
  wb.title = `${r.title}, ${r.period.label}`;
  const taken = new Set<string>();
  const made = `Generated ${r.generated_at} (${r.organization.time_zone}) by PlasTrace`;

  for (const s of r.sections) {
    const ws = wb.addWorksheet(sheetName(s.title, taken));
    const widths: number[] = [];
    /** Adds a row of typed cells; `types` gives each cell's number format. */
    const add = (cells: Cell[], types: (ReportValueType | undefined)[] = [], bold = false) => {
      const row = ws.addRow(cells);
      cells.forEach((c, i) => {
        const cell = row.getCell(i + 1);
        const type = types[i];
        const fmt = type && typeof c === 'number' ? FORMATS[type] : undefined;
        if (fmt) cell.numFmt = fmt;
        const shown = type && c !== null ? formatReportValue(type, String(c)) : String(c ?? '');
        widths[i] = Math.max(widths[i] ?? MIN_WIDTH, Math.min(MAX_WIDTH, shown.length + 2));
      });
      if (bold) row.font = { bold: true };
      return row;
    };

    ws.addRow([r.organization.name]).font = { bold: true, size: 13 };
    ws.addRow([`${r.title}: ${r.period.label}`]).font = { bold: true };
    ws.addRow([made]).font = { italic: true, color: { argb: 'FF555555' } };
    ws.addRow([]);
    ws.addRow([s.title]).font = { bold: true, size: 12 };
    if (s.figures.length) {
      add(['Figure', 'Value', 'What it counts'], [], true);
      for (const f of s.figures) add([f.label, cellOf(f.type, f.value), f.note], ['text', f.type, 'text']);
    }
    for (const t of s.tables) {
      ws.addRow([]);
      ws.addRow([t.title]).font = { bold: true };
      const types = t.columns.map((c) => c.type);
      add(
        t.columns.map((c) => c.label),
        [],
        true,
      );
      if (t.rows.length === 0) ws.addRow([t.empty]).font = { italic: true };
      for (const row of t.rows)
        add(
          row.map((v, i) => cellOf(types[i] ?? 'text', v)),
          types,
        );
      if (t.total)
        add(
          t.total.map((v, i) => (i === 0 ? v : cellOf(types[i] ?? 'text', v))),
          ['text', ...types.slice(1)],
          true,
        );
    }
    if (s.notes.length) ws.addRow([]);
    for (const note of s.notes) ws.addRow([note]).font = { italic: true, color: { argb: 'FF555555' } };
    widths.forEach((w, i) => {
      ws.getColumn(i + 1).width = w;
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
