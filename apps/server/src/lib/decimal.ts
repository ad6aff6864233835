/**
 * Exact decimal arithmetic for mass (3 places) and money (2 places): values are carried as BigInt
 * counts of the smallest unit (grams, centavos), never as floats.
 */
export type Scaled = { units: bigint; scale: number };

export function parseDecimal(value: string | number, scale: number): bigint {
  const s = typeof value === 'number' ? value.toFixed(scale + 2) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new Error(`not a decimal: ${value}`);
  const [, sign, int = '0', frac = ''] = m;
  const digits = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  // Round half away from zero on the first dropped digit.
  let units = BigInt(int) * 10n ** BigInt(scale) + BigInt(digits.slice(0, scale) || '0');
  if (Number(digits[scale]) >= 5) units += 1n;
  return sign ? -units : units;
}

export function formatDecimal(units: bigint, scale: number): string {
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const base = 10n ** BigInt(scale);
  const int = abs / base;
  const frac = (abs % base).toString().padStart(scale, '0');
  return `${neg ? '-' : ''}${int}${scale ? `.${frac}` : ''}`;
}

/** a × b, with a at scale sa and b at scale sb, rounded half-up to scale `to`. */
export function multiply(a: bigint, sa: number, b: bigint, sb: number, to: number): bigint {
  const product = a * b; // scale sa + sb
  const drop = sa + sb - to;
  if (drop <= 0) return product * 10n ** BigInt(-drop);
  const div = 10n ** BigInt(drop);
  const q = product / div;
  const r = product % div;
  const half = div / 2n;
  if (r >= half) return q + 1n;
  if (r <= -half) return q - 1n;
  return q;
}
