import { describe, expect, it } from 'vitest';
import { camelKeys } from '../../api/caseConvert.ts';
import type { Trace } from './api.ts';
import { recallOf } from './testTrace.ts';
import { csvCell, traceCsv, traceFileName } from './traceCsv.ts';

describe('the trace CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas but not negative figures', () => {
    expect(csvCell('Juan, "Kuya"')).toBe('"Juan, ""Kuya"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+63 912')).toBe("'+63 912");
    expect(csvCell('-12.500')).toBe('-12.500');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('names a record’s trace by its number, and leaves out origins it did not trace', () => {
    const trace = camelKeys(recallOf()) as Trace;
    expect(traceFileName(trace)).toBe('trace-rr-0011-downstream.csv');
    const lines = traceCsv(trace).trimEnd().split('\r\n');
    expect(lines.map((l) => l.split(',')[0])).toEqual([
      'Kind',
      'lot',
      'lot',
      'lot',
      'lot',
      'destination',
      'destination',
    ]);
    expect(lines[5]).toBe(
      'destination,2 steps on,MNL1-261121-0001,PET flakes,Manila MRF,dispatched,PlastiCorp,CUS-001,Manufacturer,DR-0021,2026-11-22T03:00:00Z,yes,500.000,500.000,300.000,50.00,',
    );
  });
});
