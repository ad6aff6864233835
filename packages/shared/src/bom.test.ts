import { describe, expect, it } from 'vitest';
import { bomFigures } from './bom.ts';
import { gtin, gtinCheckDigit } from './schemas/boms.ts';

const bottle = {
  quantity: '1',
  mass_g: '24.5',
  recycled_content_pct: '30',
  polymer: 'PET',
  packaging_category: 'rigid',
} as const;
const cap = { ...bottle, mass_g: '2.1', recycled_content_pct: '0', polymer: 'PP' } as const;
const label = {
  ...bottle,
  mass_g: '0.65',
  recycled_content_pct: '0',
  polymer: 'PP',
  packaging_category: 'flexible_laminate',
} as const;

describe('bomFigures', () => {
  it('adds the plastic of one unit by polymer and category, with recycled content by mass', () => {
    const f = bomFigures([bottle, cap, label], '1000000');
    expect(f.grams_per_unit).toBe('27.250');
    expect(f.by_polymer).toEqual([
      { polymer: 'PET', grams_per_unit: '24.500' },
      { polymer: 'PP', grams_per_unit: '2.750' },
    ]);
    expect(f.by_category).toEqual([
      { category: 'rigid', grams_per_unit: '26.600' },
      { category: 'flexible_laminate', grams_per_unit: '0.650' },
    ]);
    // 30 % of 24.5 g = 7.35 g of 27.25 g.
    expect(f.recycled_content_pct).toBe('26.97');
    expect(f.footprint_kg).toBe('27250.000');
  });

  it('keeps fractional quantities exact until the figures are written', () => {
    // A multipack: a third of a shrink film per unit, 3.3333 × 0.0003 g …
    const f = bomFigures([{ ...label, quantity: '0.3333', mass_g: '12.345' }], '3');
    expect(f.grams_per_unit).toBe('4.115');
    expect(f.footprint_kg).toBe('0.012');
    expect(bomFigures([], '5')).toMatchObject({ grams_per_unit: '0.000', recycled_content_pct: null });
  });
});

describe('gtin', () => {
  it('checks the GS1 check digit and keeps GTIN-14', () => {
    expect(gtinCheckDigit('480088800036')).toBe(1);
    expect(gtin().parse('4800888000361')).toBe('04800888000361');
    expect(gtin().safeParse('4800888000362').error?.issues[0]?.message).toBe(
      'The check digit is wrong: it should be 1',
    );
    expect(gtin().safeParse('12345').error?.issues[0]?.message).toBe('A GTIN has 8, 12, 13 or 14 digits');
    expect(gtin().parse('9501101530003')).toBe('09501101530003');
  });
});
