import { describe, expect, it } from 'vitest';
import { formatDecimal, multiply, parseDecimal } from './decimal.ts';

describe('decimal', () => {
  it('parses and formats exactly, rounding half away from zero', () => {
    expect(parseDecimal('1234.5', 3)).toBe(1234500n);
    expect(parseDecimal('0.0005', 3)).toBe(1n);
    expect(parseDecimal('0.0004', 3)).toBe(0n);
    expect(parseDecimal(12.345, 2)).toBe(1235n);
    expect(parseDecimal('-2.5', 0)).toBe(-3n);
    expect(formatDecimal(1234500n, 3)).toBe('1234.500');
    expect(formatDecimal(-5n, 2)).toBe('-0.05');
    expect(() => parseDecimal('1e3', 2)).toThrow();
  });

  it('multiplies kg × PHP/kg into centavos without float error', () => {
    // 0.1 kg × ₱0.3/kg = ₱0.03 (floats give 0.030000000000000006)
    expect(formatDecimal(multiply(parseDecimal('0.1', 3), 3, parseDecimal('0.3', 2), 2, 2), 2)).toBe('0.03');
    // 1,234.567 kg × ₱16.75 = ₱20,678.997… → ₱20,679.00
    expect(formatDecimal(multiply(1234567n, 3, 1675n, 2, 2), 2)).toBe('20679.00');
    // 98 % of 250.125 kg (deduction 2 %) = 245.1225 → 245.123 kg
    expect(formatDecimal(multiply(250125n, 3, 9800n, 4, 3), 3)).toBe('245.123');
  });
});
