import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  facilities,
  lotBalances,
  lots,
  materials,
  stockCountLines,
  stockCounts,
  users,
} from '../../db/schema/index.ts';
import { searchAny, sortOrder } from '../../lib/listing.ts';

type Handle = Db | Tx;
const l = stockCountLines;
const c = stockCounts;

const opener = alias(users, 'opener');
const poster = alias(users, 'poster');
const canceller = alias(users, 'canceller');
const counter = alias(users, 'counter');
const countMaterial = alias(materials, 'count_material');
type Person = { id: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn };
const nameOf = (u: Person) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

const header = {
  count: stockCounts,
  facility: { id: facilities.id, code: facilities.code, name: facilities.name },
  material: { id: countMaterial.id, code: countMaterial.code, name: countMaterial.name },
  openedBy: { id: opener.id, name: nameOf(opener) },
  postedBy: { id: poster.id, name: nameOf(poster) },
  cancelledBy: { id: canceller.id, name: nameOf(canceller) },
};

const headers = <X extends Record<string, SQL>>(db: Handle, extra?: X) =>
  db
    .select({ ...header, ...(extra as X) })
    .from(c)
    .innerJoin(facilities, eq(facilities.id, c.facilityId))
    .leftJoin(countMaterial, eq(countMaterial.id, c.materialId))
    .innerJoin(opener, eq(opener.id, c.createdBy))
    .leftJoin(poster, eq(poster.id, c.postedBy))
    .leftJoin(canceller, eq(canceller.id, c.cancelledBy));

export type CountFilter = {
  limit: number;
  after?: [string, string];
  status?: string;
  facilityId?: string;
  q?: string;
};

const NEWEST_FIRST = '-created_at';

