import { formatUnits, parseUnits } from './decimal.ts';

/**
 * One way to write money and weights everywhere — pages, CSV-free text such as activity descriptions,
 * labels and error messages — worked on the decimal strings themselves, so a figure is never rounded by
 * a float on its way to the screen. The database writes weights the same with pt_kg (migration 0011).
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '-1234567.5' at 2 places → '-1,234,567.50'; trimmed: '1250.500' → '1,250.5'. Null for a non-decimal. */
function grouped(value: string | number, scale: number, trim: boolean): string | null {
  const units = parseUnits(value, scale);
  if (units === null) return null;
  const [int = '0', frac = ''] = formatUnits(units < 0n ? -units : units, scale).split('.');
  const decimals = trim ? frac.replace(/0+$/, '') : frac;
  return `${units < 0n ? '-' : ''}${group(int)}${decimals ? `.${decimals}` : ''}`;
}

const isBlank = (v: string | number | null | undefined): v is null | undefined | '' =>
  v === null || v === undefined || v === '';

/** '15250.5' → '₱15,250.50'; '-5' → '-₱5.00'; empty → '—'; text that is not a number is shown as given. */
export function formatPhp(amount: string | number | null | undefined): string {
  if (isBlank(amount)) return '—';
  const text = grouped(amount, 2, false);
  if (text === null) return String(amount);
  return text.startsWith('-') ? `-₱${text.slice(1)}` : `₱${text}`;
}

/** '1250.500' → '1,250.5 kg' (to the gram, no trailing zeros); empty → '—'. */
export function formatKg(qty: string | number | null | undefined): string {
  if (isBlank(qty)) return '—';
  return `${grouped(qty, 3, true) ?? String(qty)} kg`;
}

/** A price per kg: '16.5' → '₱16.50/kg'. */
export const formatPhpPerKg = (price: string | number | null | undefined): string =>
  isBlank(price) ? '—' : `${formatPhp(price)}/kg`;

/** Grams of a component or of a unit of product: '24.500' → '24.5 g' (to the milligram, no trailing zeros). */
export function formatGrams(g: string | number | null | undefined): string {
  if (isBlank(g)) return '—';
  return `${grouped(g, 3, true) ?? String(g)} g`;
}

/** A count: '1000000' → '1,000,000'. */
export function formatCount(n: string | number | null | undefined): string {
  if (isBlank(n)) return '—';
  return grouped(n, 0, true) ?? String(n);
}
