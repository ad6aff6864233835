const php = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
const kg = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 3 });

/**
 * '15250.5' → '₱15,250.50'. Intl formats a number, but a peso amount of up to 12 integer digits
 * with 2 decimals is exact in a double, so only the display goes through one (the math does not).
 */
export function formatPhp(amount: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = Number(amount);
  return Number.isFinite(value) ? php.format(value) : amount;
}

/** '1250.500' → '1,250.5 kg'. */
export function formatKg(qty: string | null | undefined): string {
  if (qty === null || qty === undefined || qty === '') return '—';
  const value = Number(qty);
  return Number.isFinite(value) ? `${kg.format(value)} kg` : `${qty} kg`;
}

export const RECORD_STATUS_COLOR = { draft: 'gray', posted: 'green', voided: 'red' } as const;
export const recordStatusLabel = (status: keyof typeof RECORD_STATUS_COLOR) =>
  status.charAt(0).toUpperCase() + status.slice(1);