export async function listCounts(db: Handle, orgId: string, f: CountFilter) {
  const order = sortOrder(NEWEST_FIRST, { created_at: c.createdAt }, c.id, f.after);
  const rows = await headers(db, { sortValue: order.value })
    .where(
      and(
        eq(c.organizationId, orgId),
        f.status ? eq(c.status, f.status as 'open') : undefined,
        f.facilityId ? eq(c.facilityId, f.facilityId) : undefined,
        searchAny(f.q, [c.number, facilities.code, facilities.name, c.notes]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
  return rows.map((r) => ({ ...r, id: r.count.id }));
}

export const COUNT_SORT = NEWEST_FIRST;

export async function getCount(db: Handle, orgId: string, id: string) {
  const [row] = await headers(db).where(and(eq(c.organizationId, orgId), eq(c.id, id)));
  return row;
}

/** Locks the count itself, so saves, posting and cancelling of one count take turns. */
export async function lockCount(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(c)
    .where(and(eq(c.organizationId, orgId), eq(c.id, id)))
    .for('update');
  return row;
}

/**
 * A difference's value at the lot's average cost when the count was opened, in exact integer
 * arithmetic (grams, centavos) rounded half away from zero: the same figure stock.valueAtAverageCost
 * gives when posting writes it, since posting refuses a lot whose balance has moved. Once posted, what
 * was written is kept on the line and shown instead.
 */
const differenceKg = sql`(${l.countedKg} - ${l.bookKg})`;
const differenceValue = sql<string | null>`coalesce(${l.adjustedValuePhp}, CASE
  WHEN ${l.countedKg} IS NULL THEN NULL
  WHEN ${l.bookKg} = 0 THEN 0
  ELSE sign(${differenceKg}) * div(${l.bookValuePhp} * 100 * abs(${differenceKg}) * 1000 * 2 + ${l.bookKg} * 1000,
                                   2 * ${l.bookKg} * 1000) / 100
END)::numeric(14,2)::text`;

/** Sums over each count's lines; counted and difference only over lines counted so far. */
export function totalsOf(db: Handle, orgId: string, countIds: string[]) {
  if (countIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      countId: l.countId,
      lines: sql<number>`count(*)::int`,
      countedLines: sql<number>`count(${l.countedKg})::int`,
      bookKg: sql<string>`sum(${l.bookKg})::numeric(14,3)::text`,
      bookValuePhp: sql<string>`sum(${l.bookValuePhp})::numeric(14,2)::text`,
      countedKg: sql<string>`coalesce(sum(${l.countedKg}), 0)::numeric(14,3)::text`,
      differenceKg: sql<string>`coalesce(sum(${differenceKg}), 0)::numeric(14,3)::text`,
      differenceValuePhp: sql<string>`coalesce(sum(${differenceValue}::numeric), 0)::numeric(14,2)::text`,
    })
    .from(l)
    .where(and(eq(l.organizationId, orgId), inArray(l.countId, countIds)))
    .groupBy(l.countId);
}

export function linesOf(db: Handle, orgId: string, countId: string) {
  return db
    .select({
      line: l,
      lot: { id: lots.id, code: lots.code, status: lots.status },
      material: { id: materials.id, code: materials.code, name: materials.name },
      differenceKg: sql<string | null>`${differenceKg}::numeric(14,3)::text`,
      differenceValuePhp: differenceValue,
      countedBy: { id: counter.id, name: nameOf(counter) },
    })
    .from(l)
    .innerJoin(lots, eq(lots.id, l.lotId))
    .innerJoin(materials, eq(materials.id, lots.materialId))
    .leftJoin(counter, eq(counter.id, l.countedBy))
    .where(and(eq(l.organizationId, orgId), eq(l.countId, countId)))
    .orderBy(asc(materials.code), asc(lots.code));
}

/** Open counts whose scope overlaps a new one at this facility (all materials overlaps everything). */
export function overlappingOpenCounts(tx: Tx, orgId: string, facilityId: string, materialId?: string | null) {
  return tx
    .select({ number: c.number })
    .from(c)
    .where(
      and(
        eq(c.organizationId, orgId),
        eq(c.facilityId, facilityId),
        eq(c.status, 'open'),
        materialId ? or(isNull(c.materialId), eq(c.materialId, materialId)) : undefined,
      ),
    );
}

/** Two people opening counts of one facility at once queue here, so the overlap check holds. */
export async function lockFacilityCounts(tx: Tx, facilityId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('stock_count:' || ${facilityId}))`);
}

export async function insertCount(tx: Tx, values: typeof stockCounts.$inferInsert) {
  const [row] = await tx.insert(c).values(values).returning();
  if (!row) throw new Error('stock count insert returned nothing');
  return row;
}

/** The count sheet: every lot with stock at the facility (of the material), its book balance as of now. */
export async function snapshotLines(
  tx: Tx,
  count: { id: string; organizationId: string; facilityId: string; materialId: string | null },
): Promise<number> {
  const b = lotBalances;
  const rows = await tx
    .select({
      lotId: b.lotId,
      bookKg: b.qtyKg,
      bookValuePhp: b.valuePhp,
    })
    .from(b)
    .where(
      and(
        eq(b.organizationId, count.organizationId),
        eq(b.facilityId, count.facilityId),
        count.materialId ? eq(b.materialId, count.materialId) : undefined,
        gt(b.qtyKg, '0'),
      ),
    );
  if (rows.length === 0) return 0;
  await tx
    .insert(l)
    .values(rows.map((r) => ({ ...r, organizationId: count.organizationId, countId: count.id })));
  return rows.length;
}

/** Lot ids of the request that are on this count. */
export async function lotsOnCount(db: Handle, countId: string, lotIds: string[]) {
  const rows = await db
    .select({ lotId: l.lotId })
    .from(l)
    .where(and(eq(l.countId, countId), inArray(l.lotId, lotIds)));
  return new Set(rows.map((r) => r.lotId));
}

/**
 * Records counted kg (null clears); a line whose count does not change keeps who counted it and when.
 * Returns how many lines changed.
 */
export async function setCounted(
  tx: Tx,
  countId: string,
  userId: string,
  entries: { lot_id: string; counted_kg: string | null }[],
): Promise<number> {
  const { rowCount } = await tx.execute(sql`
    UPDATE ${l} SET counted_kg = v.counted_kg,
      counted_by = CASE WHEN v.counted_kg IS NULL THEN NULL ELSE ${userId}::uuid END,
      counted_at = CASE WHEN v.counted_kg IS NULL THEN NULL ELSE pt_now() END
    FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS v(lot_id uuid, counted_kg numeric)
    WHERE ${l.countId} = ${countId} AND ${l.lotId} = v.lot_id
      AND ${l.countedKg} IS DISTINCT FROM v.counted_kg`);
  return rowCount ?? 0;
}

/** The lines to post, with their lots' codes, in lot id order (the order posting locks them in). */
export function linesToPost(tx: Tx, countId: string) {
  return tx
    .select({ line: l, code: lots.code })
    .from(l)
    .innerJoin(lots, eq(lots.id, l.lotId))
    .where(eq(l.countId, countId))
    .orderBy(asc(l.lotId));
}

export async function setAdjusted(
  tx: Tx,
  countId: string,
  entries: { lot_id: string; adjusted_kg: string; adjusted_value_php: string }[],
) {
  await tx.execute(sql`
    UPDATE ${l} SET adjusted_kg = v.adjusted_kg, adjusted_value_php = v.adjusted_value_php
    FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb)
      AS v(lot_id uuid, adjusted_kg numeric, adjusted_value_php numeric)
    WHERE ${l.countId} = ${countId} AND ${l.lotId} = v.lot_id`);
}

/** Moves an open count on; false when it is no longer open or no longer at `version`. */
export async function closeCount(
  tx: Tx,
  orgId: string,
  id: string,
  set: PgUpdateSetSource<typeof stockCounts> & { status: 'posted' | 'cancelled' },
): Promise<boolean> {
  const rows = await tx
    .update(c)
    .set({ ...set, updatedAt: dbNow, version: sql`${c.version} + 1` })
    .where(and(eq(c.organizationId, orgId), eq(c.id, id), eq(c.status, 'open')))
    .returning({ id: c.id });
  return rows.length === 1;
}

export async function touchCount(tx: Tx, orgId: string, id: string) {
  await tx
    .update(c)
    .set({ updatedAt: dbNow, version: sql`${c.version} + 1` })
    .where(and(eq(c.organizationId, orgId), eq(c.id, id), eq(c.status, 'open')));
}
