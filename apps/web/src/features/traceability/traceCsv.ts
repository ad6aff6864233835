import type { Trace } from './api.ts';
import { byId, levelWords, originTypeWords, partnerType } from './words.ts';

// The trace as one CSV, a row per lot, origin and destination (the `Kind` column tells them apart), for
// a recall file or an audit. Figures are the API's exact decimals, dates ISO 8601, so a spreadsheet
// reads them as they are.

type Cell = string | number | boolean | null | undefined;

/**
 * RFC 4180, as the server's exports write it: quoted when it holds a comma, quote or line break; a cell
 * a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading apostrophe, except a
 * plain negative number.
 */
export function csvCell(value: Cell): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const toCsv = (rows: Cell[][]) => rows.map((r) => `${r.map(csvCell).join(',')}\r\n`).join('');

export const TRACE_CSV_HEADER = [
  'Kind',
  'Level',
  'Lot code',
  'Material',
  'Facility',
  'Lot status',
  'Partner',
  'Partner code',
  'Partner type',
  'Record',
  'Date',
  'Delivered',
  'Lot kg',
  'Dispatched kg',
  'kg linked to the start',
  'Share %',
  'On hand kg',
];

export function traceCsv(trace: Trace): string {
  const lots = byId(trace.lots);
  const lotCells = (id: string) => {
    const lot = lots.get(id);
    return [
      lot ? levelWords(lot.level) : '',
      lot?.code ?? id,
      lot?.material.name,
      lot?.facility.name,
      lot?.status,
    ];
  };
  const rows: Cell[][] = [TRACE_CSV_HEADER];
  for (const lot of trace.lots)
    rows.push([
      'lot',
      ...lotCells(lot.id),
      '',
      '',
      '',
      '',
      '',
      '',
      lot.kg,
      '',
      lot.shareKg,
      '',
      lot.onHandKg,
    ]);
  for (const o of trace.origins)
    rows.push([
      'origin',
      ...lotCells(o.lotId),
      o.supplier?.name ?? originTypeWords(o.originType),
      o.supplier?.code,
      o.supplier ? partnerType(o.supplier.type) : '',
      o.receiveRecord?.number,
      o.receiveRecord?.receivedAt,
      '',
      lots.get(o.lotId)?.kg,
      '',
      o.kg,
      o.sharePct,
      '',
    ]);
  for (const d of trace.destinations)
    rows.push([
      'destination',
      ...lotCells(d.lotId),
      d.customer.name,
      d.customer.code,
      partnerType(d.customer.type),
      d.dispatchRecord.number,
      d.dispatchRecord.dispatchedAt,
      d.dispatchRecord.delivered ? 'yes' : 'no',
      lots.get(d.lotId)?.kg,
      d.dispatchedKg,
      d.kg,
      d.sharePct,
      '',
    ]);
  return toCsv(rows);
}

/** 'trace-mnl1-261120-0002-both.csv', or the record's number when the trace started from one. */
export function traceFileName(trace: Trace): string {
  const lots = byId(trace.lots);
  const name =
    trace.start.record?.number ??
    (trace.start.lotIds.length === 1 ? lots.get(trace.start.lotIds[0] ?? '')?.code : undefined) ??
    'lots';
  return `trace-${name.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}-${trace.direction}.csv`;
}
