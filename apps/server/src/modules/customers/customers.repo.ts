import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = customers;

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerValues = Omit<
  typeof customers.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type CustomerFilter = ListFilter & { type?: CustomerRow['type'] };

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listCustomers(db: Handle, orgId: string, f: CustomerFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...getTableColumns(t), sortValue: order.value })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.type ? eq(t.type, f.type) : undefined,
        searchAny(f.q, [t.name, t.code, t.contactName, t.city, t.tin]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getCustomer(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** For dispatches and orders: archived customers cannot receive new ones. */
export async function getActiveCustomer(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.archivedAt)));
  return row;
}

export async function insertCustomer(tx: Tx, orgId: string, values: CustomerValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('customer insert returned nothing');
  return row.id;
}

export const updateCustomer = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<CustomerValues>,
) => updateVersioned(tx, t, orgId, id, version, values);
