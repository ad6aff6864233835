import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/client.ts';
import {
  deviceCalibrations,
  deviceReadings,
  devices,
  dispatchLines,
  dispatchRecords,
  drivers,
  facilities,
  lots,
  materials,
  memberships,
  productionInputs,
  productionRecords,
  receiveLines,
  receiveRecords,
  tripStops,
  trips,
  vehicles,
} from '../db/schema/index.ts';

// Rows the IoT anomaly rules read, written straight into the tables (iot-alerts.test.ts,
// logistics positions): the rules look at posted records, devices and readings, not at how they were made,
// so the tests do not depend on the posting paths other modules test. Records go in as drafts with their
// lines and are then marked posted, as the freeze triggers allow.

let n = 0;
const next = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;

export const minutesAgo = (now: Date, m: number) => new Date(now.getTime() - m * 60_000);

export type DeviceKind = (typeof devices.$inferInsert)['kind'];

export async function addDevice(
  db: Db,
  organizationId: string,
  kind: DeviceKind,
  v: Partial<typeof devices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(devices)
    .values({ organizationId, kind, code: next(kind), name: `Test ${kind.replace('_', ' ')}`, ...v })
    .returning();
  if (!row) throw new Error('device not inserted');
  return row;
}

let seq = 0;

export async function addReading(
  db: Db,
  organizationId: string,
  deviceId: string,
  v: Partial<typeof deviceReadings.$inferInsert> & { recordedAt: Date },
) {
  const [row] = await db
    .insert(deviceReadings)
    .values({ organizationId, deviceId, seq: ++seq, kind: 'weight', ...v })
    .returning();
  if (!row) throw new Error('reading not inserted');
  return row;
}

export async function addCalibration(
  db: Db,
  organizationId: string,
  deviceId: string,
  on: string,
  due: string,
) {
  const createdBy = await someUser(db, organizationId);
  await db.insert(deviceCalibrations).values({
    organizationId,
    deviceId,
    calibratedOn: on,
    nextDueOn: due,
    certificateNo: next('CAL'),
    createdBy,
  });
}

export async function someUser(db: Db, organizationId: string) {
  const [m] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId))
    .limit(1);
  if (!m) throw new Error('organization has no member');
  return m.userId;
}

/**
 * A lot of the organization for production inputs and dispatch lines to name (the rules read their kg, not
 * the stock): the first one, made once without stock movements.
 */
export async function someLot(db: Db, organizationId: string) {
  const [l] = await db
    .select({ id: lots.id })
    .from(lots)
    .where(eq(lots.organizationId, organizationId))
    .limit(1);
  if (l) return l.id;
  const [f] = await db
    .select()
    .from(facilities)
    .where(eq(facilities.organizationId, organizationId))
    .limit(1);
  const [m] = await db.select().from(materials).where(eq(materials.organizationId, organizationId)).limit(1);
  if (!f || !m) throw new Error('organization has no facility or material');
  const [made] = await db
    .insert(lots)
    .values({
      organizationId,
      code: next('LOT'),
      materialId: m.id,
      facilityId: f.id,
      originType: 'receive_line',
    })
    .returning();
  if (!made) throw new Error('lot not inserted');
  return made.id;
}

type Scale = { deviceId: string; readingId: number } | null;

/** A posted receive record of one line of `kg`, typed by hand or from a scale's reading. */
export async function postedReceive(
  db: Db,
  o: { organizationId: string; supplierId: string; facilityId: string; materialId: string },
  receivedAt: Date,
  kg: string,
  scale: Scale = null,
) {
  const createdBy = await someUser(db, o.organizationId);
  const id = uuidv7();
  await db.insert(receiveRecords).values({
    id,
    organizationId: o.organizationId,
    number: next('RR'),
    supplierId: o.supplierId,
    facilityId: o.facilityId,
    receivedAt,
    createdBy,
  });
  await db.insert(receiveLines).values({
    organizationId: o.organizationId,
    recordId: id,
    lineNo: 1,
    materialId: o.materialId,
    grossKg: kg,
    netKg: kg,
    payableKg: kg,
    unitPrice: '10.00',
    amount: '0.00',
    deviceId: scale?.deviceId ?? null,
    readingId: scale?.readingId ?? null,
  });
  await setStatus(db, 'receive', id, 'posted');
  return id;
}

