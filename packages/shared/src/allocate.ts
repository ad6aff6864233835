import { formatUnits, toUnits } from './decimal.ts';

// Taking kilograms of verified recovery for a claim (a credit batch, a certificate): the rows in the
// order given (oldest recovery first), each giving what it has left, the last one in part. Exact in grams.
// The server claims with it; the credits page previews the same claim with it.

export type Taken<T> = { row: T; takeKg: string };

/** `wantedKg` from `rows`, each holding `availableOf(row)` kg, or null when they hold less than that. */
export function takeOldestFirst<T>(
  rows: T[],
  availableOf: (row: T) => string,
  wantedKg: string,
): Taken<T>[] | null {
  let left = toUnits(wantedKg, 3);
  const taken: Taken<T>[] = [];
  for (const row of rows) {
    if (left <= 0n) break;
    const available = toUnits(availableOf(row), 3);
    if (available <= 0n) continue;
    const take = available < left ? available : left;
    left -= take;
    taken.push({ row, takeKg: formatUnits(take, 3) });
  }
  return left > 0n ? null : taken;
}
