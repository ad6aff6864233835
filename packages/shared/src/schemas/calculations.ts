import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';

export const POLYMERS = ['PET', 'HDPE', 'PVC', 'LDPE', 'PP', 'PS', 'OTHER'] as const;
export const MATERIAL_FORMS = [
  'bottles',
  'film',
  'rigid',
  'mixed',
  'bale',
  'flake',
  'pellet',
  'regrind',
] as const;

export const materialTypeSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    polymer: z.enum(POLYMERS),
    form: z.enum(MATERIAL_FORMS),
    resin_code: z.number().int().nullable(),
    description: z.string(),
    recycling_kg_co2e_per_t: z
      .number()
      .nullable()
      .describe('Net kg CO2e per tonne recycled; negative is a saving'),
    virgin_kg_co2e_per_t: z.number().nullable(),
    factor_source: z.string(),
    factor_verified: z.boolean(),
    ref_version: z.string(),
  })
  .meta({ id: 'MaterialType' });
export type MaterialType = z.infer<typeof materialTypeSchema>;

export const materialTypesQuerySchema = listQuerySchema.extend({ polymer: z.enum(POLYMERS).optional() });

export const processTypeSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string(),
    kwh_per_tonne: z.number().nullable().describe('Indicative specific energy; null where none is known'),
    energy_source: z.string(),
    manufacturing: z.boolean().describe('Makes finished products: a run may name a product and its BOM'),
    ref_version: z.string(),
  })
  .meta({ id: 'ProcessType' });

export const eprCountrySchema = z
  .object({
    code: z.string().length(2),
    name: z.string(),
    law: z.string(),
    regulation: z.string(),
    currency: z.string().length(3),
    baseline_year: z.number().int(),
    obliged_enterprises: z.string(),
    covered_packaging: z.string(),
    penalty: z.string(),
    source: z.string(),
    ref_version: z.string(),
    targets: z.array(
      z.object({
        year: z.number().int().describe('The last year listed applies onward'),
        recovery_target_pct: z.number(),
        source: z.string(),
      }),
    ),
  })
  .meta({ id: 'EprCountry' });
export type EprCountry = z.infer<typeof eprCountrySchema>;
