import { formatUnits, toUnits } from '@plastrace/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import { counters, lotBalances, lots, stockMovements } from '../../db/schema/index.ts';

/** Next value of a per-organization counter; the row lock makes concurrent callers queue, never collide. */
export async function nextCounter(tx: Tx, organizationId: string, name: string): Promise<number> {
  const [row] = await tx
    .insert(counters)
    .values({ organizationId, name, value: 1 })
    .onConflictDoUpdate({
      target: [counters.organizationId, counters.name],
      set: { value: sql`${counters.value} + 1` },
    })
    .returning({ value: counters.value });
  if (!row) throw new Error('counter returned nothing');
  return row.value;
}

export async function insertLot(tx: Tx, values: typeof lots.$inferInsert) {
  const [row] = await tx.insert(lots).values(values).returning();
  if (!row) throw new Error('lot insert returned nothing');
  return row;
}

export type Movement = {
  organizationId: string;
  lotId: string;
  facilityId: string;
  materialId: string;
  /** Signed kg as a decimal string: positive in, negative out. */
  qtyKg: string;
  /** For stock in: the value added (PHP). Stock out always leaves at the lot's weighted-average cost. */
  valuePhp?: string;
  kind: string;
  sourceType: string;
  sourceId?: string | null;
  reason?: string | null;
  createdBy: string | null;
  /** When the material physically moved (a delivery's time received); now when left out. */
  postedAt?: Date;
};

/**
 * Writes one ledger row and moves the lot's cached balance in the same transaction. A withdrawal
 * first locks the lot's balance row, so concurrent withdrawals queue and each sees what the one
 * before it left; undefined means there was not enough stock (nothing is written then).
 */
export async function move(tx: Tx, m: Movement): Promise<{ qtyKg: string; valuePhp: string } | undefined> {
  const qty = toUnits(m.qtyKg, 3);
  let value = toUnits(m.valuePhp ?? '0', 2);
  if (qty < 0n) {
    const balance = await lockBalance(tx, m.lotId);
    if (!balance) return undefined;
    const onHand = toUnits(balance.qtyKg, 3);
    const worth = toUnits(balance.valuePhp, 2);
    if (onHand < -qty) return undefined;
    // Out at weighted-average cost; the last kilogram takes whatever value is left.
    const taken = onHand === -qty ? worth : valueAtAverageCost(worth, onHand, -qty);
    value = -taken;
    await tx
      .update(lotBalances)
      .set({
        qtyKg: formatUnits(onHand + qty, 3),
        valuePhp: formatUnits(worth - taken, 2),
        updatedAt: dbNow,
      })
      .where(eq(lotBalances.lotId, m.lotId));
  } else {
    await tx
      .insert(lotBalances)
      .values({
        lotId: m.lotId,
        organizationId: m.organizationId,
        facilityId: m.facilityId,
        materialId: m.materialId,
        qtyKg: m.qtyKg,
        valuePhp: formatUnits(value, 2),
      })
      .onConflictDoUpdate({
        target: lotBalances.lotId,
        set: {
          qtyKg: sql`${lotBalances.qtyKg} + ${m.qtyKg}::numeric`,
          valuePhp: sql`${lotBalances.valuePhp} + ${formatUnits(value, 2)}::numeric`,
          updatedAt: dbNow,
        },
      });
  }
  const [row] = await tx
    .insert(stockMovements)
    .values({ ...m, valuePhp: formatUnits(value, 2) })
    .returning({ qtyKg: stockMovements.qtyKg, valuePhp: stockMovements.valuePhp });
  return row;
}

/**
 * What `qty` grams are worth (centavos) at the average cost of `onHand` grams worth `worth`, rounded
 * half-up; all three non-negative. Withdrawals, adjustments and stock counts all value kilograms so,
 * which is what lets a count show beforehand exactly what posting it will write.
 */
export const valueAtAverageCost = (worth: bigint, onHand: bigint, qty: bigint): bigint =>
  onHand === 0n ? 0n : (worth * qty * 2n + onHand) / (2n * onHand);

/**
 * A counted or corrected quantity as an `adjustment` row: an increase is valued at the lot's current
 * average cost, a decrease leaves at it (see move). Undefined when the lot does not hold that much.
 */
export async function adjust(
  tx: Tx,
  a: Omit<Movement, 'kind' | 'valuePhp'> & { reason: string },
): Promise<{ qtyKg: string; valuePhp: string } | undefined> {
  const qty = toUnits(a.qtyKg, 3);
  if (qty < 0n) return move(tx, { ...a, kind: 'adjustment' });
  const bal = await lockBalance(tx, a.lotId);
  const value = bal ? valueAtAverageCost(toUnits(bal.valuePhp, 2), toUnits(bal.qtyKg, 3), qty) : 0n;
  return move(tx, { ...a, kind: 'adjustment', valuePhp: formatUnits(value, 2) });
}

export async function lockBalance(tx: Tx, lotId: string) {
  const [row] = await tx.select().from(lotBalances).where(eq(lotBalances.lotId, lotId)).for('update');
  return row;
}

/** Locks several lots' balances, in lot id order like lots.lockLots, so concurrent posters cannot deadlock. */
export function lockBalances(tx: Tx, lotIds: string[]) {
  return tx
    .select()
    .from(lotBalances)
    .where(inArray(lotBalances.lotId, lotIds))
    .orderBy(asc(lotBalances.lotId))
    .for('update');
}

export function movementsOfLot(tx: Db | Tx, organizationId: string, lotId: string) {
  return tx
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.organizationId, organizationId), eq(stockMovements.lotId, lotId)))
    .orderBy(asc(stockMovements.postedAt), asc(stockMovements.id));
}

export async function setLotStatus(
  tx: Tx,
  organizationId: string,
  lotId: string,
  status: (typeof lots.$inferSelect)['status'],
  quarantineReason?: string | null,
) {
  await tx
    .update(lots)
    .set({
      status,
      quarantineReason: quarantineReason ?? null,
      updatedAt: dbNow,
      version: sql`${lots.version} + 1`,
    })
    .where(and(eq(lots.organizationId, organizationId), eq(lots.id, lotId)));
}
