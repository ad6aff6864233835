import type { Component, componentCreateSchema } from '@plastrace/shared';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/listing.ts';
import type { ComponentRow, ComponentValues } from './components.repo.ts';

type Input = Partial<z.output<typeof componentCreateSchema>>;

const ref = (id: string | null, code: string | null, name: string | null) =>
  id && code && name ? { id, code, name } : null;

export const toComponent = (c: ComponentRow): Component => ({
  id: c.id,
  code: c.code,
  name: c.name,
  polymer: c.polymer,
  packaging_category: c.packagingCategory,
  mass_g: c.massG,
  recycled_content_pct: c.recycledContentPct,
  colour: c.colour,
  material: ref(c.materialId, c.materialCode, c.materialName),
  supplier: ref(c.supplierId, c.supplierCode, c.supplierName),
  archived_at: c.archivedAt?.toISOString() ?? null,
  version: c.version,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export const componentValues = (b: Input): Partial<ComponentValues> => ({
  code: b.code,
  name: b.name,
  polymer: b.polymer,
  packagingCategory: b.packaging_category,
  massG: b.mass_g,
  recycledContentPct: b.recycled_content_pct,
  colour: b.colour,
  materialId: b.material_id,
  supplierId: b.supplier_id,
});

export const COMPONENT_CSV: CsvColumn<Component>[] = [
  ['code', (c) => c.code],
  ['name', (c) => c.name],
  ['polymer', (c) => c.polymer],
  ['packaging_category', (c) => c.packaging_category],
  ['mass_g', (c) => c.mass_g],
  ['recycled_content_pct', (c) => c.recycled_content_pct],
  ['colour', (c) => c.colour],
  ['material_code', (c) => c.material?.code],
  ['supplier_code', (c) => c.supplier?.code],
  ['archived_at', (c) => c.archived_at],
  ['created_at', (c) => c.created_at],
];
