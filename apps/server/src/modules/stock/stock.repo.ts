import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { counters, lotBalances, lots, stockMovements } from '../../db/schema/index.ts';
import { formatDecimal, parseDecimal } from '../../lib/decimal.ts';

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
};

/**
 * Writes one ledger row and moves the lot's cached balance in the same transaction. A withdrawal
 * first locks the lot's balance row, so concurrent withdrawals queue and each sees what the one
 * before it left; undefined means there was not enough stock (nothing is written then).
 */
export async function move(tx: Tx, m: Movement): Promise<{ qtyKg: string; valuePhp: string } | undefined> {
  const qty = parseDecimal(m.qtyKg, 3);
  let value = parseDecimal(m.valuePhp ?? '0', 2);
  if (qty < 0n) {
    const balance = await lockBalance(tx, m.lotId);
    if (!balance) return undefined;
    const onHand = parseDecimal(balance.qtyKg, 3);
    const worth = parseDecimal(balance.valuePhp, 2);
    if (onHand < -qty) return undefined;
    // Out at weighted-average cost; the last kilogram takes whatever value is left.
    const taken = onHand === -qty ? worth : roundDiv(worth * -qty, onHand);
    value = -taken;
    await tx
      .update(lotBalances)
      .set({
        qtyKg: formatDecimal(onHand + qty, 3),
        valuePhp: formatDecimal(worth - taken, 2),
        updatedAt: sql`now()`,
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
        valuePhp: formatDecimal(value, 2),
      })
      .onConflictDoUpdate({
        target: lotBalances.lotId,
        set: {
          qtyKg: sql`${lotBalances.qtyKg} + ${m.qtyKg}::numeric`,
          valuePhp: sql`${lotBalances.valuePhp} + ${formatDecimal(value, 2)}::numeric`,
          updatedAt: sql`now()`,
        },
      });
  }
  const [row] = await tx
    .insert(stockMovements)
    .values({ ...m, valuePhp: formatDecimal(value, 2) })
    .returning({ qtyKg: stockMovements.qtyKg, valuePhp: stockMovements.valuePhp });
  return row;
}

/** a / b rounded half-up (both non-negative). */
const roundDiv = (a: bigint, b: bigint) => (a * 2n + b) / (2n * b);

export async function lockBalance(tx: Tx, lotId: string) {
  const [row] = await tx.select().from(lotBalances).where(eq(lotBalances.lotId, lotId)).for('update');
  return row;
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
      updatedAt: sql`now()`,
      version: sql`${lots.version} + 1`,
    })
    .where(and(eq(lots.organizationId, organizationId), eq(lots.id, lotId)));
}
