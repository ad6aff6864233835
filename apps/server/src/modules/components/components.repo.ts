import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { components, materials, suppliers } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = components;
const m = alias(materials, 'component_material');
const s = alias(suppliers, 'component_supplier');

const columns = {
  ...getTableColumns(t),
  materialCode: m.code,
  materialName: m.name,
  supplierCode: s.code,
  supplierName: s.name,
};
export type ComponentRow = NonNullable<Awaited<ReturnType<typeof getComponent>>>;
export type ComponentValues = Omit<
  typeof components.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type ComponentFilter = ListFilter & {
  polymer?: ComponentRow['polymer'];
  packagingCategory?: ComponentRow['packagingCategory'];
};

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };
const joined = (h: Handle, select: Record<string, unknown>) =>
  h
    .select(select as typeof columns)
    .from(t)
    .leftJoin(m, eq(m.id, t.materialId))
    .leftJoin(s, eq(s.id, t.supplierId));

export function listComponents(db: Handle, orgId: string, f: ComponentFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return joined(db, { ...columns, sortValue: order.value })
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.polymer ? eq(t.polymer, f.polymer) : undefined,
        f.packagingCategory ? eq(t.packagingCategory, f.packagingCategory) : undefined,
        searchAny(f.q, [t.name, t.code, t.colour]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit) as unknown as Promise<(ComponentRow & { sortValue: string })[]>;
}

export async function getComponent(db: Handle, orgId: string, id: string) {
  const [row] = await joined(db, columns).where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** The organization's active components among `ids` (a BOM may only name those). */
export function activeComponents(db: Handle, orgId: string, ids: string[]) {
  return db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.organizationId, orgId), isNull(t.archivedAt), inArray(t.id, ids)));
}

export async function insertComponent(tx: Tx, orgId: string, values: ComponentValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('component insert returned nothing');
  return row.id;
}

export const updateComponent = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<ComponentValues>,
) => updateVersioned(tx, t, orgId, id, version, values);
