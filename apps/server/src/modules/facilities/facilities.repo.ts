import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { facilities } from '../../db/schema/index.ts';
import { type ListFilter, sameText, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = facilities;

export type FacilityRow = typeof facilities.$inferSelect;
export type FacilityValues = Omit<
  typeof facilities.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type FacilityFilter = ListFilter & { type?: FacilityRow['type']; city?: string; province?: string };

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listFacilities(db: Handle, orgId: string, f: FacilityFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...getTableColumns(t), sortValue: order.value })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.type ? eq(t.type, f.type) : undefined,
        sameText(t.city, f.city),
        sameText(t.province, f.province),
        searchAny(f.q, [t.name, t.code, t.city, t.barangay]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getFacility(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** For records that take a facility: archived facilities cannot receive new records. */
export async function getActiveFacility(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select()
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.archivedAt)));
  return row;
}

export async function insertFacility(tx: Tx, orgId: string, values: FacilityValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('facility insert returned nothing');
  return row.id;
}

export const updateFacility = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<FacilityValues>,
) => updateVersioned(tx, t, orgId, id, version, values);
