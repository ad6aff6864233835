import type { FastifyReply } from 'fastify';
/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (= + - @ tab CR at the start)
 * get a leading apostrophe, so an exported description can never execute in Excel. A plain negative
 * decimal such as "-100.00" (money and mass travel as strings) is left alone: it cannot hold a
 * formula, and the apostrophe would turn it into text that a spreadsheet no longer sums.
 */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? '' : String(v);
    if (/^[=+\-@\t\r]/.test(s) && typeof v === 'string' && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Replies with a CSV download named `filename`. */
export const sendCsv = (reply: FastifyReply, filename: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
