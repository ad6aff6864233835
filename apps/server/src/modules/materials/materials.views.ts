import type { Material, materialCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { MaterialRow, MaterialValues } from './materials.repo.ts';

type Input = Partial<z.output<typeof materialCreateSchema>>;

export const toMaterial = (m: MaterialRow): Material => ({
  id: m.id,
  code: m.code,
  name: m.name,
  polymer: m.polymer,
  form: m.form,
  grade: m.grade,
  resin_code: m.resinCode,
  type_code: m.typeCode,
  is_virgin: m.isVirgin,
  gtin: m.gtin,
  archived_at: m.archivedAt?.toISOString() ?? null,
  version: m.version,
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

export const materialValues = (b: Input): Partial<MaterialValues> => ({
  code: b.code,
  name: b.name,
  polymer: b.polymer,
  form: b.form,
  grade: b.grade,
  resinCode: b.resin_code,
  typeCode: b.type_code,
  isVirgin: b.is_virgin,
  gtin: b.gtin,
});

export const MATERIAL_CSV: CsvColumn<Material>[] = [
  ['code', (m) => m.code],
  ['name', (m) => m.name],
  ['polymer', (m) => m.polymer],
  ['form', (m) => m.form],
  ['grade', (m) => m.grade],
  ['resin_code', (m) => m.resin_code],
  ['type_code', (m) => m.type_code],
  ['is_virgin', (m) => (m.is_virgin ? 'yes' : 'no')],
  ['gtin', (m) => m.gtin],
  ['archived_at', (m) => m.archived_at],
  ['created_at', (m) => m.created_at],
];
