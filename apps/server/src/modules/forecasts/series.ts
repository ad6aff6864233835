import { formatUnits, pricePerKg, toUnits } from '@plastrace/shared';
import type { WeekRow } from './forecasts.repo.ts';

// Weeks and weekly series, from the rows the repo groups: pure, no database.

const DAY_MS = 86_400_000;

/** A day ('2026-11-26') moved by `n` days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The Monday of a day's week (ISO weeks, as PostgreSQL's date_trunc('week')). */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** `count` Mondays from `monday`. */
export const weeksFrom = (monday: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(monday, 7 * i));

/** The weeks of a series: a Monday each, oldest first, with the value the model reads. */
export type Series = { weeks: string[]; shown: (string | null)[]; values: number[]; observed: boolean[] };

const kg = (text: string) => formatUnits(toUnits(text, 3), 3);

/**
 * Net kg received a week, from the first week with a delivery among `weeks` through the last of them,
 * weeks without deliveries counting 0: before its first delivery a material was not being bought, after
 * it a week without one is a week it did not come.
 */
export function intakeSeries(rows: WeekRow[], weeks: string[]): Series {
  const byWeek = new Map(rows.map((r) => [r.week, kg(r.kg)]));
  const start = weeks.findIndex((w) => toUnits(byWeek.get(w) ?? '0', 3) > 0n);
  const span = start < 0 ? [] : weeks.slice(start);
  const shown = span.map((w) => byWeek.get(w) ?? '0.000');
  return { weeks: span, shown, values: shown.map(Number), observed: span.map(() => true) };
}

/**
 * The average price paid a week (PHP owed ÷ payable kg, to the centavo), from the first week with a
 * delivery: a week without one has no price (shown as none), and the model reads the last price paid
 * until the next, as a buyer quoting that week would.
 */
export function priceSeries(rows: WeekRow[], weeks: string[]): Series {
  const byWeek = new Map(
    rows.map((r) => [r.week, toUnits(r.kg2, 3) > 0n ? pricePerKg(r.php, r.kg2) : null] as const),
  );
  const start = weeks.findIndex((w) => byWeek.get(w) != null);
  const span = start < 0 ? [] : weeks.slice(start);
  const shown = span.map((w) => byWeek.get(w) ?? null);
  let last = 0;
  const values = shown.map((p) => {
    if (p !== null) last = Number(p);
    return last;
  });
  return { weeks: span, shown, values, observed: shown.map((p) => p !== null) };
}
