import { parseUnits } from '@plastrace/shared';
import { toLocalInput } from '../../components/common/datetime.ts';

// Months and targets as the page shows them. The figures themselves are the server's decimal strings,
// written with formatKg/formatPhp; only a bar's drawn length is ever a number.

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-10' → 'Oct 2026'. */
export const monthLabel = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** '2026-03-01' → '1 Mar 2026'. */
export const dayLabel = (day: string) =>
  `${Number(day.slice(8, 10))} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** The organization's current month, YYYY-MM. */
export const currentMonth = (timeZone: string) => toLocalInput(new Date(), timeZone).slice(0, 7);

/** `count` months ending with `last`, newest first: what the month picker offers. */
export function monthsUpTo(last: string, count: number): string[] {
  const index = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const at = index - i;
    return `${Math.floor(at / 12)}-${String((at % 12) + 1).padStart(2, '0')}`;
  });
}

export type TargetBand = {
  key: 'none' | 'met' | 'close' | 'behind';
  label: string;
  color: string;
  hex: string;
};

/** How far a month is from its target; the map's circles and the bars take its colour. */
export const TARGET_BANDS: TargetBand[] = [
  { key: 'met', label: 'On target (100 % or more)', color: 'green', hex: '#2f9e44' },
  { key: 'close', label: 'Close (75 % to 99.9 %)', color: 'yellow', hex: '#f59f00' },
  { key: 'behind', label: 'Behind (under 75 %)', color: 'red', hex: '#e03131' },
  { key: 'none', label: 'No target', color: 'gray', hex: '#868e96' },
];

const band = (key: TargetBand['key']) => TARGET_BANDS.find((b) => b.key === key) as TargetBand;

/** The band of a % of target as the server writes it ('87.5'); null: no target to measure against. */
export function targetBand(pct: string | null): TargetBand {
  const tenths = pct === null ? null : parseUnits(pct, 1);
  if (tenths === null) return band('none');
  if (tenths >= 1000n) return band('met');
  return band(tenths >= 750n ? 'close' : 'behind');
}

/** The drawn length of a bar, 0–100: a target exceeded fills it, the text says by how much. */
export function barLength(pct: string | null): number {
  const tenths = pct === null ? null : parseUnits(pct, 1);
  if (tenths === null || tenths <= 0n) return 0;
  return tenths >= 1000n ? 100 : Number(tenths) / 10;
}

/** '87.5' → '87.5 %'; no target → '—'. */
export const formatPct = (pct: string | null) => (pct === null ? '—' : `${pct} %`);
