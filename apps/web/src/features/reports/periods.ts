import { type ReportKind, reportMonthLabel } from '@plastrace/shared';
import type { PeriodQuery } from './api.ts';

// The period a report page shows: a day, a month or a year of the organization, kept in the URL (?day=,
// ?month=, ?year=) so a report is a link; none given, or one not offered, is the current one.

export const PERIOD_PARAM = { daily: 'day', inventory: 'day', monthly: 'month', annual: 'year' } as const;
export const REPORT_PATHS: Record<ReportKind, string> = {
  daily: '/reports/daily',
  monthly: '/reports/monthly',
  annual: '/reports/annual',
  inventory: '/reports/inventory',
};
/** Months and years the pickers offer, newest first. */
export const MONTHS_OFFERED = 36;
export const YEARS_OFFERED = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `count` months ending with `last` (YYYY-MM), newest first. */
export function monthsUpTo(last: string, count: number): string[] {
  const index = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const at = index - i;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}

export const yearsUpTo = (last: string, count: number) =>
  Array.from({ length: count }, (_, i) => String(Number(last) - i));

export const monthOptions = (today: string) =>
  monthsUpTo(today.slice(0, 7), MONTHS_OFFERED).map((m) => ({ value: m, label: reportMonthLabel(m) }));
export const yearOptions = (today: string) =>
  yearsUpTo(today.slice(0, 4), YEARS_OFFERED).map((y) => ({ value: y, label: y }));

/** The period of the URL's parameter if it is one the page offers, else the current one. */
export function periodOf(kind: ReportKind, given: string | null, today: string): string {
  const param = PERIOD_PARAM[kind];
  if (param === 'day') return given && DAY.test(given) && given <= today ? given : today;
  const offered =
    param === 'month'
      ? monthsUpTo(today.slice(0, 7), MONTHS_OFFERED)
      : yearsUpTo(today.slice(0, 4), YEARS_OFFERED);
  return given && offered.includes(given) ? given : (offered[0] as string);
}

export const queryOf = (kind: ReportKind, period: string): PeriodQuery => ({ [PERIOD_PARAM[kind]]: period });
