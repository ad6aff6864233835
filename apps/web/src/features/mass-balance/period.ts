import { PERIOD_PATTERN, parsePeriod, periodOf, shiftPeriod } from '@plastrace/shared';
import { todayIn } from '../../components/common/datetime.ts';
import { dateTimeFormat } from '../../components/common/format.ts';

// The page's period in the address (?period=2026-10 or 2026-Q4): by default the last full month in the
// organization's time zone, the one usually waiting to be closed.

export const defaultPeriod = (timeZone: string, now = new Date()) =>
  shiftPeriod(periodOf(todayIn(timeZone, now), 'month'), -1);

export const isPeriod = (v: string) => PERIOD_PATTERN.test(v);

/** The same span as a month or a quarter: a quarter becomes its first month, a month its quarter. */
export function asKind(period: string, kind: 'month' | 'quarter'): string {
  const p = parsePeriod(period);
  return p ? periodOf(p.start, kind) : period;
}

const MONTH = dateTimeFormat('en-PH', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'October 2026', 'Q4 2026 (October – December)'. */
export function periodTitle(period: string): string {
  const p = parsePeriod(period);
  if (!p) return period;
  const first = MONTH.format(new Date(`${p.start}T00:00:00Z`));
  if (p.kind === 'month') return first;
  const last = MONTH.format(new Date(`${p.end}T00:00:00Z`));
  return `${period.slice(5)} ${period.slice(0, 4)} (${first.split(' ')[0]} – ${last.split(' ')[0]})`;
}
