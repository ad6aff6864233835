import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { bomLines, bomVersions, components, organizations, products } from '../../db/schema/index.ts';
import type { ListFilter } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

type Handle = Db | Tx;
const t = products;
const rows = recordRows(t, 'product');

export type ProductValues = RecordValues<typeof products>;
export type NewVersion = {
  effectiveFrom: string;
  notes: string | null;
  lines: { componentId: string; quantity: string }[];
  createdBy: string;
};

/** A BOM version as read: its lines with their components, and whether it is the one in effect today. */
export type VersionRow = Awaited<ReturnType<typeof versionsOf>>[number];
export type BomRow = typeof products.$inferSelect & { versions: VersionRow[] };

/** The versions of some products, newest first, each with its lines; `current` in the organization's today. */
async function versionsOf(db: Handle, orgId: string, productIds: string[]) {
  if (productIds.length === 0) return [];
  const today = sql`(SELECT (pt_now() AT TIME ZONE ${organizations.timeZone})::date FROM ${organizations} WHERE ${organizations.id} = ${orgId})`;
  const versions = await db
    .select({
      version: bomVersions,
      // The version in effect: the latest effective day not after today (the higher number on a tie).
      current: sql<boolean>`${bomVersions.id} = (
        SELECT v.id FROM bom_versions v WHERE v.product_id = ${bomVersions.productId} AND v.effective_from <= ${today}
        ORDER BY v.effective_from DESC, v.version_no DESC LIMIT 1)`,
    })
    .from(bomVersions)
    .where(and(eq(bomVersions.organizationId, orgId), inArray(bomVersions.productId, productIds)))
    .orderBy(asc(bomVersions.productId), desc(bomVersions.versionNo));
  const lines = versions.length
    ? await db
        .select({ line: bomLines, component: components })
        .from(bomLines)
        .innerJoin(components, eq(components.id, bomLines.componentId))
        .where(
          inArray(
            bomLines.bomVersionId,
            versions.map((v) => v.version.id),
          ),
        )
        .orderBy(asc(bomLines.bomVersionId), asc(bomLines.lineNo))
    : [];
  return versions.map((v) => ({
    ...v.version,
    current: v.current,
    lines: lines.filter((l) => l.line.bomVersionId === v.version.id),
  }));
}

const withVersions = async <R extends typeof products.$inferSelect>(
  db: Handle,
  orgId: string,
  found: R[],
) => {
  const versions = await versionsOf(
    db,
    orgId,
    found.map((p) => p.id),
  );
  return found.map((p) => ({ ...p, versions: versions.filter((v) => v.productId === p.id) }));
};

export async function listBoms(db: Handle, orgId: string, f: ListFilter) {
  const page = await rows.list(db, orgId, f, [], [t.name, t.code, t.gtin, t.packagingFormat]);
  return withVersions(db, orgId, page);
}

export async function getBom(db: Handle, orgId: string, id: string): Promise<BomRow | undefined> {
  const row = await rows.get(db, orgId, id);
  return row ? (await withVersions(db, orgId, [row]))[0] : undefined;
}

/** Locks the product so two new versions of it get different numbers. */
export async function lockProduct(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)))
    .for('update');
  return row;
}

export async function insertVersion(tx: Tx, orgId: string, productId: string, v: NewVersion) {
  const [last] = await tx
    .select({ n: max(bomVersions.versionNo) })
    .from(bomVersions)
    .where(eq(bomVersions.productId, productId));
  const [version] = await tx
    .insert(bomVersions)
    .values({
      organizationId: orgId,
      productId,
      versionNo: (last?.n ?? 0) + 1,
      effectiveFrom: v.effectiveFrom,
      notes: v.notes,
      createdBy: v.createdBy,
    })
    .returning({ id: bomVersions.id, versionNo: bomVersions.versionNo });
  if (!version) throw new Error('BOM version insert returned nothing');
  await tx.insert(bomLines).values(
    v.lines.map((l, i) => ({
      organizationId: orgId,
      bomVersionId: version.id,
      lineNo: i + 1,
      componentId: l.componentId,
      quantity: l.quantity,
    })),
  );
  return version.versionNo;
}

/** A product with its first version (the record pattern's insert: one transaction). */
export async function insertBom(tx: Tx, orgId: string, values: ProductValues & { firstVersion: NewVersion }) {
  const { firstVersion, ...product } = values;
  const id = await rows.insert(tx, orgId, product);
  await insertVersion(tx, orgId, id, firstVersion);
  return id;
}

export const updateProduct = rows.update;