/** A posted dispatch of one line of `kg` from a lot, typed by hand or from a scale's reading. */
export async function postedDispatch(
  db: Db,
  o: { organizationId: string; customerId: string; facilityId: string; vehicleId?: string },
  dispatchedAt: Date,
  kg: string,
  scale: Scale = null,
) {
  const createdBy = await someUser(db, o.organizationId);
  const id = uuidv7();
  await db.insert(dispatchRecords).values({
    id,
    organizationId: o.organizationId,
    number: next('DR'),
    customerId: o.customerId,
    facilityId: o.facilityId,
    vehicleId: o.vehicleId ?? null,
    dispatchedAt,
    createdBy,
  });
  await db.insert(dispatchLines).values({
    organizationId: o.organizationId,
    recordId: id,
    lineNo: 1,
    lotId: await someLot(db, o.organizationId),
    kg,
    unitPrice: '10.00',
    amount: '0.00',
    deviceId: scale?.deviceId ?? null,
    readingId: scale?.readingId ?? null,
  });
  await setStatus(db, 'dispatch', id, 'posted');
  return id;
}

/** A posted run on a line: `inputKg` of input over `hours` ending at `endedAt`, with metered kWh or none. */
export async function postedRun(
  db: Db,
  o: { organizationId: string; facilityId: string; lineId: string; meterDeviceId?: string },
  endedAt: Date,
  hours: number,
  inputKg: string,
  kwh: string | null,
) {
  const createdBy = await someUser(db, o.organizationId);
  const id = uuidv7();
  await db.insert(productionRecords).values({
    id,
    organizationId: o.organizationId,
    number: next('PR'),
    facilityId: o.facilityId,
    productionLineId: o.lineId,
    processCode: 'washing',
    startedAt: new Date(endedAt.getTime() - hours * 3_600_000),
    endedAt,
    meterDeviceId: o.meterDeviceId ?? null,
    meterStartKwh: kwh === null ? null : '1000.00',
    meterEndKwh: kwh === null ? null : sql`1000.00 + ${kwh}::numeric`,
    energyKwh: kwh,
    energyBasis: kwh === null ? 'none' : 'metered',
    createdBy,
  });
  await db.insert(productionInputs).values({
    organizationId: o.organizationId,
    recordId: id,
    lineNo: 1,
    lotId: await someLot(db, o.organizationId),
    kg: inputKg,
  });
  await setStatus(db, 'production', id, 'posted');
  return id;
}

export async function setStatus(
  db: Db,
  kind: 'receive' | 'dispatch' | 'production',
  id: string,
  status: 'posted' | 'voided',
) {
  const table = { receive: receiveRecords, dispatch: dispatchRecords, production: productionRecords }[kind];
  const at = status === 'posted' ? { postedAt: new Date() } : { voidedAt: new Date(), voidReason: 'Test' };
  await db
    .update(table)
    .set({ status, ...at })
    .where(eq(table.id, id));
}

/** A vehicle with a driver, and a trip of it in transit stopping at a receive record. */
export async function tripTo(
  db: Db,
  organizationId: string,
  startedAt: Date,
  stop: {
    receiveRecordId?: string;
    dispatchRecordId?: string;
    supplierId?: string;
    customerId?: string;
  } = {},
) {
  const [v] = await db
    .insert(vehicles)
    .values({ organizationId, code: next('TRK'), name: 'Test truck', type: 'wing_van', capacityKg: '10000' })
    .returning();
  const [d] = await db
    .insert(drivers)
    .values({
      organizationId,
      code: next('D'),
      name: 'Test driver',
      licenceNumber: next('LIC'),
      licenceExpiresOn: '2099-12-31',
    })
    .returning();
  if (!v || !d) throw new Error('vehicle or driver not inserted');
  const tripId = uuidv7();
  await db.insert(trips).values({
    id: tripId,
    organizationId,
    number: next('TR'),
    status: 'in_transit',
    vehicleId: v.id,
    driverId: d.id,
    plannedOn: startedAt.toISOString().slice(0, 10),
    startedAt,
    createdBy: await someUser(db, organizationId),
  });
  if (stop.receiveRecordId || stop.dispatchRecordId)
    await db.insert(tripStops).values({
      organizationId,
      tripId,
      seq: 1,
      kind: stop.dispatchRecordId ? 'delivery' : 'pickup',
      receiveRecordId: stop.receiveRecordId ?? null,
      dispatchRecordId: stop.dispatchRecordId ?? null,
      supplierId: stop.supplierId ?? null,
      customerId: stop.customerId ?? null,
    });
  return { vehicleId: v.id, tripId };
}

export async function deviceOf(db: Db, organizationId: string, id: string) {
  const [d] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), eq(devices.id, id)));
  return d;
}
