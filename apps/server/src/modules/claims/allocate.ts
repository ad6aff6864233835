import { takeOldestFirst } from '@plastrace/shared';
import type { NewClaim, RecoveryRow } from './claims.repo.ts';

// Taking kilograms of verified recovery for a claim: the oldest recovery first (the rows' order), each
// row giving what it has left, the last one in part — the shared rule, `takeOldestFirst`.

export type Allocation = { claims: NewClaim[]; rows: (RecoveryRow & { take_kg: string })[] };

/** `wantedKg` from `rows` (available_kg each), or null when they hold less than that. */
export function allocate(rows: RecoveryRow[], wantedKg: string): Allocation | null {
  const taken = takeOldestFirst(rows, (r) => r.available_kg, wantedKg);
  if (!taken) return null;
  return {
    rows: taken.map((t) => ({ ...t.row, take_kg: t.takeKg })),
    claims: taken.map(({ row, takeKg }) => ({
      lotId: row.lot_id,
      recoveryRecordId: row.recovery_record_id,
      fate: row.fate,
      kg: takeKg,
    })),
  };
}
