import type { ExpiryStatus } from '@plastrace/shared';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { drivers } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';
import { expiryIs, expiryStatus } from './expiry.ts';

type Handle = Db | Tx;
const t = drivers;
const rows = recordRows(t, 'driver');
const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

const columns = (orgId: string) => ({
  ...getTableColumns(t),
  licenceStatus: expiryStatus<ExpiryStatus>(t.licenceExpiresOn, orgId),
});
export type DriverRow = NonNullable<Awaited<ReturnType<typeof getDriver>>>;
export type DriverValues = RecordValues<typeof drivers>;
export type DriverFilter = ListFilter & { licenceStatus?: ExpiryStatus };

export function listDrivers(db: Handle, orgId: string, f: DriverFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns(orgId), sortValue: order.value })
    .from(t)
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        expiryIs(t.licenceExpiresOn, orgId, f.licenceStatus),
        searchAny(f.q, [t.name, t.code, t.licenceNumber, t.phone]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getDriver(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns(orgId))
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

export const insertDriver = rows.insert;
export const updateDriver = rows.update;
