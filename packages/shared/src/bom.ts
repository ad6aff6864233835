import { divide, formatUnits, multiply, parseUnits, toUnits } from './decimal.ts';
import type { PACKAGING_CATEGORIES } from './schemas/boms.ts';
import type { POLYMERS } from './schemas/calculations.ts';

type Polymer = (typeof POLYMERS)[number];
type Category = (typeof PACKAGING_CATEGORIES)[number];

export type BomLineFacts = {
  /** Components per unit of product (4 decimals). */
  quantity: string;
  /** Grams of plastic in one component (3 decimals). */
  mass_g: string;
  recycled_content_pct: string;
  polymer: Polymer;
  packaging_category: Category;
};

/**
 * A BOM's plastic per unit — in all, by polymer and by RA 11898 category — its recycled content by
 * mass, and the plastic footprint of `units` units, exactly: grams are carried at 7 decimals
 * (quantity × mass) and rounded only when written (to the milligram, and the footprint to the gram).
 */
export function bomFigures(lines: BomLineFacts[], units = '1') {
  const grams = lines.map((l) => multiply(toUnits(l.quantity, 4), 4, toUnits(l.mass_g, 3), 3, 7));
  const total = grams.reduce((s, g) => s + g, 0n);
  // Recycled grams at 9 decimals: grams (7) × percent (2), ÷ 100 later through the percentage.
  const recycled = lines.reduce((s, l, i) => s + (grams[i] ?? 0n) * toUnits(l.recycled_content_pct, 2), 0n);
  const by = <K extends string>(key: (l: BomLineFacts) => K) => {
    const sums = new Map<K, bigint>();
    lines.forEach((l, i) => {
      sums.set(key(l), (sums.get(key(l)) ?? 0n) + (grams[i] ?? 0n));
    });
    return [...sums].sort(([, a], [, b]) => (a === b ? 0 : a > b ? -1 : 1));
  };
  const g3 = (g: bigint) => formatUnits(divide(g, 7, 1n, 0, 3) ?? 0n, 3);
  const n = parseUnits(units, 0) ?? 1n;
  return {
    grams_per_unit: g3(total),
    by_polymer: by((l) => l.polymer).map(([polymer, g]) => ({ polymer, grams_per_unit: g3(g) })),
    by_category: by((l) => l.packaging_category).map(([category, g]) => ({
      category,
      grams_per_unit: g3(g),
    })),
    recycled_content_pct: total === 0n ? null : formatUnits(divide(recycled, 9, total, 7, 2) ?? 0n, 2),
    units: formatUnits(n, 0),
    footprint_kg: formatUnits(divide(total * n, 7, 1000n, 0, 3) ?? 0n, 3),
  };
}
