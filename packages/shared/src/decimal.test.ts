import { describe, expect, it } from 'vitest';
import {
  formatUnits,
  groupedNumberHint,
  massBalance,
  multiply,
  parseUnits,
  pricePerKg,
  RECEIVE_LINE_RULES,
  receiveLineFigures,
  receiveLineProblems,
  sumDecimals,
  toUnits,
} from './decimal.ts';
import { formatKg, formatPhp, formatPhpPerKg } from './format.ts';

const line = (gross: string, tare = '', deduction = '', price = '') => ({ gross, tare, deduction, price });

describe('decimal', () => {
  it('parses and formats exactly, rounding half away from zero', () => {
    expect(parseUnits('1234.5', 3)).toBe(1234500n);
    expect(parseUnits('0.0005', 3)).toBe(1n);
    expect(parseUnits('0.0004', 3)).toBe(0n);
    expect(parseUnits('.5', 2)).toBe(50n);
    expect(parseUnits(12.345, 2)).toBe(1235n);
    expect(parseUnits('-2.5', 0)).toBe(-3n);
    expect(formatUnits(1234500n, 3)).toBe('1234.500');
    expect(formatUnits(-5n, 2)).toBe('-0.05');
    expect(formatUnits(0n, 3)).toBe('0.000');
    expect(formatUnits(5n, 3)).toBe('0.005');
    expect(formatUnits(1000n, 3)).toBe('1.000');
    expect(formatUnits(-1234n, 0)).toBe('-1234');
    expect(formatUnits(0n, 0)).toBe('0');
    expect(formatUnits(123456789012345678901234567890n, 3)).toBe('123456789012345678901234567.890');
    for (const bad of ['1e3', '1,250', 'abc', '', '.', '-']) expect(parseUnits(bad, 2), bad).toBeNull();
    expect(() => toUnits('1e3', 2)).toThrow('not a decimal: 1e3');
  });

  it('multiplies kg × PHP/kg into centavos without float error', () => {
    // 0.1 kg × ₱0.3/kg = ₱0.03 (floats give 0.030000000000000006)
    expect(formatUnits(multiply(toUnits('0.1', 3), 3, toUnits('0.3', 2), 2, 2), 2)).toBe('0.03');
    // 1,234.567 kg × ₱16.75 = ₱20,678.997… → ₱20,679.00
    expect(formatUnits(multiply(1234567n, 3, 1675n, 2, 2), 2)).toBe('20679.00');
    // 98 % of 250.125 kg (deduction 2 %) = 245.1225 → 245.123 kg
    expect(formatUnits(multiply(250125n, 3, 9800n, 4, 3), 3)).toBe('245.123');
    expect(formatUnits(multiply(-1n, 3, 5n, 1, 3), 3)).toBe('-0.001'); // −0.0005 → −0.001
  });

  it('divides to the centavo, half away from zero', () => {
    expect(pricePerKg('4600.00', '400.000')).toBe('11.50');
    expect(pricePerKg('10.00', '3.000')).toBe('3.33');
    expect(pricePerKg('20.00', '3.000')).toBe('6.67');
    expect(pricePerKg('0.01', '2.000')).toBe('0.01'); // 0.005 → 0.01
    expect(pricePerKg('-0.01', '2.000')).toBe('-0.01');
    expect(pricePerKg('5.00', '0.000')).toBeNull();
  });

  it('says how to write a number grouped with commas, instead of refusing it blankly', () => {
    expect(groupedNumberHint('1,250')).toBe('Write 1250, without commas');
    expect(groupedNumberHint(' 12,345,678.5 ')).toBe('Write 12345678.5, without commas');
    for (const other of ['1250', '1,25', '12,3456', 'abc', '1.250,5'])
      expect(groupedNumberHint(other), other).toBeUndefined();
  });

  it('sums decimal strings exactly', () => {
    expect(sumDecimals(['0.10', '0.20', '1000000000.01'], 2)).toBe('1000000000.31');
  });
});

