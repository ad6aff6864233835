import type { TraceDirection } from '@plastrace/shared';
import { humanize } from '../catalog/formModel.ts';
import type { Trace, TraceEdge, TraceLot } from './api.ts';

// How the trace's codes read on the page and in its CSV.

/** A supplier's or customer's type: 'lgu' → 'LGU', 'recycling_plant' → 'Recycling plant'. */
export const partnerType = (type: string) => (type === 'lgu' ? 'LGU' : humanize(type));

/** What made one lot from another: the production run's number, or a split or merge. */
export const viaWords = (via: TraceEdge['via']) =>
  via.type === 'production_record'
    ? (via.number ?? 'Production run')
    : via.type === 'split'
      ? 'Split'
      : 'Merge';

/** Where a lot stands from the start: 'Started', '2 steps back', '1 step on'. */
export function levelWords(level: number): string {
  if (level === 0) return 'Started';
  const steps = Math.abs(level);
  return `${steps} ${steps === 1 ? 'step' : 'steps'} ${level < 0 ? 'back' : 'on'}`;
}

/** How an origin lot came to be, when no delivery made it (opening stock, or where the depth ran out). */
export const ORIGIN_TYPE_WORDS: Record<string, string> = {
  receive_line: 'Delivery',
  production_output: 'Production output',
  production_reject: 'Production reject',
  split: 'Split',
  merge: 'Merge',
};
export const originTypeWords = (type: string) => ORIGIN_TYPE_WORDS[type] ?? humanize(type);

export const DIRECTION_OPTIONS: { value: TraceDirection; label: string }[] = [
  { value: 'both', label: 'Both' },
  { value: 'upstream', label: 'Where it came from' },
  { value: 'downstream', label: 'Where it went' },
];

const RECORD_WORDS = {
  receive_record: 'Delivery',
  production_record: 'Production run',
  dispatch_record: 'Dispatch',
} as const;

const RECORD_PATHS = {
  receive_record: '/receive-records',
  production_record: '/production-records',
  dispatch_record: '/dispatch-records',
} as const;

type StartRecord = NonNullable<Trace['start']['record']>;
export const recordWords = (record: StartRecord) => `${RECORD_WORDS[record.type]} ${record.number}`;
export const recordPath = (record: StartRecord) => `${RECORD_PATHS[record.type]}/${record.id}`;
export const lotPath = (id: string) => `/batch-management/${id}`;

/** The trace's name: the record it started from, else its lot(s) by code. */
export function traceTitle(trace: Trace, lotsById: Map<string, TraceLot>): string {
  if (trace.start.record) return recordWords(trace.start.record);
  const codes = trace.start.lotIds.map((id) => lotsById.get(id)?.code ?? id);
  return `${codes.length === 1 ? 'Lot' : 'Lots'} ${codes.join(', ')}`;
}

export const byId = (lots: TraceLot[]) => new Map(lots.map((l) => [l.id, l]));

/** A share as the API sends it, to the hundredth as the app writes percentages: '40.00' → '40.00 %'. */
export const pct = (share: string) => `${share} %`;
