import { describe, expect, it } from 'vitest';
import { lineFigures, parseUnits, sumDecimals } from './decimal.ts';

describe('decimal math', () => {
  it('parses decimal strings into integer units, rounding half away from zero', () => {
    expect(parseUnits('12.5', 3)).toBe(12500n);
    expect(parseUnits('0.0005', 3)).toBe(1n);
    expect(parseUnits('.5', 2)).toBe(50n);
    expect(parseUnits('abc', 2)).toBeNull();
    expect(parseUnits('', 2)).toBeNull();
  });

  it('computes net, payable and amount like the server, without float error', () => {
    expect(
      lineFigures({ grossKg: '1250.5', tareKg: '50.25', deductionPct: '2.5', unitPrice: '18.75' }),
    ).toEqual({
      netKg: '1200.250',
      payableKg: '1170.244', // 1200.25 × 0.975 = 1170.24375 → 1170.244
      amount: '21942.08', // 1170.244 × 18.75 = 21942.075 → 21942.08
    });
    // 0.1 + 0.2 style inputs stay exact.
    expect(lineFigures({ grossKg: '0.3', tareKg: '0.1', deductionPct: '', unitPrice: '0.1' })).toEqual({
      netKg: '0.200',
      payableKg: '0.200',
      amount: '0.02',
    });
  });

  it('leaves the amount to the price list when no unit price is given', () => {
    expect(lineFigures({ grossKg: '100', tareKg: '', deductionPct: '', unitPrice: '' })?.amount).toBeNull();
    expect(lineFigures({ grossKg: '', tareKg: '', deductionPct: '', unitPrice: '' })).toBeNull();
  });

  it('sums decimal strings exactly', () => {
    expect(sumDecimals(['0.10', '0.20', '1000000000.01'], 2)).toBe('1000000000.31');
  });
});
