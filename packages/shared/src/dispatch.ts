import { divide, formatUnits, multiply, parseUnits } from './decimal.ts';

export interface DispatchFigures {
  /** Σ lines, kg (3 decimals). */
  totalKg: string;
  /** Σ kg × price per line, each rounded to the centavo as the database does. */
  amount: string;
  /** Gross − tare; null without both. */
  netKg: string | null;
  /** Σ lines − net; null without a net. */
  differenceKg: string | null;
  /** The lines agree with the weighbridge within the tolerance (true without a weighbridge). */
  withinTolerance: boolean;
}

/**
 * A dispatch's figures as posting computes them (dispatch_do_post, migration 0017): the lines'
 * total and amount, and whether they match the weighbridge's net within `tolerancePct` of the net.
 * Text that is not a decimal counts as 0; a line without a price counts as ₱0.
 */
export function dispatchFigures(
  lines: { kg: string; unitPrice: string }[],
  grossKg: string,
  tareKg: string,
  tolerancePct: string,
): DispatchFigures {
  const kg = lines.map((l) => parseUnits(l.kg, 3) ?? 0n);
  const total = kg.reduce((t, k) => t + k, 0n);
  const amount = lines.reduce(
    (t, l, i) => t + multiply(kg[i] ?? 0n, 3, parseUnits(l.unitPrice, 2) ?? 0n, 2, 2),
    0n,
  );
  const gross = parseUnits(grossKg, 3);
  const tare = parseUnits(tareKg, 3);
  const net = gross !== null && tare !== null ? gross - tare : null;
  const difference = net === null ? null : total - net;
  const abs = difference === null ? 0n : difference < 0n ? -difference : difference;
  // |difference| × 100 ≤ net × tolerance, in grams and hundredths of a percent.
  const within = net === null || abs * 10_000n <= net * (parseUnits(tolerancePct, 2) ?? 0n);
  return {
    totalKg: formatUnits(total, 3),
    amount: formatUnits(amount, 2),
    netKg: net === null ? null : formatUnits(net, 3),
    differenceKg: difference === null ? null : formatUnits(difference, 3),
    withinTolerance: within,
  };
}

/**
 * A delivery against what was shipped, as dispatch_do_deliver judges it: shipped − received, and
 * whether that is beyond `tolerancePct` of the shipped kg (a discrepancy). Null while `received` is not a decimal.
 */
export function deliveryDifference(shippedKg: string, receivedKg: string, tolerancePct: string) {
  const shipped = parseUnits(shippedKg, 3);
  const received = parseUnits(receivedKg, 3);
  if (shipped === null || received === null) return null;
  const difference = shipped - received;
  const abs = difference < 0n ? -difference : difference;
  return {
    differenceKg: formatUnits(difference, 3),
    beyondTolerance: abs * 10_000n > shipped * (parseUnits(tolerancePct, 2) ?? 0n),
  };
}

/** A shortfall's credit note: the dispatch's amount × short kg ÷ shipped kg, to the centavo (dispatch_do_resolve). */
export function creditNoteAmount(amount: string, shippedKg: string, shortKg: string): string {
  const credit = divide(
    (parseUnits(amount, 2) ?? 0n) * (parseUnits(shortKg, 3) ?? 0n),
    5,
    parseUnits(shippedKg, 3) ?? 0n,
    3,
    2,
  );
  return formatUnits(credit ?? 0n, 2);
}

/**
 * The order line a lot fulfils, as dispatch_write picks it: a line of the lot's material, the one at the
 * material's own grade when the order has the material at several grades, else the first.
 */
export function orderLineFor<L extends { materialId: string; grade: string; lineNo: number }>(
  lines: L[],
  material: { id: string; grade?: string | undefined },
): L | undefined {
  return lines
    .filter((l) => l.materialId === material.id)
    .sort(
      (a, b) =>
        Number(b.grade === material.grade) - Number(a.grade === material.grade) || a.lineNo - b.lineNo,
    )[0];
}
