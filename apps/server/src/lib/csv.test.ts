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
});
