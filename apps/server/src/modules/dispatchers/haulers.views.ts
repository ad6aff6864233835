import type { Hauler, haulerCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { HaulerRow, HaulerValues } from './haulers.repo.ts';

type Input = Partial<z.output<typeof haulerCreateSchema>>;

export const toHauler = (h: HaulerRow): Hauler => ({
  id: h.id,
  code: h.code,
  name: h.name,
  contact_name: h.contactName,
  phone: h.phone,
  accreditation_number: h.accreditationNumber,
  accreditation_valid_until: h.accreditationValidUntil,
  accreditation_status: h.accreditationStatus,
  archived_at: h.archivedAt?.toISOString() ?? null,
  version: h.version,
  created_at: h.createdAt.toISOString(),
  updated_at: h.updatedAt.toISOString(),
});

export const haulerValues = (b: Input): Partial<HaulerValues> => ({
  code: b.code,
  name: b.name,
  contactName: b.contact_name,
  phone: b.phone,
  accreditationNumber: b.accreditation_number,
  accreditationValidUntil: b.accreditation_valid_until,
});

export const HAULER_CSV: CsvColumn<Hauler>[] = [
  ['code', (h) => h.code],
  ['name', (h) => h.name],
  ['contact_name', (h) => h.contact_name],
  ['phone', (h) => h.phone],
  ['accreditation_number', (h) => h.accreditation_number],
  ['accreditation_valid_until', (h) => h.accreditation_valid_until],
  ['accreditation_status', (h) => h.accreditation_status],
  ['archived_at', (h) => h.archived_at],
  ['created_at', (h) => h.created_at],
];
