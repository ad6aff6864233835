import { formatUnits, toUnits } from '@plastrace/shared';
import type { NewClaim, RecoveryRow } from './claims.repo.ts';

// Taking kilograms of verified recovery for a claim: the oldest recovery first (the rows' order), each
// row giving what it has left, the last one in part. Exact in grams.

export type Allocation = { claims: NewClaim[]; rows: (RecoveryRow & { take_kg: string })[] };

/** `wantedKg` from `rows` (available_kg each), or null when they hold less than that. */
export function allocate(rows: RecoveryRow[], wantedKg: string): Allocation | null {
  let left = toUnits(wantedKg, 3);
  const taken: Allocation['rows'] = [];
  for (const r of rows) {
    if (left <= 0n) break;
    const available = toUnits(r.available_kg, 3);
    if (available <= 0n) continue;
    const take = available < left ? available : left;
    left -= take;
    taken.push({ ...r, take_kg: formatUnits(take, 3) });
  }
  if (left > 0n) return null;
  return {
    rows: taken,
    claims: taken.map((r) => ({
      lotId: r.lot_id,
      recoveryRecordId: r.recovery_record_id,
      fate: r.fate,
      kg: r.take_kg,
    })),
  };
}

/** Every row's whole remainder: what "claim all of it" takes. */
export function allocateAll(rows: RecoveryRow[]): Allocation {
  const total = rows.reduce((s, r) => s + toUnits(r.available_kg, 3), 0n);
  return allocate(rows, formatUnits(total, 3)) ?? { claims: [], rows: [] };
}
