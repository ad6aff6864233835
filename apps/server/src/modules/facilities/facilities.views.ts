import type { Facility, facilityCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { FacilityRow, FacilityValues } from './facilities.repo.ts';

type Input = Partial<z.output<typeof facilityCreateSchema>>;
type Permit = Facility['permits'][number];

export const toFacility = (f: FacilityRow): Facility => ({
  id: f.id,
  code: f.code,
  name: f.name,
  type: f.type,
  address_line: f.addressLine,
  barangay: f.barangay,
  city: f.city,
  province: f.province,
  region: f.region,
  country: f.country,
  latitude: f.latitude,
  longitude: f.longitude,
  permits: f.permits as Permit[],
  archived_at: f.archivedAt?.toISOString() ?? null,
  version: f.version,
  created_at: f.createdAt.toISOString(),
  updated_at: f.updatedAt.toISOString(),
});

/** Wire fields to columns; a field left out stays undefined, which inserts the default or leaves it unchanged. */
export const facilityValues = (b: Input): Partial<FacilityValues> => ({
  code: b.code,
  name: b.name,
  type: b.type,
  addressLine: b.address_line,
  barangay: b.barangay,
  city: b.city,
  province: b.province,
  region: b.region,
  country: b.country,
  latitude: b.latitude,
  longitude: b.longitude,
  permits: b.permits,
});

export const FACILITY_CSV: CsvColumn<Facility>[] = [
  ['code', (f) => f.code],
  ['name', (f) => f.name],
  ['type', (f) => f.type],
  ['address_line', (f) => f.address_line],
  ['barangay', (f) => f.barangay],
  ['city', (f) => f.city],
  ['province', (f) => f.province],
  ['region', (f) => f.region],
  ['country', (f) => f.country],
  ['latitude', (f) => f.latitude],
  ['longitude', (f) => f.longitude],
  ['permits', (f) => f.permits.map((p) => `${p.kind} ${p.number}`).join('; ')],
  ['archived_at', (f) => f.archived_at],
  ['created_at', (f) => f.created_at],
];
