import type { AccreditationStatus } from '@plastrace/shared';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { haulers } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';
import { expiryIs, expiryStatus } from './expiry.ts';

type Handle = Db | Tx;
const t = haulers;
const rows = recordRows(t, 'hauler');
const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

const columns = (orgId: string) => ({
  ...getTableColumns(t),
  accreditationStatus: expiryStatus<AccreditationStatus>(t.accreditationValidUntil, orgId),
});
export type HaulerRow = NonNullable<Awaited<ReturnType<typeof getHauler>>>;
export type HaulerValues = RecordValues<typeof haulers>;
export type HaulerFilter = ListFilter & { accreditationStatus?: AccreditationStatus };

export function listHaulers(db: Handle, orgId: string, f: HaulerFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns(orgId), sortValue: order.value })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        expiryIs(t.accreditationValidUntil, orgId, f.accreditationStatus),
        searchAny(f.q, [t.name, t.code, t.contactName, t.accreditationNumber]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getHauler(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns(orgId))
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** For vehicles: an archived hauler cannot be given new trucks. */
export const getActiveHauler = rows.getActive;
export const insertHauler = rows.insert;
export const updateHauler = rows.update;
