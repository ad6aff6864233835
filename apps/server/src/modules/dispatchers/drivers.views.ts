import type { Driver, driverCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { DriverRow, DriverValues } from './drivers.repo.ts';

type Input = Partial<z.output<typeof driverCreateSchema>>;

export const toDriver = (d: DriverRow): Driver => ({
  id: d.id,
  code: d.code,
  name: d.name,
  phone: d.phone,
  licence_number: d.licenceNumber,
  licence_expires_on: d.licenceExpiresOn,
  licence_status: d.licenceStatus,
  archived_at: d.archivedAt?.toISOString() ?? null,
  version: d.version,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

export const driverValues = (b: Input): Partial<DriverValues> => ({
  code: b.code,
  name: b.name,
  phone: b.phone,
  licenceNumber: b.licence_number,
  licenceExpiresOn: b.licence_expires_on,
});

export const DRIVER_CSV: CsvColumn<Driver>[] = [
  ['code', (d) => d.code],
  ['name', (d) => d.name],
  ['phone', (d) => d.phone],
  ['licence_number', (d) => d.licence_number],
  ['licence_expires_on', (d) => d.licence_expires_on],
  ['licence_status', (d) => d.licence_status],
  ['archived_at', (d) => d.archived_at],
  ['created_at', (d) => d.created_at],
];
