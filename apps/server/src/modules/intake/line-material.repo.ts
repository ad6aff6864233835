import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  facilities,
  orderLines,
  organizations,
  prices,
  receiveLines,
  receiveRecords,
} from '../../db/schema/index.ts';

/** A receive line with its record (locked, so it queues behind an edit or a posting) and facility region. */
export async function lockLineRecord(tx: Tx, orgId: string, lineId: string) {
  const [row] = await tx
    .select({ line: receiveLines, record: receiveRecords, region: facilities.region })
    .from(receiveLines)
    .innerJoin(receiveRecords, eq(receiveRecords.id, receiveLines.recordId))
    .innerJoin(facilities, eq(facilities.id, receiveRecords.facilityId))
    .where(and(eq(receiveLines.organizationId, orgId), eq(receiveLines.id, lineId)))
    .for('update', { of: receiveRecords });
  return row;
}

/** The order line a material counts towards (its grade first), as receive_priced_lines picks it. */
export async function orderLineFor(tx: Tx, orderId: string, material: { id: string; grade: string }) {
  const [row] = await tx
    .select({ id: orderLines.id, unitPrice: orderLines.unitPrice })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.materialId, material.id)))
    .orderBy(desc(sql`lower(${orderLines.grade}) = lower(${material.grade})`), asc(orderLines.lineNo))
    .limit(1);
  return row;
}

/** The buying price in force on the record's day in the organization's time zone, as a draft is priced. */
export async function buyingPriceOn(
  tx: Tx,
  orgId: string,
  s: { materialId: string; grade: string; region: string; at: Date },
) {
  const [row] = await tx
    .select({ price: prices.pricePerKg })
    .from(prices)
    .where(
      and(
        eq(prices.organizationId, orgId),
        eq(prices.materialId, s.materialId),
        eq(prices.kind, 'buying'),
        sql`lower(${prices.grade}) = lower(${s.grade})`,
        sql`lower(${prices.region}) = lower(${s.region})`,
        sql`${prices.effectiveFrom} <= (${s.at.toISOString()}::timestamptz AT TIME ZONE (SELECT ${organizations.timeZone} FROM ${organizations} WHERE ${organizations.id} = ${orgId}))::date`,
      ),
    )
    .orderBy(desc(prices.effectiveFrom), desc(prices.createdAt))
    .limit(1);
  return row?.price;
}

export async function setLineMaterial(
  tx: Tx,
  line: { id: string; recordId: string },
  v: { materialId: string; orderLineId: string | null; unitPrice: string },
) {
  await tx
    .update(receiveLines)
    .set({
      materialId: v.materialId,
      orderLineId: v.orderLineId,
      unitPrice: v.unitPrice,
      amount: sql`round(${receiveLines.payableKg} * ${v.unitPrice}::numeric, 2)`,
    })
    .where(eq(receiveLines.id, line.id));
  await tx
    .update(receiveRecords)
    .set({ updatedAt: dbNow, version: sql`${receiveRecords.version} + 1` })
    .where(eq(receiveRecords.id, line.recordId));
}
