import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { materials, materialTypes } from '../../db/schema/index.ts';
import { type ListFilter, sameText, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = materials;

export type MaterialRow = typeof materials.$inferSelect;
export type MaterialValues = Omit<
  typeof materials.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type MaterialFilter = ListFilter & {
  polymer?: MaterialRow['polymer'];
  form?: MaterialRow['form'];
  grade?: string;
};

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listMaterials(db: Handle, orgId: string, f: MaterialFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...getTableColumns(t), sortValue: order.value })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.polymer ? eq(t.polymer, f.polymer) : undefined,
        f.form ? eq(t.form, f.form) : undefined,
        sameText(t.grade, f.grade),
        searchAny(f.q, [t.name, t.code, t.typeCode]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getMaterial(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** For records that take a material: archived materials cannot be received, produced or priced. */
export async function getActiveMaterial(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.archivedAt)));
  return row;
}

/** Several active materials at once (the lines of one record); missing or archived ids are left out. */

export async function insertMaterial(tx: Tx, orgId: string, values: MaterialValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('material insert returned nothing');
  return row.id;
}

export const updateMaterial = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<MaterialValues>,
) => updateVersioned(tx, t, orgId, id, version, values);

export async function materialTypeExists(db: Handle, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: materialTypes.code })
    .from(materialTypes)
    .where(eq(materialTypes.code, code));
  return row !== undefined;
}
