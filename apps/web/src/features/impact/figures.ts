import { formatKg } from '@plastrace/shared';

// How the impact page writes its figures: grouped as formatKg groups mass (never through a float), with
// the figure's own unit.

/** '13203.00' kWh → '13,203 kWh'; '603.8' → '603.8 kWh/t'; empty → '—'. */
export function withUnit(value: string | null | undefined, unit: string): string {
  const text = formatKg(value);
  return text === '—' ? text : `${text.slice(0, -3)} ${unit}`;
}

export const formatCo2e = (kg: string | null | undefined) => withUnit(kg, 'kg CO2e');

/** '2.5' of something; a whole number without its '.0'. */
export const formatHowMany = (value: string) => withUnit(value, '').trim();

export const RANGES = [
  { value: 'this_year', label: 'This year' },
  { value: 'last_year', label: 'Last year' },
  { value: 'last_12_months', label: 'Last 12 months' },
  { value: 'custom', label: 'Choose dates' },
] as const;
export type RangeChoice = (typeof RANGES)[number]['value'];

/** The days a preset covers on the organization's `today` (custom: the dates given; none: the default). */
export function rangeOf(
  choice: RangeChoice,
  today: string,
  custom: { from: string; to: string },
): { from?: string; to?: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (choice === 'last_year') return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  if (choice === 'last_12_months') {
    // This month and the eleven before it, whole.
    const [y, m] = month === 12 ? [year, 1] : [year - 1, month + 1];
    return { from: `${y}-${String(m).padStart(2, '0')}-01`, to: today };
  }
  if (choice === 'custom') return { from: custom.from || undefined, to: custom.to || undefined };
  return {};
}
