import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deviceCalibrations, deviceReadings, devices, memberships } from '../db/schema/index.ts';

// Devices, readings and calibrations written directly: the tests of the records that use them (receive,
// dispatch, production) do not depend on the devices and ingest routes, which have their own tests.

type Kind = (typeof devices.$inferInsert)['kind'];

export async function insertDevice(
  db: Db,
  v: {
    organizationId: string;
    code: string;
    kind: Kind;
    facilityId?: string;
    productionLineId?: string;
    archived?: boolean;
  },
) {
  const [row] = await db
    .insert(devices)
    .values({
      organizationId: v.organizationId,
      code: v.code,
      name: `${v.kind} ${v.code}`,
      kind: v.kind,
      facilityId: v.facilityId,
      productionLineId: v.productionLineId,
      capacityKg: v.kind === 'weighbridge' || v.kind === 'platform_scale' ? '60000' : undefined,
      archivedAt: v.archived ? new Date() : undefined,
    })
    .returning();
  if (!row) throw new Error('no device');
  return row;
}

let seq = 0;

/** The API key the fixtures' devices send with (api_key_id has no foreign key: no key row is needed). */
const DEVICE_KEY = randomUUID();

/**
 * One reading of a device; `seq` is unique across the test run. Sent by the device with its API key, or,
 * with `enteredBy`, entered by hand by that member (as POST /api/iot/readings with a session stores it).
 */
export async function insertReading(
  db: Db,
  v: {
    organizationId: string;
    deviceId: string;
    kind: 'weight' | 'energy';
    value: number;
    recordedAt: string;
    stable?: boolean;
    enteredBy?: string;
  },
) {
  const [row] = await db
    .insert(deviceReadings)
    .values({
      organizationId: v.organizationId,
      deviceId: v.deviceId,
      seq: ++seq,
      recordedAt: new Date(v.recordedAt),
      kind: v.kind,
      value: v.value,
      unit: v.kind === 'weight' ? 'kg' : 'kWh',
      stable: v.kind === 'weight' ? (v.stable ?? true) : null,
      apiKeyId: v.enteredBy ? null : DEVICE_KEY,
      enteredBy: v.enteredBy ?? null,
    })
    .returning();
  if (!row) throw new Error('no reading');
  return row;
}

/** A calibration of a scale, by some member of its organization. */
export async function insertCalibration(
  db: Db,
  v: { organizationId: string; deviceId: string; calibratedOn: string; nextDueOn: string },
) {
  const [member] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.organizationId, v.organizationId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (!member) throw new Error('no member');
  await db.insert(deviceCalibrations).values({
    organizationId: v.organizationId,
    deviceId: v.deviceId,
    calibratedOn: v.calibratedOn,
    nextDueOn: v.nextDueOn,
    certificateNo: `CAL-${v.calibratedOn}`,
    createdBy: member.userId,
  });
}
