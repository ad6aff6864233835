import { type Bom, bomFigures } from '@plastrace/shared';
import type { CsvColumn } from '../../lib/listing.ts';
import type { BomRow } from './boms.repo.ts';

/** A product with its versions, each with its computed plastic figures (for `units` units). */
export function toBom(p: BomRow, units = '1'): Bom {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    gtin: p.gtin,
    unit: p.unit,
    packaging_format: p.packagingFormat,
    current_version: p.versions.find((v) => v.current)?.versionNo ?? null,
    versions: p.versions.map((v) => {
      const lines = v.lines.map(({ line, component: c }) => ({
        line_no: line.lineNo,
        component: {
          id: c.id,
          code: c.code,
          name: c.name,
          polymer: c.polymer,
          packaging_category: c.packagingCategory,
          mass_g: c.massG,
          recycled_content_pct: c.recycledContentPct,
        },
        quantity: line.quantity,
      }));
      return {
        id: v.id,
        version_no: v.versionNo,
        effective_from: v.effectiveFrom,
        notes: v.notes,
        lines,
        figures: bomFigures(
          lines.map((l) => ({ ...l.component, quantity: l.quantity })),
          units,
        ),
        created_at: v.createdAt.toISOString(),
      };
    }),
    archived_at: p.archivedAt?.toISOString() ?? null,
    version: p.version,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

const current = (b: Bom) => b.versions.find((v) => v.version_no === b.current_version);

export const BOM_CSV: CsvColumn<Bom>[] = [
  ['sku', (b) => b.code],
  ['name', (b) => b.name],
  ['gtin', (b) => b.gtin],
  ['unit', (b) => b.unit],
  ['packaging_format', (b) => b.packaging_format],
  ['current_version', (b) => b.current_version],
  ['effective_from', (b) => current(b)?.effective_from],
  ['plastic_g_per_unit', (b) => current(b)?.figures.grams_per_unit],
  ['recycled_content_pct', (b) => current(b)?.figures.recycled_content_pct],
  ['archived_at', (b) => b.archived_at],
];
