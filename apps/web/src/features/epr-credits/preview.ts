import {
  CREDIT_KG,
  type CreditFate,
  creditCollectorPay,
  formatUnits,
  takeOldestFirst,
  toUnits,
} from '@plastrace/shared';
import type { RecoveryRow } from './api.ts';

// What issuing would claim, computed here from the eligible rows by the server's rule: the rows of the
// facility, fate, vintage (and material type) oldest first, each giving what it has left, the last in part.

export type IssueChoice = {
  facilityId: string;
  fate: CreditFate;
  vintage: number;
  /** null: every material type at the facility (a mixed batch). */
  materialType: string | null;
};

const GRAMS_PER_CREDIT = toUnits(CREDIT_KG, 3);

export const rowsFor = (rows: RecoveryRow[], c: IssueChoice) =>
  rows.filter(
    (r) =>
      r.facility.id === c.facilityId &&
      r.fate === c.fate &&
      r.recoveredOn.startsWith(`${c.vintage}-`) &&
      (c.materialType === null || r.material.type === c.materialType),
  );

/** Whole credits the rows hold, and their kilograms. */
export function creditsIn(rows: RecoveryRow[]) {
  const grams = rows.reduce((s, r) => s + toUnits(r.availableKg, 3), 0n);
  return { credits: Number(grams / GRAMS_PER_CREDIT), kg: formatUnits(grams, 3) };
}

export type PreviewPart = { row: RecoveryRow; takeKg: string };
export type Preview = { parts: PreviewPart[]; kg: string; pay: { php: string; perKg: string } };

/** The parts `quantity` credits would claim, or null when the rows hold less (the server's rule). */
export function previewIssue(rows: RecoveryRow[], quantity: number): Preview | null {
  if (quantity < 1) return null;
  const kg = formatUnits(BigInt(quantity) * GRAMS_PER_CREDIT, 3);
  const taken = takeOldestFirst(rows, (r) => r.availableKg, kg);
  if (!taken) return null;
  const parts: PreviewPart[] = taken.map((t) => ({ row: t.row, takeKg: t.takeKg }));
  const pay = creditCollectorPay(
    parts.map((p) => ({ kg: p.takeKg, netKg: p.row.lineNetKg, amount: p.row.lineAmount })),
    kg,
  );
  return { parts, kg, pay };
}
