/**
 * Exact decimal arithmetic for mass (3 places), percentages and money (2 places), the same in the
 * browser and on the server: values are carried as BigInt counts of the smallest unit (grams,
 * centavos), never as floats, and rounded half away from zero as PostgreSQL's numeric `round` does.
 */

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;

/**
 * '12.5' at scale 3 → 12500n, rounding half away from zero on the first dropped digit; null for text
 * that is not a plain decimal ('1,250', '1e3', '', '.'). A number is taken at its shortest form.
 */
export function parseUnits(value: string | number, scale: number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = DECIMAL.exec(text);
  if (!match || (!match[2] && !match[3])) return null;
  const [, sign, int = '', frac = ''] = match;
  const digits = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let units = BigInt(int || '0') * 10n ** BigInt(scale) + BigInt(digits.slice(0, scale) || '0');
  if (Number(digits[scale]) >= 5) units += 1n;
  return sign ? -units : units;
}

/** parseUnits for values that must be decimals (read from the database, or already validated). */
export function toUnits(value: string | number, scale: number): bigint {
  const units = parseUnits(value, scale);
  if (units === null) throw new Error(`not a decimal: ${value}`);
  return units;
}

/** 12500n at scale 3 → '12.500'. */
export function formatUnits(units: bigint, scale: number): string {
  // Digits cut as text: one toString instead of two divisions of a bigint (a trace writes thousands).
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const sign = negative ? '-' : '';
  if (!scale) return sign + digits;
  const cut = digits.length - scale;
  return `${sign}${digits.slice(0, cut)}.${digits.slice(cut)}`;
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

/** a ÷ b (scales sa, sb), rounded half away from zero to scale `to`; null when b is 0. */
export function divide(a: bigint, sa: number, b: bigint, sb: number, to: number): bigint | null {
  if (b === 0n) return null;
  // a·10^sb·10^to ÷ (b·10^sa) keeps every digit up to scale `to`.
  const num = a * 10n ** BigInt(sb + to);
  const den = b * 10n ** BigInt(sa);
  const q = num / den;
  const r = num % den;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  if (2n * abs(r) < abs(den)) return q;
  return num < 0n !== den < 0n ? q - 1n : q + 1n;
}

/** What a kilogram costs: value (PHP) ÷ quantity (kg), to the centavo; null at 0 kg. */
export function pricePerKg(valuePhp: string, qtyKg: string): string | null {
  const per = divide(toUnits(valuePhp, 2), 2, toUnits(qtyKg, 3), 3, 2);
  return per === null ? null : formatUnits(per, 2);
}

/** The sum of decimal strings at a scale (text that is not a decimal counts as 0). */
export function sumDecimals(values: string[], scale: number): string {
  return formatUnits(
    values.reduce((total, v) => total + (parseUnits(v, scale) ?? 0n), 0n),
    scale,
  );
}

export interface MassBalance {
  /** kg, 3 decimals */
  input: string;
  output: string;
  loss: string;
  /** Inputs less outputs less losses. */
  difference: string;
  /** |difference| as a % of the inputs, 2 decimals; null without inputs. */
  differencePct: string | null;
  /** Within the tolerance (and some input to balance): what posting a run requires. */
  within: boolean;
}

/**
 * A production run's mass balance: Σ inputs = Σ outputs + Σ losses within `tolerancePct` of the
 * inputs, exactly (the database's production_do_post applies the same rule). Rows whose kg is not
 * a decimal count as 0.
 */
export function massBalance(
  inputs: string[],
  outputs: string[],
  losses: string[],
  tolerancePct: string,
): MassBalance {
  const total = (values: string[]) => values.reduce((t, v) => t + (parseUnits(v, 3) ?? 0n), 0n);
  const input = total(inputs);
  const output = total(outputs);
  const loss = total(losses);
  const difference = input - output - loss;
  const abs = difference < 0n ? -difference : difference;
  const pct = divide(abs * 100n, 3, input, 3, 2);
  // |difference| × 100 ≤ input × tolerance, in grams and hundredths of a percent.
  const within = input > 0n && abs * 10_000n <= input * (parseUnits(tolerancePct, 2) ?? 0n);
  return {
    input: formatUnits(input, 3),
    output: formatUnits(output, 3),
    loss: formatUnits(loss, 3),
    difference: formatUnits(difference, 3),
    differencePct: pct === null ? null : formatUnits(pct, 2),
    within,
  };
}

/** What a receive line's figures must satisfy, worded as the API answers when they do not. */
export const RECEIVE_LINE_RULES = {
  tare: 'Tare must be less than gross',
  deduction: 'Deduction must be below 100 %',
} as const;

export type ReceiveLineValues = {
  /** kg; tare and deduction may be empty (0), the price empty (from the price list). */
  gross: string;
  tare: string;
  deduction: string;
  price: string;
};

export interface ReceiveLineFigures {
  /** kg, 3 decimals */
  netKg: string;
  payableKg: string;
  /** PHP, 2 decimals; null when the unit price is left to the price list. */
  amount: string | null;
}

const orZero = (v: string, scale: number) => (v.trim() ? parseUnits(v, scale) : 0n);

/**
 * net = gross − tare; payable = net × (100 − deduction %) / 100, to the gram; amount = payable × price,
 * to the centavo: what posting stores (the database's receive_priced_lines computes the same). Null
 * while a figure is not a decimal.
 */
export function receiveLineFigures(line: ReceiveLineValues): ReceiveLineFigures | null {
  const gross = parseUnits(line.gross, 3);
  const tare = orZero(line.tare, 3);
  const deduction = orZero(line.deduction, 2);
  if (gross === null || tare === null || deduction === null) return null;
  const net = gross - tare;
  const payable = multiply(net, 3, 10000n - deduction, 4, 3);
  const price = line.price.trim() ? parseUnits(line.price, 2) : null;
  const amount = price === null ? null : multiply(payable, 3, price, 2, 2);
  return {
    netKg: formatUnits(net, 3),
    payableKg: formatUnits(payable, 3),
    amount: amount === null ? null : formatUnits(amount, 2),
  };
}

/**
 * The rules between a line's figures that the database enforces at saving (tare below gross, deduction
 * below 100 %), for a form to say before sending. Each figure's own format is the schema's to check.
 */
export function receiveLineProblems(line: ReceiveLineValues): { tare?: string; deduction?: string } {
  const gross = parseUnits(line.gross, 3);
  const tare = orZero(line.tare, 3);
  const deduction = orZero(line.deduction, 2);
  const problems: { tare?: string; deduction?: string } = {};
  if (gross !== null && tare !== null && tare >= gross) problems.tare = RECEIVE_LINE_RULES.tare;
  if (deduction !== null && deduction >= 10000n) problems.deduction = RECEIVE_LINE_RULES.deduction;
  return problems;
}

/**
 * "1,250.5" is how people write 1250.5 (en-PH groups thousands with commas), but a decimal field takes
 * plain digits: say so, with the number they meant, instead of "must be a number". Undefined when the
 * text is not a grouped number.
 */
export function groupedNumberHint(text: string): string | undefined {
  const t = text.trim();
  if (!/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) return undefined;
  return `Write ${t.replaceAll(',', '')}, without commas`;
}
