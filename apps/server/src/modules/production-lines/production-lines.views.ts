import type { ProductionLine, productionLineCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { ProductionLineRow, ProductionLineValues } from './production-lines.repo.ts';

type Input = Partial<z.output<typeof productionLineCreateSchema>>;

export const toProductionLine = (l: ProductionLineRow): ProductionLine => ({
  id: l.id,
  code: l.code,
  name: l.name,
  facility: { id: l.facilityId, code: l.facilityCode, name: l.facilityName },
  process_codes: l.processCodes,
  capacity_kg_per_h: l.capacityKgPerH,
  rated_kw: l.ratedKw,
  cost_per_kg_php: l.costPerKgPhp,
  archived_at: l.archivedAt?.toISOString() ?? null,
  version: l.version,
  created_at: l.createdAt.toISOString(),
  updated_at: l.updatedAt.toISOString(),
});

export const productionLineValues = (b: Input): Partial<ProductionLineValues> => ({
  code: b.code,
  name: b.name,
  facilityId: b.facility_id,
  processCodes: b.process_codes,
  capacityKgPerH: b.capacity_kg_per_h,
  ratedKw: b.rated_kw,
  costPerKgPhp: b.cost_per_kg_php,
});

export const PRODUCTION_LINE_CSV: CsvColumn<ProductionLine>[] = [
  ['code', (l) => l.code],
  ['name', (l) => l.name],
  ['facility_code', (l) => l.facility.code],
  ['facility_name', (l) => l.facility.name],
  ['process_codes', (l) => l.process_codes.join(' > ')],
  ['capacity_kg_per_h', (l) => l.capacity_kg_per_h],
  ['rated_kw', (l) => l.rated_kw],
  ['cost_per_kg_php', (l) => l.cost_per_kg_php],
  ['archived_at', (l) => l.archived_at],
  ['created_at', (l) => l.created_at],
];
