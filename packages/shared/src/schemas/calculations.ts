import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';
import { decimal, str } from './wire.ts';

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

// POST /api/calculations/epr-credits (spec §7): the EPR credits a mass earns by its end fate, with the
// country's RA 11898-style target that year and the CO2e, each figure with its rule and source.

export const END_FATES = ['recycling', 'co_processing', 'landfill'] as const;
export type EndFate = (typeof END_FATES)[number];
export const END_FATE_LABELS: Record<EndFate, string> = {
  recycling: 'Recycling',
  co_processing: 'Co-processing (cement kilns)',
  landfill: 'Landfill',
};
/** How many records or lots one calculation may name: a month of deliveries, not the whole history. */
export const EPR_SOURCE_IDS_MAX = 500;

const sourceIds = (what: string) =>
  z
    .array(z.string().uuid(`Each ${what} id must be a UUID`))
    .min(1, `Give at least one ${what}`)
    .max(EPR_SOURCE_IDS_MAX, `Give at most ${EPR_SOURCE_IDS_MAX} ${what}s at a time`);

/** The fields, unrefined (forms extend them); `eprCreditsInputSchema` adds the one-source rule. */
export const eprCreditsFieldsSchema = z.object({
  material_type: str().trim().max(50).optional().describe('A reference material type code, with `kg`'),
  kg: decimal('Mass', { scale: 3, digits: 11, positive: true }).optional(),
  record_ids: sourceIds('record')
    .optional()
    .describe('Posted receive records (their lines’ net kg) or production runs (their outputs’ kg)'),
  lot_ids: sourceIds('lot').optional().describe('Lots: the kg each was made with'),
  end_fate: z.enum(END_FATES, 'Choose recycling, co-processing or landfill'),
  country: z
    .string()
    .trim()
    .length(2, 'Give a two-letter country code')
    .toUpperCase()
    .optional()
    .describe('Default: the organization’s country'),
  year: z
    .number('Give the compliance year')
    .int('Give the compliance year as a whole number')
    .min(2000, 'Give a year from 2000')
    .max(2100, 'Give a year up to 2100'),
});

export const eprCreditsInputSchema = eprCreditsFieldsSchema.superRefine((v, ctx) => {
  const given = [
    v.material_type !== undefined || v.kg !== undefined,
    v.record_ids !== undefined,
    v.lot_ids !== undefined,
  ].filter(Boolean).length;
  if (given !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: given === 0 ? ['kg'] : [],
      message: 'Give one source: a material type and kg, record_ids, or lot_ids',
    });
    return;
  }
  if (v.kg !== undefined && !v.material_type)
    ctx.addIssue({ code: 'custom', path: ['material_type'], message: 'Choose the material type of the kg' });
  if (v.material_type && v.kg === undefined)
    ctx.addIssue({ code: 'custom', path: ['kg'], message: 'Give the kg of the material type' });
});
export type EprCreditsInput = z.output<typeof eprCreditsInputSchema>;

const basisSchema = z.object({
  figure: z.string().describe('Which figure: kg considered, eligible kg, credits, target, CO2e…'),
  value: z.string(),
  rule: z.string().describe('How it was found'),
  source: z.string().describe('Where the rule or factor comes from'),
});

export const eprCreditsResultSchema = z
  .object({
    source: z.enum(['material_type', 'records', 'lots']),
    end_fate: z.enum(END_FATES),
    end_fate_label: z.string(),
    country: z.string(),
    year: z.number().int(),
    kg: z.string().describe('kg considered'),
    /** Each record or lot counted, with its kg (empty for a material type and kg). */
    items: z.array(
      z.object({
        type: z.enum(['receive_record', 'production_record', 'lot']),
        id: z.string(),
        number: z.string().describe('Record number or lot code'),
        kg: z.string(),
      }),
    ),
    by_material_type: z.array(
      z.object({
        material_type: z.string().nullable().describe('Null: the material names no reference type'),
        name: z.string().nullable(),
        kg: z.string(),
        eligible_kg: z.string(),
        kg_co2e: z.string().nullable(),
        kg_co2e_per_t: z.string().nullable(),
        factor_source: z.string().nullable(),
        factor_verified: z.boolean().nullable(),
        ref_version: z.string().nullable(),
      }),
    ),
    eligible: z.boolean().describe('Whether the end fate counts as recovery'),
    eligibility: z.string().describe('Why the kg count or do not'),
    eligible_kg: z.string(),
    credits: z.number().int().describe('Whole credits: 1 credit = 1 tonne'),
    remaining_kg: z.string().describe('Eligible kg short of the next whole tonne, carried'),
    target: z.object({
      recovery_target_pct: z.string().nullable(),
      year: z.number().int().nullable().describe('The year of the figure applied (the last applies onward)'),
      law: z.string().nullable(),
      source: z.string().nullable(),
      statement: z.string(),
    }),
    co2e: z.object({
      kg_co2e: z
        .string()
        .nullable()
        .describe('Net kg CO2e of the types with a factor; negative is avoided. Null: no factor applies'),
      effect: z.enum(['avoided', 'emitted']).nullable(),
      statement: z.string(),
    }),
    basis: z.array(basisSchema),
  })
  .meta({ id: 'EprCredits' });
export type EprCredits = z.infer<typeof eprCreditsResultSchema>;
