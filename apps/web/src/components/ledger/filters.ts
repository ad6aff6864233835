import { LEDGER_SORTS } from '@plastrace/shared';
import type { BalanceQuery, LedgerSort, Period } from './api.ts';

// The ledger pages keep their filters in the URL, so a filtered list or a statement period can be
// bookmarked, shared and reloaded. Dates are calendar days (the API takes days too).

export interface LedgerFilters {
  q: string;
  type: string;
  owing: boolean;
  asOf: string;
  sort: LedgerSort;
}

export const DEFAULT_SORT: LedgerSort = '-balance';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (params: URLSearchParams, key: string) => {
  const value = params.get(key) ?? '';
  return DAY.test(value) ? value : '';
};

/** The filters in the URL; `types` are the book's party types (a type not among them is ignored). */
export function readLedgerFilters(params: URLSearchParams, types: readonly string[]): LedgerFilters {
  const sort = params.get('sort') ?? '';
  const type = params.get('type') ?? '';
  return {
    q: params.get('q') ?? '',
    type: types.includes(type) ? type : '',
    owing: params.get('owing') === '1',
    asOf: dayOf(params, 'as_of'),
    sort: (LEDGER_SORTS as readonly string[]).includes(sort) ? (sort as LedgerSort) : DEFAULT_SORT,
  };
}

/** The filters as URL parameters, after `keep` (the page's tab). */
export function writeLedgerFilters(f: LedgerFilters, keep: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams(keep);
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.type) params.set('type', f.type);
  if (f.owing) params.set('owing', '1');
  if (f.asOf) params.set('as_of', f.asOf);
  if (f.sort !== DEFAULT_SORT) params.set('sort', f.sort);
  return params;
}

export const toBalanceQuery = (f: LedgerFilters): BalanceQuery => ({
  q: f.q.trim() || undefined,
  type: f.type || undefined,
  owing: f.owing || undefined,
  asOf: f.asOf || undefined,
  sort: f.sort,
});

export const isFiltered = (f: LedgerFilters) => !!(f.q.trim() || f.type || f.owing || f.asOf);

/**
 * The sort after a click on a column: the same column turns its order around; another column starts
 * in its natural order (largest balance and latest entry first, names A–Z).
 */
export function nextSort(current: LedgerSort, column: 'balance' | 'name' | 'last_entry_at'): LedgerSort {
  if (current === column) return `-${column}`;
  if (current === `-${column}`) return column;
  return column === 'name' ? 'name' : `-${column}`;
}

export const readPeriod = (params: URLSearchParams): Required<Period> => ({
  from: dayOf(params, 'from'),
  to: dayOf(params, 'to'),
});

export function writePeriod(p: Period): URLSearchParams {
  const params = new URLSearchParams();
  if (p.from) params.set('from', p.from);
  if (p.to) params.set('to', p.to);
  return params;
}

export const toPeriod = (p: Required<Period>): Period => ({
  from: p.from || undefined,
  to: p.to || undefined,
});

/** A period that ends before it starts is not asked for: the page says why instead. */
export const isBackwards = (p: Period) => !!(p.from && p.to && p.to < p.from);
