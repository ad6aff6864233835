import {
  type Calibration,
  type calibrationCreateSchema,
  DEVICE_KIND_LABELS,
  type DeviceKind,
  type deviceCreateSchema,
  type deviceListQuerySchema,
  type deviceUpdateSchema,
  isScaleKind,
} from '@plastrace/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { invalidField, notFound, unprocessable } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { logChange } from '../activity/changes.ts';
import { getFacility } from '../facilities/facilities.repo.ts';
import * as records from '../masterdata/records.ts';
import * as repo from './devices.repo.ts';
import { DEVICE_CSV, toCalibration, toDevice } from './devices.views.ts';

type Create = z.output<typeof deviceCreateSchema>;
type Update = z.output<typeof deviceUpdateSchema>;

const kind: records.RecordKind<repo.DeviceRow, ReturnType<typeof toDevice>, repo.DeviceValues> = {
  entityType: 'device',
  noun: 'device',
  find: repo.getDevice,
  insert: repo.insertDevice,
  update: repo.updateDevice,
  view: toDevice,
};

export const { list, exportCsv, get, setArchived } = records.recordReads(kind, {
  plural: 'devices',
  list: repo.listDevices,
  filters: (q: Omit<z.output<typeof deviceListQuerySchema>, 'limit' | 'cursor'>) => ({
    kind: q.kind,
    facilityId: q.facility_id,
    status: q.status,
  }),
  csv: DEVICE_CSV,
});

/** Where a device is, as its kind needs it; the fields a kind does not use stay empty. */
type Place = {
  facilityId: string | null;
  productionLineId: string | null;
  vehicleId: string | null;
  capacityKg: string | null;
};
type PlaceInput = {
  facility_id: string | null;
  production_line_id: string | null;
  vehicle_id: string | null;
  capacity_kg: string | null;
};

const article = (k: DeviceKind) => (k === 'energy_meter' || k === 'environment_sensor' ? 'An' : 'A');
const named = (k: DeviceKind) => `${article(k)} ${DEVICE_KIND_LABELS[k].toLowerCase()}`.replace('gps', 'GPS');

/**
 * The kind rules: a scale stands at a facility and has a capacity, an energy meter is on a production
 * line (its facility is the line's), a GPS tracker is on a vehicle, a sensor stands at a facility.
 * References must be the organization's; a new or changed one must not be archived (`kept` names the
 * ones unchanged on an update, which may have been archived since).
 */
async function placeOf(
  tx: Tx,
  orgId: string,
  k: DeviceKind,
  b: PlaceInput,
  kept: Partial<Record<keyof PlaceInput, boolean>> = {},
): Promise<Place> {
  const problems: Record<string, string> = {};
  const place: Place = { facilityId: null, productionLineId: null, vehicleId: null, capacityKg: null };
  const scale = isScaleKind(k);
  const atFacility = scale || k === 'environment_sensor';

  if (atFacility) {
    const f = b.facility_id ? await getFacility(tx, orgId, b.facility_id) : undefined;
    if (!b.facility_id) problems.facility_id = `${named(k)} needs the facility where it stands`;
    else if (!f || (f.archivedAt && !kept.facility_id))
      problems.facility_id = 'Facility not found or archived';
    else place.facilityId = f.id;
  } else if (b.facility_id)
    problems.facility_id =
      k === 'energy_meter'
        ? 'An energy meter’s facility is its production line’s: leave the facility empty'
        : 'A GPS tracker moves with its vehicle: leave the facility empty';

  if (k === 'energy_meter') {
    const line = b.production_line_id ? await repo.getLine(tx, orgId, b.production_line_id) : undefined;
    if (!b.production_line_id)
      problems.production_line_id = 'An energy meter needs the production line it meters';
    else if (!line || (line.archivedAt && !kept.production_line_id))
      problems.production_line_id = 'Production line not found or archived';
    else Object.assign(place, { productionLineId: line.id, facilityId: line.facilityId });
  } else if (b.production_line_id)
    problems.production_line_id = 'Only an energy meter is on a production line';

  if (k === 'gps_tracker') {
    const v = b.vehicle_id ? await repo.getVehicle(tx, orgId, b.vehicle_id) : undefined;
    if (!b.vehicle_id) problems.vehicle_id = 'A GPS tracker needs the vehicle it is on';
    else if (!v || (v.archivedAt && !kept.vehicle_id)) problems.vehicle_id = 'Vehicle not found or archived';
    else place.vehicleId = v.id;
  } else if (b.vehicle_id) problems.vehicle_id = 'Only a GPS tracker is on a vehicle';

  if (scale) {
    if (!b.capacity_kg) problems.capacity_kg = `${named(k)} needs its capacity in kg`;
    else place.capacityKg = b.capacity_kg;
  } else if (b.capacity_kg) problems.capacity_kg = 'Only a scale has a capacity';

  if (Object.keys(problems).length) throw records.invalid(problems);
  return place;
}

