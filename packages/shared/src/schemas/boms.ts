import { z } from 'zod';
import { POLYMERS } from './calculations.ts';
import { gtin } from './gs1.ts';
import { masterdataFields as m } from './masterdata.ts';
import { day, decimal, str } from './wire.ts';

// Components and bills of materials (docs/architecture.md "Domain model"): what a product's packaging is
// made of, and so the plastic footprint an obliged enterprise reports under RA 11898.

/** RA 11898's covered packaging: sachets; flexibles and laminates; rigid packaging; bags; polystyrene. */
export const PACKAGING_CATEGORIES = [
  'sachet',
  'flexible_laminate',
  'rigid',
  'bag',
  'polystyrene',
  'other',
] as const;
export const PACKAGING_CATEGORY_LABELS: Record<(typeof PACKAGING_CATEGORIES)[number], string> = {
  sachet: 'Sachet',
  flexible_laminate: 'Flexible or laminate',
  rigid: 'Rigid',
  bag: 'Bag',
  polystyrene: 'Polystyrene',
  other: 'Other',
};

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

// ---- components ----

export const componentSchema = z
  .object({
    ...m.recordFields,
    polymer: z.enum(POLYMERS),
    packaging_category: z.enum(PACKAGING_CATEGORIES),
    mass_g: z.string().describe('Grams of plastic in one component'),
    recycled_content_pct: z.string(),
    colour: z.string().nullable(),
    material: ref.nullable().describe('The organization’s material it is made of, if it is one'),
    supplier: ref.nullable(),
  })
  .meta({ id: 'Component' });
export type Component = z.infer<typeof componentSchema>;

const componentFields = {
  code: m.code,
  name: m.requiredText('Name'),
  polymer: z.enum(POLYMERS, 'Choose a polymer'),
  packaging_category: z.enum(PACKAGING_CATEGORIES, 'Choose the RA 11898 packaging category'),
  mass_g: m.decimalField('Mass', { scale: 3, digits: 9, positive: true }),
  recycled_content_pct: m
    .decimalField('Recycled content', { scale: 2, digits: 3, min: 0, max: 100 })
    .optional(),
  colour: m.optionalText(60),
  material_id: z.string().uuid('Choose a material').nullish(),
  supplier_id: z.string().uuid('Choose a supplier').nullish(),
};
export const componentCreateSchema = z.object(componentFields);
export const componentUpdateSchema = z.object(componentFields).partial().extend({ version: m.version });
export const componentListQuerySchema = m.masterListQuery.extend({
  polymer: z.enum(POLYMERS).optional(),
  packaging_category: z.enum(PACKAGING_CATEGORIES).optional(),
});

// ---- GTIN ----

// Kept in gs1.ts (masterdata.ts's materials use it too); re-exported here for the existing importers.
export { gtin, gtinCheckDigit } from './gs1.ts';

// ---- bills of materials ----

export const bomLineInputSchema = z.object({
  component_id: z.string().uuid('Choose a component'),
  quantity: decimal('Quantity', { scale: 4, digits: 8, positive: true }).describe(
    'Components per unit of product',
  ),
});

export const bomVersionInputSchema = z.object({
  effective_from: day('Enter the day the version takes effect'),
  notes: m.optionalText(1000),
  lines: z.array(bomLineInputSchema).min(1, 'Add at least one component').max(100, 'At most 100 components'),
});

const productFields = {
  code: m.code.describe('SKU'),
  name: m.requiredText('Name'),
  gtin: gtin().nullish().describe('GTIN-8, -12, -13 or -14; stored as GTIN-14'),
  unit: str().trim().min(1, 'Unit is required').max(30).default('piece'),
  packaging_format: m.optionalText(200),
};
/** A new product with its first BOM version. */
export const bomCreateSchema = z.object({ ...productFields, first_version: bomVersionInputSchema });
export const bomUpdateSchema = z
  .object({ ...productFields, unit: productFields.unit.unwrap() })
  .partial()
  .extend({ version: m.version });
export const bomListQuerySchema = m.masterListQuery;

/** Computed per BOM version: what one unit carries, and the plastic footprint of `units` units. */
export const bomFiguresSchema = z.object({
  grams_per_unit: z.string(),
  by_polymer: z.array(z.object({ polymer: z.enum(POLYMERS), grams_per_unit: z.string() })),
  by_category: z.array(z.object({ category: z.enum(PACKAGING_CATEGORIES), grams_per_unit: z.string() })),
  recycled_content_pct: z.string().nullable().describe('Recycled plastic as a share of the plastic mass'),
  units: z.string(),
  footprint_kg: z.string().describe('Plastic in `units` units, kg: the figure obliged enterprises report'),
});

export const bomVersionSchema = z.object({
  id: z.string().uuid(),
  version_no: z.number().int(),
  effective_from: z.string(),
  notes: z.string().nullable(),
  lines: z.array(
    z.object({
      line_no: z.number().int(),
      component: ref.extend({
        polymer: z.enum(POLYMERS),
        packaging_category: z.enum(PACKAGING_CATEGORIES),
        mass_g: z.string(),
        recycled_content_pct: z.string(),
      }),
      quantity: z.string(),
    }),
  ),
  figures: bomFiguresSchema,
  created_at: z.string(),
});

export const bomSchema = z
  .object({
    ...m.recordFields,
    gtin: z.string().nullable(),
    unit: z.string(),
    packaging_format: z.string().nullable(),
    current_version: z.number().int().nullable().describe('The version in effect today, if any'),
    versions: z.array(bomVersionSchema).describe('Newest first'),
  })
  .meta({ id: 'Bom' });
export type Bom = z.infer<typeof bomSchema>;

export const bomFootprintQuerySchema = z.object({
  units: decimal('Units', { scale: 0, digits: 12, positive: true }).default('1'),
});
