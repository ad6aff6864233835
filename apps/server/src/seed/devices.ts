import { calibrationCreateSchema, deviceCreateSchema } from '@plastrace/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { productionLines, vehicles } from '../db/schema/index.ts';
import { dayIn } from '../lib/time.ts';
import * as devices from '../modules/devices/devices.service.ts';
import type { Caller } from '../plugins/auth.ts';
import { clockAt } from './clock.ts';
import { DEMO_ORG } from './data.ts';

export type DeviceCounts = { devices: number };

/**
 * The plant's devices, registered as its manager would: the weighbridge (calibrated), the wash line's energy
 * meter and a tracker on the closed van. They send nothing until a device or `npm run simulate:devices` does:
 * the demo keeps no made-up readings, so their status starts as "No readings yet".
 */
export async function seedDevices(
  ctx: AppContext,
  tx: Tx,
  manager: Caller,
  opts: { facilityId: string; asOf: Date },
): Promise<DeviceCounts> {
  const orgId = manager.organizationId;
  const [wash] = await tx
    .select({ id: productionLines.id })
    .from(productionLines)
    .where(and(eq(productionLines.organizationId, orgId), eq(productionLines.code, 'WASH-1')));
  const [van] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.organizationId, orgId), eq(vehicles.code, 'NDA 4521')));
  const scale = await devices.create(
    ctx,
    manager,
    deviceCreateSchema.parse({
      code: 'WB-1',
      name: 'Gate weighbridge',
      kind: 'weighbridge',
      facility_id: opts.facilityId,
      capacity_kg: '60000',
      manufacturer: 'Avery Weigh-Tronix',
      offline_after_minutes: 30,
    }),
  );
  const today = dayIn(opts.asOf, DEMO_ORG.timeZone);
  const shift = (days: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  // The certificate was entered the morning after the calibration.
  await clockAt(ctx.db, new Date(`${shift(-119)}T02:00:00Z`));
  await devices.addCalibration(
    ctx,
    manager,
    scale.id,
    calibrationCreateSchema.parse({
      calibrated_on: shift(-120),
      certificate_no: 'BPS-CAL-2026-0412',
      next_due_on: shift(245),
      calibrated_by: 'Metro Weighing Services (accredited)',
    }),
  );
  await clockAt(ctx.db, new Date(`${shift(-119)}T02:30:00Z`));
  let count = 1;
  if (wash) {
    await devices.create(
      ctx,
      manager,
      deviceCreateSchema.parse({
        code: 'EM-WASH-1',
        name: 'Wash line energy meter',
        kind: 'energy_meter',
        production_line_id: wash.id,
      }),
    );
    count++;
  }
  if (van) {
    await devices.create(
      ctx,
      manager,
      deviceCreateSchema.parse({
        code: 'GPS-NDA4521',
        name: 'Closed van tracker',
        kind: 'gps_tracker',
        vehicle_id: van.id,
      }),
    );
    count++;
  }
  return { devices: count };
}
