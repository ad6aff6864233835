import { describe, expect, it } from 'vitest';
import { ecarDueOn, figuresOf, fineOf, obligedByAssets } from './statement.ts';

// The year statement's arithmetic against figures computed by hand.

const base = {
  year: 2026,
  obliged: true,
  footprintKg: '250000.000',
  targetPct: '60.00',
  targetSource: 'DENR via mb.com.ph (2024-02-22)',
  retiredCredits: 50,
  recoveryCostPhpPerKg: null as string | null,
};

describe('year figures', () => {
  it('250,000 kg in 2026 (60 %) needs 150,000 kg; 50 credits recover 50,000 kg: 100,000 kg short', () => {
    const f = figuresOf(base);
    expect(f).toMatchObject({
      required_kg: '150000.000',
      recovered_kg: '50000.000',
      surplus_kg: '0.000',
      shortfall_kg: '100000.000',
      ecar_due_on: '2027-06-30',
    });
    // Without a recovery cost: the range alone, and why the comparison is missing.
    expect(f.fine).toMatchObject({
      status: 'exposed',
      low_php: '5000000.00',
      high_php: '20000000.00',
      twice_cost_php: null,
    });
    expect(f.fine.statement).toMatch(/needs a recovery cost per kg/);
    expect(f.basis.map((b) => b.figure)).toEqual([
      'Required recovery',
      'Recovered',
      'Shortfall',
      'Fine exposure',
      'ECAR due',
    ]);
    expect(f.basis[1]?.rule).toMatch(/no kilogram counts twice/);
  });

  it('at PHP 12.50/kg twice the cost is PHP 2,500,000: below the range, so 5M–20M', () => {
    const f = figuresOf({ ...base, recoveryCostPhpPerKg: '12.50' });
    expect(f.fine).toMatchObject({
      status: 'exposed',
      twice_cost_php: '2500000.00',
      low_php: '5000000.00',
      high_php: '20000000.00',
    });
  });

  it('at PHP 150/kg twice the cost is PHP 30,000,000: above the range, so 30M–30M', () => {
    const f = figuresOf({ ...base, recoveryCostPhpPerKg: '150.00' });
    expect(f.fine).toMatchObject({
      twice_cost_php: '30000000.00',
      low_php: '30000000.00',
      high_php: '30000000.00',
    });
  });

  it('at PHP 75/kg twice the cost (15M) is inside the range: 15M–20M', () => {
    expect(figuresOf({ ...base, recoveryCostPhpPerKg: '75' }).fine).toMatchObject({
      twice_cost_php: '15000000.00',
      low_php: '15000000.00',
      high_php: '20000000.00',
    });
  });

  it('no shortfall, no fine; recovery beyond the target is a surplus', () => {
    const f = figuresOf({ ...base, retiredCredits: 151, recoveryCostPhpPerKg: '12.50' });
    expect(f).toMatchObject({ surplus_kg: '1000.000', shortfall_kg: '0.000' });
    expect(f.fine).toMatchObject({ status: 'none', low_php: '0.00', high_php: '0.00' });
    expect(f.basis[2]).toMatchObject({ figure: 'Surplus', value: '1,000 kg' });
    expect(figuresOf({ ...base, retiredCredits: 150 }).fine.status).toBe('none');
  });

  it('rounds the required recovery half up to the gram, and twice the cost once to the centavo', () => {
    // 333.333 kg × 60 % = 199.9998 kg → 200.000; 0.001 kg × 50 % = 0.0005 kg → 0.001.
    expect(figuresOf({ ...base, footprintKg: '333.333', retiredCredits: 0 }).required_kg).toBe('200.000');
    expect(
      figuresOf({ ...base, footprintKg: '0.001', targetPct: '50.00', retiredCredits: 0 }).required_kg,
    ).toBe('0.001');
    // 1.235 kg × 2 × PHP 0.01 = PHP 0.0247 → 0.02.
    expect(fineOf(true, 1235n, '0.01').twice_cost_php).toBe('0.02');
    // 100,000.001 kg × 2 × PHP 150.01 = 30,002,000.30002 → 30,002,000.30.
    expect(fineOf(true, 100_000_001n, '150.01')).toMatchObject({
      twice_cost_php: '30002000.30',
      low_php: '30002000.30',
      high_php: '30002000.30',
    });
  });

  it('shows the figures of an organization that is not obliged, without a fine', () => {
    const f = figuresOf({ ...base, obliged: false, recoveryCostPhpPerKg: '150' });
    expect(f.shortfall_kg).toBe('100000.000');
    expect(f.fine).toMatchObject({ status: 'not_obliged', low_php: null, high_php: null });
    expect(f.fine.statement).toMatch(/^Not obliged/);
  });

  it('says nothing is required without a footprint or a target', () => {
    const none = figuresOf({ ...base, footprintKg: null });
    expect(none).toMatchObject({ required_kg: null, surplus_kg: null, shortfall_kg: null });
    expect(none.fine.status).toBe('unknown');
    expect(none.basis[0]?.rule).toBe('No plastic footprint is entered for 2026.');
    const baseline = figuresOf({ ...base, year: 2022, targetPct: null });
    expect(baseline.required_kg).toBeNull();
    expect(baseline.basis[0]?.rule).toBe('No recovery target applies to 2022.');
  });
});

describe('thresholds and dates', () => {
  it('hints "obliged" above PHP 100M of assets only', () => {
    expect(obligedByAssets(null)).toBeNull();
    expect(obligedByAssets('100000000.00')).toBe(false);
    expect(obligedByAssets('100000000.01')).toBe(true);
  });

  it('puts the ECAR due on 30 June of the following year', () => {
    expect(ecarDueOn(2023)).toBe('2024-06-30');
  });
});
