/**
 * Exact decimal math on strings (DESIGN.md §5: never floats for mass or money), mirroring the
 * server's rounding (half away from zero), so the form's preview equals what posting will store.
 */
const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;

/** '12.5' at scale 3 → 12500n; null for text that is not a plain decimal. */
export function parseUnits(value: string, scale: number): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match || (!match[2] && !match[3])) return null;
  const [, sign, int = '', frac = ''] = match;
  const digits = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let units = BigInt(int || '0') * 10n ** BigInt(scale) + BigInt(digits.slice(0, scale) || '0');
  if (Number(digits[scale]) >= 5) units += 1n;
  return sign ? -units : units;
}

export function formatUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(scale);
  const frac = (abs % base).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${abs / base}${scale ? `.${frac}` : ''}`;
}

/** a × b (scales sa, sb), rounded half away from zero to scale `to`. */
export function multiply(a: bigint, sa: number, b: bigint, sb: number, to: number): bigint {
  const product = a * b;
  const drop = sa + sb - to;
  if (drop <= 0) return product * 10n ** BigInt(-drop);
  const div = 10n ** BigInt(drop);
  const q = product / div;
  const r = product % div;
  if (r >= div / 2n) return q + 1n;
  if (r <= -(div / 2n)) return q - 1n;
  return q;
}

export interface LineFigures {
  /** kg, 3 decimals */
  netKg: string;
  payableKg: string;
  /** PHP, 2 decimals; null when the unit price is left to the price list. */
  amount: string | null;
}

/** net = gross − tare; payable = net × (100 − deduction %) / 100; amount = payable × price. */
export function lineFigures(line: {
  grossKg: string;
  tareKg: string;
  deductionPct: string;
  unitPrice: string;
}): LineFigures | null {
  const gross = parseUnits(line.grossKg, 3);
  const tare = line.tareKg.trim() ? parseUnits(line.tareKg, 3) : 0n;
  const deduction = line.deductionPct.trim() ? parseUnits(line.deductionPct, 2) : 0n;
  if (gross === null || tare === null || deduction === null) return null;
  const net = gross - tare;
  const payable = multiply(net, 3, 10000n - deduction, 4, 3);
  const price = line.unitPrice.trim() ? parseUnits(line.unitPrice, 2) : null;
  const amount = price === null ? null : multiply(payable, 3, price, 2, 2);
  return {
    netKg: formatUnits(net, 3),
    payableKg: formatUnits(payable, 3),
    amount: amount === null ? null : formatUnits(amount, 2),
  };
}

/** The sum of decimal strings at a scale. */
export function sumDecimals(values: string[], scale: number): string {
  return formatUnits(
    values.reduce((total, v) => total + (parseUnits(v, scale) ?? 0n), 0n),
    scale,
  );
}
