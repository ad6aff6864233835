import { type Calibration, type Device, isScaleKind } from '@plastrace/shared';
import type { CsvColumn } from '../../lib/listing.ts';
import { calibrationState } from './devices.calibration.ts';
import type { CalibrationRow, DeviceRow } from './devices.repo.ts';

const ref = (id: string | null, code: string | null, name: string | null) =>
  id && code !== null && name !== null ? { id, code, name } : null;

export function toDevice(d: DeviceRow): Device {
  const last = d.lastReading;
  const cal = d.lastCalibration;
  return {
    id: d.id,
    code: d.code,
    name: d.name,
    kind: d.kind,
    facility: ref(d.facilityId, d.facilityCode, d.facilityName),
    production_line: ref(d.productionLineId, d.lineCode, d.lineName),
    vehicle: ref(d.vehicleId, d.vehicleCode, d.vehicleName),
    capacity_kg: d.capacityKg,
    offline_after_minutes: d.offlineAfterMinutes,
    manufacturer: d.manufacturer,
    model: d.model,
    serial_no: d.serialNo,
    notes: d.notes,
    status: d.status,
    last_seen_at: d.lastSeenAt?.toISOString() ?? null,
    last_reading: last ? { ...last, recorded_at: new Date(last.recorded_at).toISOString() } : null,
    calibration: isScaleKind(d.kind)
      ? { state: calibrationState(cal?.next_due_on ?? null, d.today), last: cal }
      : null,
    archived_at: d.archivedAt?.toISOString() ?? null,
    version: d.version,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export const toCalibration = (c: CalibrationRow): Calibration => ({
  id: c.id,
  device_id: c.deviceId,
  calibrated_on: c.calibratedOn,
  certificate_no: c.certificateNo,
  next_due_on: c.nextDueOn,
  calibrated_by: c.calibratedBy,
  notes: c.notes,
  created_by: { id: c.createdBy, name: c.createdByName },
  created_at: c.createdAt.toISOString(),
});

export const DEVICE_CSV: CsvColumn<Device>[] = [
  ['code', (d) => d.code],
  ['name', (d) => d.name],
  ['kind', (d) => d.kind],
  ['facility_code', (d) => d.facility?.code],
  ['production_line_code', (d) => d.production_line?.code],
  ['vehicle_code', (d) => d.vehicle?.code],
  ['capacity_kg', (d) => d.capacity_kg],
  ['serial_no', (d) => d.serial_no],
  ['status', (d) => d.status],
  ['last_seen_at', (d) => d.last_seen_at],
  ['calibration_state', (d) => d.calibration?.state],
  ['calibration_next_due_on', (d) => d.calibration?.last?.next_due_on],
  ['archived_at', (d) => d.archived_at],
  ['created_at', (d) => d.created_at],
];
