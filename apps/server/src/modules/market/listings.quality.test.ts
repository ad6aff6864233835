import { describe, expect, it } from 'vitest';
import { type LotFacts, listingQuality } from './listings.quality.ts';

const traced: LotFacts = {
  code: 'L-1',
  roots: 2,
  rootsFromSuppliers: 2,
  made: 1,
  madeByPosted: 1,
  certificates: 0,
  contaminationRecorded: true,
  records: 5,
  logged: 5,
};
const sell = (lots: LotFacts[]) =>
  listingQuality({ kind: 'material', side: 'sell', material: true, quantity: true, lots });
const met = (q: ReturnType<typeof listingQuality>) => q.checks.map((c) => c.met);

describe('listingQuality', () => {
  it('is level 1 without lots, saying why the rest is not proven', () => {
    const q = sell([]);
    expect(q.level).toBe(1);
    expect(met(q)).toEqual([true, false, false, false]);
    expect(q.checks[1]?.detail).toBe('No lots back this listing');
    const buy = listingQuality({ kind: 'material', side: 'buy', material: true, quantity: true, lots: [] });
    expect(buy.checks[1]?.detail).toBe('A buy listing offers no lots');
  });

  it('is level 2 for lots traced to suppliers through posted runs, without certificates', () => {
    const q = sell([traced]);
    expect(q.level).toBe(2);
    expect(q.checks[2]?.detail).toBe('The lot: no certificate on a published passport');
  });

  it('is level 4 with certificates and every record logged', () => {
    const q = sell([{ ...traced, certificates: 2 }]);
    expect(q.level).toBe(4);
    expect(q.checks[2]?.detail).toBe(
      'Published passports list 2 certificates; contamination is recorded at intake or in runs',
    );
    expect(q.checks[3]?.detail).toBe('All 5 lots and records of the trace are in the record log');
  });

  it('stops at the first level not met, whatever is met above it', () => {
    const q = sell([
      { ...traced, certificates: 1 },
      { ...traced, code: 'L-2', certificates: 1, rootsFromSuppliers: 1 },
    ]);
    expect(met(q)).toEqual([true, false, true, true]);
    expect(q.level).toBe(1);
    expect(q.checks[1]?.detail).toBe('1 of 2 lots: not traced to posted deliveries from named suppliers');
  });

  it('is level 3 when a record upstream is missing from the record log', () => {
    const q = sell([{ ...traced, certificates: 1, logged: 4 }]);
    expect(q.level).toBe(3);
    expect(q.checks[3]?.detail).toBe('The lot: lots or records upstream missing from the record log');
  });

  it('rates sold credits by their batch, and buy requests at level 1', () => {
    expect(listingQuality({ kind: 'credits', side: 'sell', quantity: true, batchLogged: true }).level).toBe(
      4,
    );
    expect(listingQuality({ kind: 'credits', side: 'sell', quantity: true, batchLogged: false }).level).toBe(
      3,
    );
    expect(listingQuality({ kind: 'credits', side: 'buy', quantity: true, batchLogged: null }).level).toBe(1);
  });
});
