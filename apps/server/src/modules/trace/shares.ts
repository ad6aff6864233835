// Exact shares: a fraction of grams as two bigints, so a share carried through ten transformations and
// summed over many paths is still exact, and rounding happens once, at the end (to the gram).

export type Fraction = { n: bigint; d: bigint };

export const ZERO: Fraction = { n: 0n, d: 1n };
export const whole = (n: bigint): Fraction => ({ n, d: 1n });

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y) [x, y] = [y, x % y];
  return x;
};
/**
 * Reduced only once the denominator outgrows LARGE: a gcd of big integers costs far more than the
 * products it saves (a share ten levels deep has a denominator of a few hundred bits, which is cheap to
 * carry), so most fractions are never reduced at all.
 */
const LARGE = 1n << 1024n;
const reduce = (n: bigint, d: bigint): Fraction => {
  if (d < LARGE) return { n, d };
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};

export function add(a: Fraction, b: Fraction): Fraction {
  if (a.n === 0n) return b;
  if (b.n === 0n) return a;
  if (a.d === b.d) return { n: a.n + b.n, d: a.d };
  return reduce(a.n * b.d + b.n * a.d, a.d * b.d);
}
/** a × num ÷ den (den > 0). */
export const scale = (a: Fraction, num: bigint, den: bigint): Fraction => reduce(a.n * num, a.d * den);
/** Whether two fractions are the same number (whatever their denominators). */
export const same = (a: Fraction, b: Fraction) => a.n * b.d === b.n * a.d;
export const isZero = (a: Fraction) => a.n === 0n;

/** The nearest whole number, halves away from zero. */
export function rounded(a: Fraction): bigint {
  const q = (2n * (a.n < 0n ? -a.n : a.n) + a.d) / (2n * a.d);
  return a.n < 0n ? -q : q;
}

/**
 * Whole numbers for the fractions that add up to exactly `total` when the fractions do (largest
 * remainders get the units rounding down left over; ties go to the earlier one).
 */
export function apportion(parts: Fraction[], total: bigint): bigint[] {
  const floors = parts.map((p) => p.n / p.d);
  let left = total - floors.reduce((s, f) => s + f, 0n);
  const order = parts
    .map((p, i) => ({ i, rest: { n: p.n % p.d, d: p.d } }))
    .sort((a, b) => {
      const diff = b.rest.n * a.rest.d - a.rest.n * b.rest.d;
      return diff > 0n ? 1 : diff < 0n ? -1 : a.i - b.i;
    });
  const out = [...floors];
  for (const { i, rest } of order) {
    if (left <= 0n) break;
    if (rest.n === 0n) continue;
    out[i] = (out[i] ?? 0n) + 1n;
    left--;
  }
  return out;
}

/** a ÷ b as a percentage with 2 decimals (b > 0), rounded half up. */
export function percent(a: Fraction, b: bigint): string {
  const hundredths = rounded(scale(a, 10_000n, b));
  const sign = hundredths < 0n ? '-' : '';
  const abs = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
