import type { Vehicle, vehicleCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { VehicleRow, VehicleValues } from './vehicles.repo.ts';

type Input = Partial<z.output<typeof vehicleCreateSchema>>;

export const toVehicle = (v: VehicleRow): Vehicle => ({
  id: v.id,
  code: v.code,
  name: v.name,
  type: v.type,
  capacity_kg: v.capacityKg,
  hauler: v.haulerId ? { id: v.haulerId, code: v.haulerCode ?? '', name: v.haulerName ?? '' } : null,
  archived_at: v.archivedAt?.toISOString() ?? null,
  version: v.version,
  created_at: v.createdAt.toISOString(),
  updated_at: v.updatedAt.toISOString(),
});

export const vehicleValues = (b: Input): Partial<VehicleValues> => ({
  code: b.code,
  name: b.name,
  type: b.type,
  capacityKg: b.capacity_kg,
  haulerId: b.hauler_id,
});

export const VEHICLE_CSV: CsvColumn<Vehicle>[] = [
  ['plate_number', (v) => v.code],
  ['name', (v) => v.name],
  ['type', (v) => v.type],
  ['capacity_kg', (v) => v.capacity_kg],
  ['hauler_code', (v) => v.hauler?.code],
  ['hauler_name', (v) => v.hauler?.name],
  ['archived_at', (v) => v.archived_at],
  ['created_at', (v) => v.created_at],
];
