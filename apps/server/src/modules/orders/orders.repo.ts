import { OPEN_ORDER_STATUSES } from '@plastrace/shared';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias, type PgInsertValue, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { dbNow } from '../../db/clock.ts';
import {
  customers,
  dispatchLines,
  dispatchRecords,
  facilities,
  materials,
  orderLines,
  orderRecords,
  receiveLines,
  receiveRecords,
  suppliers,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';

type Handle = Db | Tx;
const r = orderRecords;

const creator = alias(users, 'creator');
const confirmer = alias(users, 'confirmer');
const closer = alias(users, 'closer');
const canceller = alias(users, 'canceller');
type Person = { firstName: AnyPgColumn; lastName: AnyPgColumn };
const nameOf = (u: Person) => sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/**
 * Kg delivered against an order line: on posted dispatches (a sales order's) plus net on posted receive
 * records (a purchase order's) — a line has only one of the two. Drafts and voided records count nothing.
 */
const shippedOfLine = (
  lineId: SQL | AnyPgColumn,
) => sql`((SELECT coalesce(sum(dl.kg), 0) FROM ${dispatchLines} dl
  JOIN ${dispatchRecords} d ON d.id = dl.record_id AND d.status = 'posted' WHERE dl.order_line_id = ${lineId})
  + (SELECT coalesce(sum(rl.net_kg), 0) FROM ${receiveLines} rl
  JOIN ${receiveRecords} rr ON rr.id = rl.record_id AND rr.status = 'posted' WHERE rl.order_line_id = ${lineId}))::numeric(14,3)`;

const header = {
  order: orderRecords,
  customer: { id: customers.id, code: customers.code, name: customers.name },
  supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
  facility: { id: facilities.id, code: facilities.code, name: facilities.name },
  createdBy: { id: creator.id, name: nameOf(creator) },
  confirmedBy: { id: confirmer.id, name: nameOf(confirmer) },
  closedBy: { id: closer.id, name: nameOf(closer) },
  cancelledBy: { id: canceller.id, name: nameOf(canceller) },
  totalKg: sql<string>`(SELECT coalesce(sum(kg), 0::numeric(14,3)) FROM ${orderLines} WHERE order_id = ${r.id})::text`,
  amount: sql<string>`(SELECT coalesce(sum(amount), 0::numeric(14,2)) FROM ${orderLines} WHERE order_id = ${r.id})::text`,
  shippedKg: sql<string>`(SELECT coalesce(sum(${shippedOfLine(sql`ol.id`)}), 0)::numeric(14,3)
    FROM ${orderLines} ol WHERE ol.order_id = ${r.id})::text`,
};

const headers = <X extends Record<string, SQL>>(db: Handle, extra?: X) =>
  db
    .select({ ...header, ...(extra as X) })
    .from(r)
    .leftJoin(customers, eq(customers.id, r.customerId))
    .leftJoin(suppliers, eq(suppliers.id, r.supplierId))
    .leftJoin(facilities, eq(facilities.id, r.facilityId))
    .innerJoin(creator, eq(creator.id, r.createdBy))
    .leftJoin(confirmer, eq(confirmer.id, r.confirmedBy))
    .leftJoin(closer, eq(closer.id, r.closedBy))
    .leftJoin(canceller, eq(canceller.id, r.cancelledBy));

export type OrderHeader = Awaited<ReturnType<typeof getOrder>> & {};

/**
 * The sort keys, each an expression and the type its cursor value is read back as. An order without a
 * due day sorts after every due day ('infinity'), so the keyset never meets a NULL.
 */
const SORTS = {
  ordered_on: { expr: sql`${r.orderedOn}`, type: sql.raw('date') },
  due_on: { expr: sql`coalesce(${r.dueOn}, 'infinity'::date)`, type: sql.raw('date') },
  number: { expr: sql`${r.number}`, type: sql.raw('text') },
};

export type OrderFilter = {
  limit: number;
  sort: string;
  after?: [string, string];
  kind?: 'sales' | 'purchase';
  status?: (typeof orderRecords.$inferSelect)['status'];
  open?: boolean;
  customerId?: string;
  supplierId?: string;
  q?: string;
};

export async function listOrders(db: Handle, orgId: string, f: OrderFilter) {
  const descending = f.sort.startsWith('-');
  const key = SORTS[f.sort.replace(/^-/, '') as keyof typeof SORTS];
  const p = f.q ? containsPattern(f.q) : undefined;
  const rows = await headers(db, { sortValue: sql<string>`${key.expr}::text` })
    .where(
      and(
        eq(r.organizationId, orgId),
        f.kind ? eq(r.kind, f.kind) : undefined,
        f.status ? eq(r.status, f.status) : undefined,
        f.open ? inArray(r.status, [...OPEN_ORDER_STATUSES]) : undefined,
        f.customerId ? eq(r.customerId, f.customerId) : undefined,
        f.supplierId ? eq(r.supplierId, f.supplierId) : undefined,
        p
          ? or(
              ilike(r.number, p),
              ilike(r.customerReference, p),
              ilike(customers.name, p),
              ilike(customers.code, p),
              ilike(suppliers.name, p),
              ilike(suppliers.code, p),
            )
          : undefined,
        f.after
          ? sql`(${key.expr}, ${r.id}) ${sql.raw(descending ? '<' : '>')} (${f.after[0]}::${key.type}, ${f.after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...(descending ? [desc(key.expr), desc(r.id)] : [asc(key.expr), asc(r.id)]))
    .limit(f.limit);
  return rows.map((row) => ({ ...row, id: row.order.id }));
}

export async function getOrder(db: Handle, orgId: string, id: string) {
  const [row] = await headers(db).where(and(eq(r.organizationId, orgId), eq(r.id, id)));
  return row;
}

/** Locks the order, so its status changes, edits and the dispatches posted against it take turns. */
export async function lockOrder(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(r)
    .where(and(eq(r.organizationId, orgId), eq(r.id, id)))
    .for('update');
  return row;
}

export function linesOf(db: Handle, orderId: string) {
  const l = orderLines;
  return db
    .select({
      line: l,
      material: { id: materials.id, code: materials.code, name: materials.name },
      shippedKg: sql<string>`${shippedOfLine(l.id)}::text`,
    })
    .from(l)
    .innerJoin(materials, eq(materials.id, l.materialId))
    .where(eq(l.orderId, orderId))
    .orderBy(asc(l.lineNo));
}

/** Every dispatch naming the order (drafts and voided ones too), in the order they left. */
export function dispatchesOf(db: Handle, orgId: string, orderId: string) {
  const d = dispatchRecords;
  return db
    .select({
      id: d.id,
      number: d.number,
      deliveryReceiptNo: d.deliveryReceiptNo,
      status: d.status,
      dispatchedAt: d.dispatchedAt,
      // Qualified by hand: in a one-table select Drizzle writes a column unqualified, and `id` would be the line's.
      totalKg: sql<string>`coalesce(${d.totalKg}, (SELECT sum(l.kg) FROM ${dispatchLines} l WHERE l.record_id = dispatch_records.id), 0)::text`,
    })
    .from(d)
    .where(and(eq(d.organizationId, orgId), eq(d.orderId, orderId)))
    .orderBy(asc(d.dispatchedAt), asc(d.id));
}

/** Every receive record naming a purchase order (drafts and voided ones too), in the order they arrived. */
export function receiptsOf(db: Handle, orgId: string, orderId: string) {
  const rr = receiveRecords;
  return db
    .select({
      id: rr.id,
      number: rr.number,
      status: rr.status,
      receivedAt: rr.receivedAt,
      // Qualified by hand: in a one-table select Drizzle writes a column unqualified, and `id` would be the line's.
      totalNetKg: sql<string>`(SELECT coalesce(sum(l.net_kg), 0::numeric(14,3)) FROM ${receiveLines} l WHERE l.record_id = receive_records.id)::text`,
    })
    .from(rr)
    .where(and(eq(rr.organizationId, orgId), eq(rr.orderId, orderId)))
    .orderBy(asc(rr.receivedAt), asc(rr.id));
}

/** How many posted dispatches (sales) or posted receive records (purchase) name the order. */
export async function postedDeliveryCount(tx: Tx, orderId: string): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM ${dispatchRecords} WHERE order_id = ${orderId} AND status = 'posted')
      + (SELECT count(*) FROM ${receiveRecords} WHERE order_id = ${orderId} AND status = 'posted') AS n`);
  return Number(rows[0]?.n ?? 0);
}

/** The materials the lines name, active or not (the service says which is which). */
export function materialsOf(db: Handle, orgId: string, ids: string[]) {
  return db
    .select({
      id: materials.id,
      code: materials.code,
      name: materials.name,
      grade: materials.grade,
      archivedAt: materials.archivedAt,
    })
    .from(materials)
    .where(and(eq(materials.organizationId, orgId), inArray(materials.id, ids)));
}

/** Stamps may be the database's clock (dbNow). */
export type OrderValues = Omit<PgInsertValue<typeof orderRecords>, 'organizationId' | 'number'>;
export type LineValues = Pick<
  typeof orderLines.$inferInsert,
  'materialId' | 'grade' | 'kg' | 'unitPrice' | 'amount'
>;

/** A new order under a placeholder number: the real one is taken last (takeNumber). */
export async function insertOrder(tx: Tx, orgId: string, values: OrderValues & { id: string }) {
  await tx.insert(r).values({ ...values, organizationId: orgId, number: `pending:${values.id}` });
}

export async function replaceLines(tx: Tx, orgId: string, orderId: string, lines: LineValues[]) {
  await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
  await tx
    .insert(orderLines)
    .values(lines.map((l, i) => ({ ...l, organizationId: orgId, orderId, lineNo: i + 1 })));
}

/** Changes an order and moves its version on. */
export async function updateOrder(
  tx: Tx,
  orgId: string,
  id: string,
  set: PgUpdateSetSource<typeof orderRecords>,
) {
  await tx
    .update(r)
    .set({ ...set, updatedAt: dbNow, version: sql`${r.version} + 1` })
    .where(and(eq(r.organizationId, orgId), eq(r.id, id)));
}

export async function deleteOrder(tx: Tx, orgId: string, id: string) {
  await tx.delete(r).where(and(eq(r.organizationId, orgId), eq(r.id, id), eq(r.status, 'draft')));
}

/**
 * Takes the order's gapless number (SO-2026-000001) from the counter of its kind and year, in one
 * statement: the counter row stays locked until commit, so the caller does this last.
 */
export async function takeNumber(tx: Tx, orgId: string, id: string, prefix: string, counter: string) {
  const rows = await tx.execute<{ number: string }>(sql`
    UPDATE ${r} SET number = ${prefix} || lpad(pt_next(${orgId}::uuid, ${counter})::text, 6, '0')
    WHERE id = ${id} RETURNING number`);
  const number = rows.rows[0]?.number;
  if (!number) throw new Error('order number update returned nothing');
  return number;
}
