import { TRANSACTION_TYPES, type TransactionType } from '@plastrace/shared';
import { fromLocalInput } from '../../components/common/datetime.ts';

/** The activity log's filters as the page keeps them (in the URL): dates are calendar days. */
export interface ActivityFilters {
  type: TransactionType | '';
  memberId: string;
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  /** 'YYYY-MM-DD', inclusive (the server's `to` is exclusive, see toActivityQuery). */
  to: string;
  q: string;
}

export const emptyFilters: ActivityFilters = { type: '', memberId: '', from: '', to: '', q: '' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readFilters(params: URLSearchParams): ActivityFilters {
  const type = params.get('type') ?? '';
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    type: (TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as TransactionType) : '',
    memberId: params.get('member') ?? '',
    from: day('from'),
    to: day('to'),
    q: params.get('q') ?? '',
  };
}

export function writeFilters(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.memberId) params.set('member', filters.memberId);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  return params;
}

export const dateRangeError = (f: Pick<ActivityFilters, 'from' | 'to'>): string | null =>
  f.from && f.to && f.to < f.from ? 'The end date is before the start date' : null;

/**
 * The API's query for the filters. A day means that day in the organization's time zone, not in
 * UTC or the browser's zone: 'from 1 May' in Manila starts at 2026-05-01T00:00:00+08:00, and the
 * inclusive 'to' day becomes the exclusive start of the next day. A backwards range sends no dates.
 */
export function toActivityQuery(filters: ActivityFilters, timeZone: string) {
  const backwards = dateRangeError(filters) !== null;
  return {
    type: filters.type || undefined,
    userId: filters.memberId || undefined,
    from: filters.from && !backwards ? startOfDay(filters.from, timeZone) : undefined,
    to: filters.to && !backwards ? startOfDay(nextDay(filters.to), timeZone) : undefined,
    q: filters.q.trim() || undefined,
  };
}

export type ActivityQuery = ReturnType<typeof toActivityQuery>;

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'YYYY-MM-DDT00:00:00+HH:MM', midnight in the zone. */
export const startOfDay = (day: string, timeZone: string): string =>
  fromLocalInput(`${day}T00:00`, timeZone) ?? `${day}T00:00:00Z`;
