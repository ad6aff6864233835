import type { OrgProcessType, processTypeCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { ProcessTypeRow, ProcessTypeValues } from './process-types.repo.ts';

type Input = Partial<z.output<typeof processTypeCreateSchema>>;

export const toProcessType = (p: ProcessTypeRow): OrgProcessType => ({
  id: p.id,
  code: p.code,
  name: p.name,
  description: p.description,
  reference_code: p.referenceCode,
  reference_name: p.referenceName,
  kwh_per_tonne: p.kwhPerTonne,
  reference_kwh_per_tonne: p.referenceKwhPerTonne,
  archived_at: p.archivedAt?.toISOString() ?? null,
  version: p.version,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});

export const processTypeValues = (b: Input): Partial<ProcessTypeValues> => ({
  code: b.code,
  name: b.name,
  description: b.description,
  referenceCode: b.reference_code,
  kwhPerTonne: b.kwh_per_tonne,
});

export const PROCESS_TYPE_CSV: CsvColumn<OrgProcessType>[] = [
  ['code', (p) => p.code],
  ['name', (p) => p.name],
  ['description', (p) => p.description],
  ['reference_code', (p) => p.reference_code],
  ['kwh_per_tonne', (p) => p.kwh_per_tonne],
  ['reference_kwh_per_tonne', (p) => p.reference_kwh_per_tonne],
  ['archived_at', (p) => p.archived_at],
  ['created_at', (p) => p.created_at],
];
