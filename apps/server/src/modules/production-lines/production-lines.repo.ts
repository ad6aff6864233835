import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { facilities, productionLines } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';

type Handle = Db | Tx;
const t = productionLines;

const columns = { ...getTableColumns(t), facilityCode: facilities.code, facilityName: facilities.name };
export type ProductionLineRow = NonNullable<Awaited<ReturnType<typeof getProductionLine>>>;
export type ProductionLineValues = Omit<
  typeof productionLines.$inferInsert,
  'id' | 'organizationId' | 'version' | 'createdAt' | 'updatedAt'
>;
export type ProductionLineFilter = ListFilter & { facilityId?: string; processCode?: string };

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listProductionLines(db: Handle, orgId: string, f: ProductionLineFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns, sortValue: order.value })
    .from(t)
    .innerJoin(facilities, eq(facilities.id, t.facilityId))
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.facilityId ? eq(t.facilityId, f.facilityId) : undefined,
        f.processCode ? sql`${f.processCode} = ANY(${t.processCodes})` : undefined,
        searchAny(f.q, [t.name, t.code, facilities.name]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getProductionLine(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(t)
    .innerJoin(facilities, eq(facilities.id, t.facilityId))
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

export async function insertProductionLine(tx: Tx, orgId: string, values: ProductionLineValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('production line insert returned nothing');
  return row.id;
}

export const updateProductionLine = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<ProductionLineValues>,
) => updateVersioned(tx, t, orgId, id, version, values);
