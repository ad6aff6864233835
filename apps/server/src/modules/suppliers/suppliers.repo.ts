import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { suppliers } from '../../db/schema/index.ts';
import { type ListFilter, sameText, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = suppliers;

export type SupplierRow = typeof suppliers.$inferSelect;
export type SupplierValues = Omit<
  typeof suppliers.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type SupplierFilter = ListFilter & {
  /** A supplier member's own supplier: the list holds at most that one. */
  onlyId?: string;
  type?: SupplierRow['type'];
  city?: string;
  paymentMethod?: SupplierRow['paymentMethod'];
};

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listSuppliers(db: Handle, orgId: string, f: SupplierFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...getTableColumns(t), sortValue: order.value })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.onlyId ? eq(t.id, f.onlyId) : undefined,
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.type ? eq(t.type, f.type) : undefined,
        sameText(t.city, f.city),
        f.paymentMethod ? eq(t.paymentMethod, f.paymentMethod) : undefined,
        searchAny(f.q, [t.name, t.code, t.contactName, t.phone, t.city]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getSupplier(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** For deliveries and payables: archived suppliers cannot get new records. */
export async function getActiveSupplier(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.archivedAt)));
  return row;
}

export async function insertSupplier(tx: Tx, orgId: string, values: SupplierValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('supplier insert returned nothing');
  return row.id;
}

export const updateSupplier = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<SupplierValues>,
) => updateVersioned(tx, t, orgId, id, version, values);
