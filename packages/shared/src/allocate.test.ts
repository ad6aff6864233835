import { describe, expect, it } from 'vitest';
import { takeOldestFirst } from './allocate.ts';

describe('taking kilograms oldest first', () => {
  const rows = [
    { id: 'a', kg: '0.000' },
    { id: 'b', kg: '400.250' },
    { id: 'c', kg: '700.000' },
  ];
  it('takes each row whole but the last, in part, skipping empty rows, to the gram', () => {
    expect(takeOldestFirst(rows, (r) => r.kg, '1000')?.map((t) => [t.row.id, t.takeKg])).toEqual([
      ['b', '400.250'],
      ['c', '599.750'],
    ]);
  });
  it('answers null when the rows hold less than asked', () => {
    expect(takeOldestFirst(rows, (r) => r.kg, '1100.251')).toBeNull();
    expect(takeOldestFirst(rows, (r) => r.kg, '1100.250')).toHaveLength(2);
  });
});
