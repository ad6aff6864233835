import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { orgProcessTypes, processTypes } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = orgProcessTypes;

const columns = {
  ...getTableColumns(t),
  referenceName: processTypes.name,
  referenceKwhPerTonne: processTypes.kwhPerTonne,
};
export type ProcessTypeRow = NonNullable<Awaited<ReturnType<typeof getProcessType>>>;
export type ProcessTypeValues = Omit<
  typeof orgProcessTypes.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type ProcessTypeFilter = ListFilter & { referenceCode?: string };

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listProcessTypes(db: Handle, orgId: string, f: ProcessTypeFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns, sortValue: order.value })
    .from(t)
    .innerJoin(processTypes, eq(processTypes.code, t.referenceCode))
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.referenceCode ? eq(t.referenceCode, f.referenceCode) : undefined,
        searchAny(f.q, [t.name, t.code, t.description]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getProcessType(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(t)
    .innerJoin(processTypes, eq(processTypes.code, t.referenceCode))
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

export async function insertProcessType(tx: Tx, orgId: string, values: ProcessTypeValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('process type insert returned nothing');
  return row.id;
}

export const updateProcessType = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<ProcessTypeValues>,
) => updateVersioned(tx, t, orgId, id, version, values);

/** The given codes that are not reference process types (/api/calculations/process-types). */
export async function unknownReferenceCodes(db: Handle, codes: string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const known = await db
    .select({ code: processTypes.code })
    .from(processTypes)
    .where(inArray(processTypes.code, codes));
  const found = new Set(known.map((k) => k.code));
  return codes.filter((c) => !found.has(c));
}
