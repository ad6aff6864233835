import type { DeviceKind, DeviceStatus } from '@plastrace/shared';
import { and, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  deviceCalibrations,
  devices,
  facilities,
  organizations,
  productionLines,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { type ListFilter, searchAny, sortOrder } from '../../lib/listing.ts';
import { updateVersioned } from '../masterdata/records.ts';
import type { RecordValues } from '../masterdata/rows.ts';

type Handle = Db | Tx;
const t = devices;

export type DeviceValues = RecordValues<typeof devices>;
export type DeviceFilter = ListFilter & { kind?: DeviceKind; facilityId?: string; status?: DeviceStatus };

/** The organization's today, in its time zone; uncorrelated, so computed once per query. */
const today = (orgId: string) =>
  sql<string>`(SELECT (pt_now() AT TIME ZONE ${organizations.timeZone})::date::text FROM ${organizations} WHERE ${organizations.id} = ${orgId})`;

/** The same expression answers the status and filters by it, so a filter returns what the rows say. */
const status = sql<DeviceStatus>`CASE WHEN ${t.lastSeenAt} IS NULL THEN 'never'
  WHEN ${t.lastSeenAt} >= pt_now() - ${t.offlineAfterMinutes} * interval '1 minute' THEN 'online'
  ELSE 'offline' END`;

type LastReading = {
  kind: string;
  value: number | null;
  unit: string | null;
  stable: boolean | null;
  latitude: number | null;
  longitude: number | null;
  recorded_at: string;
};
type LastCalibration = { calibrated_on: string; certificate_no: string; next_due_on: string };

// The latest reading is one backward step on the (device_id, recorded_at) index, only for devices that
// have sent one; the latest calibration one step on (device_id, calibrated_on desc).
const lastReading = sql<LastReading | null>`CASE WHEN ${t.lastReadingAt} IS NULL THEN NULL ELSE (
  SELECT json_build_object('kind', r.kind, 'value', r.value, 'unit', r.unit, 'stable', r.stable,
    'latitude', r.latitude, 'longitude', r.longitude, 'recorded_at', r.recorded_at)
  FROM device_readings r WHERE r.device_id = ${t.id}
  ORDER BY r.recorded_at DESC, r.id DESC LIMIT 1) END`;
const lastCalibration = sql<LastCalibration | null>`(
  SELECT json_build_object('calibrated_on', c.calibrated_on::text, 'certificate_no', c.certificate_no,
    'next_due_on', c.next_due_on::text)
  FROM device_calibrations c WHERE c.device_id = ${t.id}
  ORDER BY c.calibrated_on DESC, c.created_at DESC LIMIT 1)`;

const columns = (orgId: string) => ({
  ...getTableColumns(t),
  facilityCode: facilities.code,
  facilityName: facilities.name,
  lineCode: productionLines.code,
  lineName: productionLines.name,
  vehicleCode: vehicles.code,
  vehicleName: vehicles.name,
  status,
  lastReading,
  lastCalibration,
  today: today(orgId),
});
export type DeviceRow = NonNullable<Awaited<ReturnType<typeof getDevice>>>;

const SORTS = { name: t.name, code: t.code, created_at: t.createdAt };

export function listDevices(db: Handle, orgId: string, f: DeviceFilter) {
  const order = sortOrder(f.sort, SORTS, t.id, f.after);
  return db
    .select({ ...columns(orgId), sortValue: order.value })
    .from(t)
    .leftJoin(facilities, eq(facilities.id, t.facilityId))
    .leftJoin(productionLines, eq(productionLines.id, t.productionLineId))
    .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
    .where(
      and(
        eq(t.organizationId, orgId),
        f.includeArchived ? undefined : isNull(t.archivedAt),
        f.kind ? eq(t.kind, f.kind) : undefined,
        f.facilityId ? eq(t.facilityId, f.facilityId) : undefined,
        f.status ? sql`${status} = ${f.status}` : undefined,
        searchAny(f.q, [t.name, t.code, t.serialNo]),
        order.after,
      ),
    )
    .orderBy(...order.orderBy)
    .limit(f.limit);
}

export async function getDevice(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select(columns(orgId))
    .from(t)
    .leftJoin(facilities, eq(facilities.id, t.facilityId))
    .leftJoin(productionLines, eq(productionLines.id, t.productionLineId))
    .leftJoin(vehicles, eq(vehicles.id, t.vehicleId))
    .where(and(eq(t.organizationId, orgId), eq(t.id, id)));
  return row;
}

/** A device new records (keys) may refer to: the organization's and not archived. */
export async function getActiveDevice(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select({ id: t.id, kind: t.kind })
    .from(t)
    .where(and(eq(t.organizationId, orgId), eq(t.id, id), isNull(t.archivedAt)));
  return row;
}

export async function insertDevice(tx: Tx, orgId: string, values: DeviceValues) {
  const [row] = await tx
    .insert(t)
    .values({ ...values, organizationId: orgId })
    .returning({ id: t.id });
  if (!row) throw new Error('device insert returned nothing');
  return row.id;
}

export const updateDevice = (
  tx: Tx,
  orgId: string,
  id: string,
  version: number | undefined,
  values: Partial<DeviceValues> & { archivedAt?: Date | null },
) => updateVersioned(tx, t, orgId, id, version, values);

/** The organization's production line, with its facility (an energy meter's place). */
export async function getLine(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select({
      id: productionLines.id,
      facilityId: productionLines.facilityId,
      archivedAt: productionLines.archivedAt,
    })
    .from(productionLines)
    .where(and(eq(productionLines.organizationId, orgId), eq(productionLines.id, id)));
  return row;
}

export async function getVehicle(db: Handle, orgId: string, id: string) {
  const [row] = await db
    .select({ id: vehicles.id, archivedAt: vehicles.archivedAt })
    .from(vehicles)
    .where(and(eq(vehicles.organizationId, orgId), eq(vehicles.id, id)));
  return row;
}

// ---- calibrations ----

const c = deviceCalibrations;
const calibrationColumns = {
  ...getTableColumns(c),
  createdByName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
};
export type CalibrationRow = Awaited<ReturnType<typeof listCalibrations>>[number];

export function listCalibrations(db: Handle, orgId: string, deviceId: string) {
  return db
    .select(calibrationColumns)
    .from(c)
    .innerJoin(users, eq(users.id, c.createdBy))
    .where(and(eq(c.organizationId, orgId), eq(c.deviceId, deviceId)))
    .orderBy(desc(c.calibratedOn), desc(c.createdAt));
}

export async function insertCalibration(tx: Tx, values: typeof deviceCalibrations.$inferInsert) {
  const [row] = await tx.insert(c).values(values).returning({ id: c.id });
  if (!row) throw new Error('calibration insert returned nothing');
  const [saved] = await tx
    .select(calibrationColumns)
    .from(c)
    .innerJoin(users, eq(users.id, c.createdBy))
    .where(eq(c.id, row.id));
  if (!saved) throw new Error(`calibration ${row.id} vanished after insert`);
  return saved;
}
