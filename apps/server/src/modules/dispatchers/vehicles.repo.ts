import type { VehicleType } from '@plastrace/shared';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { haulers, vehicles } from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { type RecordValues, recordRows } from '../masterdata/rows.ts';

type Handle = Db | Tx;
const t = vehicles;
const rows = recordRows(t, 'vehicle');
const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

const columns = { ...getTableColumns(t), haulerCode: haulers.code, haulerName: haulers.name };
export type VehicleRow = NonNullable<Awaited<ReturnType<typeof getVehicle>>>;
export type VehicleValues = RecordValues<typeof vehicles>;
export type VehicleFilter = ListFilter & { type?: VehicleType; haulerId?: string };

export function listVehicles(db: Handle, orgId: string, f: VehicleFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns, sortValue: order.value })
    .from(t)
    .leftJoin(haulers, eq(haulers.id, t.haulerId))
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.type ? eq(t.type, f.type) : undefined,
        f.haulerId ? eq(t.haulerId, f.haulerId) : undefined,
        searchAny(f.q, [t.code, t.name, haulers.name]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getVehicle(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(t)
    .leftJoin(haulers, eq(haulers.id, t.haulerId))
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** The vehicle holding a plate, archived or not: a plate names one truck for good. */
export async function vehicleWithPlate(db: Handle, orgId: string, plate: string) {
  const [row] = await db
    .select({ id: t.id, archivedAt: t.archivedAt })
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.code, plate)));
  return row;
}

export const insertVehicle = rows.insert;
export const updateVehicle = rows.update;
