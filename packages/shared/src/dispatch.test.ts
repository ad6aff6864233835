import { describe, expect, it } from 'vitest';
import { creditNoteAmount, deliveryDifference, dispatchFigures, orderLineFor } from './dispatch.ts';

describe('dispatchFigures', () => {
  it('adds the lines and their amounts to the centavo, half away from zero', () => {
    const f = dispatchFigures(
      [
        { kg: '600', unitPrice: '20.00' },
        { kg: '0.333', unitPrice: '1.50' },
      ],
      '',
      '',
      '0.20',
    );
    // 0.333 × 1.50 = 0.4995 → ₱0.50
    expect(f).toEqual({
      totalKg: '600.333',
      amount: '12000.50',
      netKg: null,
      differenceKg: null,
      withinTolerance: true,
    });
  });

  it('compares the lines with the weighbridge net within the tolerance, exactly at its edge', () => {
    const lines = [{ kg: '1000', unitPrice: '30' }];
    expect(dispatchFigures(lines, '15002', '14000', '0.20')).toMatchObject({
      netKg: '1002.000',
      differenceKg: '-2.000',
      withinTolerance: true,
    });
    expect(dispatchFigures(lines, '15002.005', '14000', '0.20').withinTolerance).toBe(false);
    expect(dispatchFigures([{ kg: 'abc', unitPrice: '' }], '10', '0', '0.2')).toMatchObject({
      totalKg: '0.000',
      amount: '0.00',
      withinTolerance: false,
    });
  });
});

describe('deliveryDifference and creditNoteAmount', () => {
  it('judges a delivery against the tolerance as the database does', () => {
    expect(deliveryDifference('1000', '997', '0.20')).toEqual({
      differenceKg: '3.000',
      beyondTolerance: true,
    });
    expect(deliveryDifference('1000', '998', '0.20')).toEqual({
      differenceKg: '2.000',
      beyondTolerance: false,
    });
    expect(deliveryDifference('500', '505', '0.20')).toEqual({
      differenceKg: '-5.000',
      beyondTolerance: true,
    });
    expect(deliveryDifference('500', 'x', '0.20')).toBeNull();
  });

  it('prices a shortfall at the dispatch’s average price, to the centavo', () => {
    expect(creditNoteAmount('30000.00', '1000', '3')).toBe('90.00');
    // 25,000 × 1.234 ÷ 850 = 36.294… → ₱36.29
    expect(creditNoteAmount('25000.00', '850', '1.234')).toBe('36.29');
    expect(creditNoteAmount('100.00', '0', '1')).toBe('0.00');
  });
});

describe('orderLineFor', () => {
  const lines = [
    { materialId: 'pet', grade: 'B', lineNo: 1, price: '20.00' },
    { materialId: 'pet', grade: 'A', lineNo: 2, price: '25.00' },
    { materialId: 'hdpe', grade: 'A', lineNo: 3, price: '18.00' },
  ];
  it('takes the line at the material’s grade, else the first line of the material', () => {
    expect(orderLineFor(lines, { id: 'pet', grade: 'A' })?.price).toBe('25.00');
    expect(orderLineFor(lines, { id: 'pet', grade: 'C' })?.price).toBe('20.00');
    expect(orderLineFor(lines, { id: 'pp', grade: 'A' })).toBeUndefined();
  });
});
