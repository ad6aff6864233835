import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { materials, materialTypes } from '../../db/schema/index.ts';
import { type ListFilter, sameText } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

type Handle = Db | Tx;
const t = materials;
const rows = recordRows(t, 'material');

export type MaterialRow = typeof materials.$inferSelect;
export type MaterialValues = RecordValues<typeof materials>;
export type MaterialFilter = ListFilter & {
  polymer?: MaterialRow['polymer'];
  form?: MaterialRow['form'];
  grade?: string;
};

export const listMaterials = (db: Handle, orgId: string, f: MaterialFilter) =>
  rows.list(
    db,
    orgId,
    f,
    [
      f.polymer ? eq(t.polymer, f.polymer) : undefined,
      f.form ? eq(t.form, f.form) : undefined,
      sameText(t.grade, f.grade),
    ],
    [t.name, t.code, t.typeCode],
  );
export const getMaterial = rows.get;
/** For records that take a material: archived materials cannot be received, produced or priced. */
export const getActiveMaterial = rows.getActive;
export const insertMaterial = rows.insert;
export const updateMaterial = rows.update;

export async function materialTypeExists(db: Handle, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: materialTypes.code })
    .from(materialTypes)
    .where(eq(materialTypes.code, code));
  return row !== undefined;
}

/** The material of the organization that already has this GTIN (other than `exceptId`), if any. */
export async function materialWithGtin(db: Handle, orgId: string, gtin: string, exceptId?: string) {
  const [row] = await db
    .select({ id: t.id, code: t.code, name: t.name })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        eq(t.gtin, gtin),
        exceptId === undefined ? undefined : ne(t.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

/** Materials (archived ones too: their lots keep their Digital Links) whose GTIN was not allocated under `prefix`. */
export function materialsOutsidePrefix(db: Handle, orgId: string, prefix: string, limit: number) {
  return db
    .select({ code: t.code, gtin: t.gtin })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        isNotNull(t.gtin),
        sql`left(substr(${t.gtin}, 2), ${prefix.length}) <> ${prefix}`,
      ),
    )
    .orderBy(asc(t.code))
    .limit(limit);
}
