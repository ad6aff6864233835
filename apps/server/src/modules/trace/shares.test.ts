import { describe, expect, it } from 'vitest';
import { add, apportion, percent, rounded, same, scale, whole, ZERO } from './shares.ts';

describe('exact shares', () => {
  it('carries thirds through a chain without losing a gram', () => {
    // 1,000 g split three ways, each third split three ways again: nine ninths add back to 1,000 g.
    const third = scale(whole(1000n), 1n, 3n);
    const ninth = scale(third, 1n, 3n);
    let sum = ZERO;
    for (let i = 0; i < 9; i++) sum = add(sum, ninth);
    expect(same(sum, whole(1000n))).toBe(true);
    expect(rounded(third)).toBe(333n);
    expect(rounded(scale(whole(1000n), 2n, 3n))).toBe(667n);
    expect(rounded({ n: -5n, d: 2n })).toBe(-3n);
  });

  it('apportions whole grams that add up to the total, the largest remainders first', () => {
    const third = scale(whole(1000n), 1n, 3n);
    expect(apportion([third, third, third], 1000n)).toEqual([334n, 333n, 333n]);
    const parts = [scale(whole(10n), 7n, 10n), scale(whole(10n), 3n, 10n)];
    expect(apportion(parts, 10n)).toEqual([7n, 3n]);
    // Two tenths and eight tenths of 1 g: the larger remainder gets the gram.
    expect(
      apportion(
        [
          { n: 1n, d: 5n },
          { n: 4n, d: 5n },
        ],
        1n,
      ),
    ).toEqual([0n, 1n]);
  });

  it('writes percentages with two decimals, halves up', () => {
    expect(percent(whole(528n), 880n)).toBe('60.00');
    expect(percent(whole(1n), 3n)).toBe('33.33');
    expect(percent(whole(2n), 3n)).toBe('66.67');
    expect(percent(whole(1n), 8n)).toBe('12.50');
    expect(percent(whole(1n), 80_000n)).toBe('0.00');
    expect(percent(whole(1n), 1n)).toBe('100.00');
  });
});