const describing = (b: Partial<Create>) => ({
  code: b.code,
  name: b.name,
  offlineAfterMinutes: b.offline_after_minutes,
  manufacturer: b.manufacturer,
  model: b.model,
  serialNo: b.serial_no,
  notes: b.notes,
});

export function create(ctx: AppContext, caller: Caller, body: Create) {
  const values = { ...describing(body), kind: body.kind } as repo.DeviceValues;
  return records.createRecord(ctx, caller, kind, values, async (tx) => {
    Object.assign(
      values,
      await placeOf(tx, caller.organizationId, body.kind, {
        facility_id: body.facility_id ?? null,
        production_line_id: body.production_line_id ?? null,
        vehicle_id: body.vehicle_id ?? null,
        capacity_kg: body.capacity_kg ?? null,
      }),
    );
  });
}

export function update(ctx: AppContext, caller: Caller, id: string, body: Update) {
  const values: Partial<repo.DeviceValues> = describing(body);
  return records.updateRecord(ctx, caller, kind, id, body.version, values, async (tx, before) => {
    // A field left out keeps its value; the rules see the device as it will be.
    const merged: PlaceInput = {
      facility_id: body.facility_id !== undefined ? body.facility_id : before.facilityId,
      production_line_id:
        body.production_line_id !== undefined ? body.production_line_id : before.productionLineId,
      vehicle_id: body.vehicle_id !== undefined ? body.vehicle_id : before.vehicleId,
      capacity_kg: body.capacity_kg !== undefined ? body.capacity_kg : before.capacityKg,
    };
    // An energy meter's stored facility is its line's, not something the caller chose.
    if (before.kind === 'energy_meter' && body.facility_id === undefined) merged.facility_id = null;
    Object.assign(
      values,
      await placeOf(tx, caller.organizationId, before.kind, merged, {
        facility_id: merged.facility_id === before.facilityId,
        production_line_id: merged.production_line_id === before.productionLineId,
        vehicle_id: merged.vehicle_id === before.vehicleId,
      }),
    );
  });
}

// ---- calibrations ----

export async function calibrations(ctx: AppContext, caller: Caller, deviceId: string) {
  if (!(await repo.getDevice(ctx.db, caller.organizationId, deviceId))) throw notFound('Device');
  const rows = await repo.listCalibrations(ctx.db, caller.organizationId, deviceId);
  return { items: rows.map(toCalibration) };
}

/** Only scales are calibrated; a calibration is a new row (the history stays), logged like any change. */
export function addCalibration(
  ctx: AppContext,
  caller: Caller,
  deviceId: string,
  body: z.output<typeof calibrationCreateSchema>,
): Promise<Calibration> {
  return ctx.db.transaction(async (tx) => {
    const device = await repo.getDevice(tx, caller.organizationId, deviceId);
    if (!device) throw notFound('Device');
    if (!isScaleKind(device.kind))
      throw unprocessable(
        `${named(device.kind)} is not calibrated: only weighbridges and platform scales have calibrations.`,
      );
    if (body.calibrated_on > device.today)
      throw invalidField('calibrated_on', 'The calibration date cannot be in the future');
    const row = await repo.insertCalibration(tx, {
      organizationId: caller.organizationId,
      deviceId,
      calibratedOn: body.calibrated_on,
      certificateNo: body.certificate_no,
      nextDueOn: body.next_due_on,
      calibratedBy: body.calibrated_by ?? null,
      notes: body.notes ?? null,
      createdBy: caller.userId,
    });
    const after = toCalibration(row);
    await logChange(tx, caller, {
      type: 'CREATE_RECORD',
      entityType: 'device_calibration',
      entityId: row.id,
      referenceId: deviceId,
      description: `Recorded calibration ${row.certificateNo} of device ${device.code} (${device.name}), next due ${row.nextDueOn}`,
      after,
    });
    return after;
  });
}