describe('receive line figures', () => {
  it('computes net, payable and amount as posting stores them', () => {
    expect(receiveLineFigures(line('1250.5', '50.25', '2.5', '18.75'))).toEqual({
      netKg: '1200.250',
      payableKg: '1170.244', // 1200.25 × 0.975 = 1170.24375 → 1170.244
      amount: '21942.08', // 1170.244 × 18.75 = 21942.075 → 21942.08
    });
    expect(receiveLineFigures(line('0.3', '0.1', '', '0.1'))).toEqual({
      netKg: '0.200',
      payableKg: '0.200',
      amount: '0.02',
    });
  });

  it('leaves the amount to the price list when no unit price is given, and waits for a gross weight', () => {
    expect(receiveLineFigures(line('100'))?.amount).toBeNull();
    expect(receiveLineFigures(line(''))).toBeNull();
    expect(receiveLineFigures(line('1,250'))).toBeNull();
  });

  it('refuses what the database refuses: tare at or above gross, deduction at or above 100 %', () => {
    expect(receiveLineProblems(line('10', '9.999', '99.99'))).toEqual({});
    expect(receiveLineProblems(line('10', '10', '100'))).toEqual({
      tare: RECEIVE_LINE_RULES.tare,
      deduction: RECEIVE_LINE_RULES.deduction,
    });
    // Compared as stored: 3 and 2 decimals, rounded half away from zero.
    expect(receiveLineProblems(line('10', '9.9995'))).toEqual({ tare: RECEIVE_LINE_RULES.tare });
    expect(receiveLineProblems(line('10', '', '99.995'))).toEqual({
      deduction: RECEIVE_LINE_RULES.deduction,
    });
  });
});

describe('money and weight formats', () => {
  it('groups thousands on the exact decimal, as the pages show it', () => {
    expect(formatPhp('67875.37')).toBe('₱67,875.37');
    expect(formatPhp('1234567.5')).toBe('₱1,234,567.50');
    expect(formatPhp('-5')).toBe('-₱5.00');
    expect(formatPhp('0.005')).toBe('₱0.01');
    expect(formatPhp(null)).toBe('—');
    expect(formatPhp('n/a')).toBe('n/a');
    expect(formatKg('1688.500')).toBe('1,688.5 kg');
    expect(formatKg('1000000.125')).toBe('1,000,000.125 kg');
    expect(formatKg('-2.500')).toBe('-2.5 kg');
    expect(formatKg('0.000')).toBe('0 kg');
    expect(formatKg('')).toBe('—');
    expect(formatPhpPerKg('16.5')).toBe('₱16.50/kg');
  });

  it('writes what Intl writes for en-PH, without going through a float', () => {
    const php = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
    const kg = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 3 });
    for (const v of ['0', '1', '999.99', '1000', '-1250.5', '123456789.01']) {
      expect(formatPhp(v)).toBe(php.format(Number(v)));
      expect(formatKg(v)).toBe(`${kg.format(Number(v))} kg`);
    }
  });
});

describe('massBalance', () => {
  it('balances a run exactly, within the tolerance of the inputs', () => {
    expect(massBalance(['600', '250'], ['700'], ['150'], '0.5')).toEqual({
      input: '850.000',
      output: '700.000',
      loss: '150.000',
      difference: '0.000',
      differencePct: '0.00',
      within: true,
    });
    // 0.5 % of 1,000 kg is 5 kg: 995 balances, 994.999 does not.
    expect(massBalance(['1000'], ['995'], [], '0.5').within).toBe(true);
    expect(massBalance(['1000'], ['994.999'], [], '0.5')).toMatchObject({
      difference: '5.001',
      differencePct: '0.50',
      within: false,
    });
    expect(massBalance(['1000'], ['980'], [], '0.5')).toMatchObject({ differencePct: '2.00', within: false });
    // More out than in is off too.
    expect(massBalance(['100'], ['101'], [], '0.5')).toMatchObject({ difference: '-1.000', within: false });
  });

  it('counts rows not yet typed as 0 and needs some input', () => {
    expect(massBalance(['', 'abc'], ['1,5'], [], '0.5')).toMatchObject({
      input: '0.000',
      differencePct: null,
      within: false,
    });
  });
});
