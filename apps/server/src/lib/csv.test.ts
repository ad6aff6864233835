import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and newlines, and defuses formulas', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['PET, clear', 'say "hi"'],
        ['=HYPERLINK("x")', -12.5],
        [null, 'line\nbreak'],
      ],
    );
    expect(csv).toBe('a,b\r\n"PET, clear","say ""hi"""\r\n"\'=HYPERLINK(""x"")",-12.5\r\n,"line\nbreak"\r\n');
  });

  it('keeps negative decimal strings numbers, but not formulas that start like them', () => {
    expect(toCsv(['amount'], [['-100.00'], ['-2+3'], ['-1e3']])).toBe(
      "amount\r\n-100.00\r\n'-2+3\r\n'-1e3\r\n",
    );
  });
});
