import { z } from 'zod';
import { day, str, versionField } from './wire.ts';

// Environmental impact (docs/architecture.md "Impact"): what the organization collected and where it went,
// the CO2e its recycling avoided on each basis of the reference data (each figure with its factor and
// source, or "not calculated" and why), the energy its runs used, relatable equivalents, and a public page
// the organization may publish. Mass and CO2e travel as decimal strings; charts may read them as numbers.

/** A range longer than this is refused: the monthly series stays a chart, not a table of decades. */
export const IMPACT_MAX_YEARS = 10;
export const IMPACT_HEADLINE_MAX = 200;

/** The day `years` years after `from` (2026-03-01 → 2036-03-01); 29 February falls back to the 28th. */
function yearsAfter(from: string, years: number): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Why a range cannot be shown (it runs backwards, or is too long), or null. */
export function impactRangeProblem(from: string, to: string): string | null {
  if (to < from) return 'The range ends before it starts';
  if (to >= yearsAfter(from, IMPACT_MAX_YEARS)) return `Choose at most ${IMPACT_MAX_YEARS} years`;
  return null;
}

export const impactQuerySchema = z
  .object({
    from: day()
      .optional()
      .describe('First day (the organization’s); default: 1 January of the last day’s year'),
    to: day().optional().describe('Last day; default: the organization’s today'),
  })
  .superRefine((q, c) => {
    const problem = q.from && q.to ? impactRangeProblem(q.from, q.to) : null;
    if (problem) c.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

/** The three ways of counting CO2e avoided, side by side; the first is the headline (net, conservative). */
export const IMPACT_BASES = ['warm_recycling', 'warm_virgin', 'plasticseurope_virgin'] as const;
export type ImpactBasis = (typeof IMPACT_BASES)[number];
export const IMPACT_BASIS_LABELS: Record<ImpactBasis, string> = {
  warm_recycling: 'Net recycling vs virgin production (EPA WARM v16)',
  warm_virgin: 'Avoided virgin production (EPA WARM v16)',
  plasticseurope_virgin: 'Avoided virgin production, cradle-to-gate (PlasticsEurope)',
};

const kg = z.string().describe('kg, to the gram');
const basisSchema = z.object({
  figure: z.string(),
  value: z.string(),
  rule: z.string().describe('How it was found'),
  source: z.string().describe('Where the rule or figure comes from'),
});

export const impactFatesSchema = z.object({
  collected_kg: kg.describe('Net kg of posted deliveries received in the range'),
  recycled_kg: kg.describe('processed_kg + passed_on_kg'),
  processed_kg: kg.describe('What runs made from collected material (first processing step)'),
  passed_on_kg: kg.describe('Collected material dispatched unprocessed to recyclers and manufacturers'),
  landfill_kg: kg,
  co_processing_kg: kg.describe('Losses co-processed, and collected material dispatched to co-processors'),
  resale_kg: kg,
  evaporated_kg: kg.describe('Moisture and water drained off'),
  reject_lot_kg: kg.describe('Losses kept as reject lots (their fate is decided later)'),
  diverted_kg: kg.describe('collected_kg − landfill_kg'),
  diversion_rate_pct: z
    .string()
    .nullable()
    .describe('diverted ÷ collected × 100, to 0.1; null with nothing collected'),
});

export const impactFactorSchema = z.object({
  basis: z.enum(IMPACT_BASES),
  kg_co2e_per_t: z.string().nullable().describe('The factor as the source gives it'),
  unit: z.string(),
  kg_co2e_avoided: z.string().nullable().describe('To 0.1 kg; null when not calculated'),
  source: z.string().nullable(),
  verified: z.boolean().nullable().describe('Checked against the primary publication'),
  not_calculated: z.string().nullable().describe('Why there is no figure'),
});

export const impactMaterialTypeSchema = z.object({
  material_type: z.string().nullable().describe('Null: materials naming no reference type'),
  name: z.string().nullable(),
  polymer: z.string().nullable(),
  recycled_kg: kg,
  factors: z.array(impactFactorSchema).describe('One per basis, in the order of `totals`'),
});

export const impactTotalSchema = z.object({
  basis: z.enum(IMPACT_BASES),
  label: z.string(),
  kg_co2e_avoided: z.string().describe('Over the types with a factor, to 0.1 kg'),
  kg_calculated: kg.describe('Recycled kg the figure covers'),
  kg_not_calculated: kg.describe('Recycled kg of types without a factor on this basis'),
  statement: z.string(),
});

export const impactEquivalentSchema = z.object({
  code: z.enum(['passenger_car_years', 'petrol_litres', 'tree_seedlings_10_years']),
  label: z.string(),
  value: z.string().describe('How many, to 0.1'),
  kg_co2e_per_unit: z.string(),
  source: z.string(),
  url: z.string(),
  as_of: z.string().describe('The date of the figure, as far as the source gives it'),
  verified: z.boolean(),
});

export const impactEnergySchema = z.object({
  kwh: z.string().describe('kWh of the runs whose energy is known (metered, entered or calculated)'),
  processed_kg: kg.describe('Inputs of those runs'),
  kwh_per_tonne: z.string().nullable(),
  runs: z.number().int(),
  runs_without_energy: z.number().int(),
  kg_without_energy: kg,
  grid_kg_co2e: z.string().nullable().describe('kWh × the grid factor, to 0.1 kg'),
  grid_kg_co2e_per_kwh: z.string().nullable(),
  grid_source: z.string().nullable(),
  grid_verified: z.boolean().nullable(),
  country: z.string(),
  statement: z.string(),
});

export const impactMonthSchema = z.object({
  month: z.string().describe('YYYY-MM, the organization’s'),
  collected_kg: kg,
  diverted_kg: kg,
  recycled_kg: kg,
  kg_co2e_avoided: z.string().describe('WARM net recycling basis, to 0.1 kg'),
});

export const impactFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  fates: impactFatesSchema,
  co2e: z.object({
    totals: z.array(impactTotalSchema),
    by_material_type: z.array(impactMaterialTypeSchema),
  }),
  energy: impactEnergySchema,
  equivalents: z.array(impactEquivalentSchema).describe('Of the WARM net recycling figure'),
  basis: z.array(basisSchema),
});
export type ImpactFigures = z.infer<typeof impactFiguresSchema>;

export const impactSchema = impactFiguresSchema
  .extend({ months: z.array(impactMonthSchema) })
  .meta({ id: 'Impact' });
export type Impact = z.infer<typeof impactSchema>;

// ---- the public page ----

export const impactPageSchema = z
  .object({
    published: z.boolean(),
    published_at: z.string().nullable(),
    published_by: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
    headline: z.string().nullable(),
    version: z.number().int().describe('0 until first saved'),
    slug: z.string(),
    public_url: z.string(),
  })
  .meta({ id: 'ImpactPage' });
export type ImpactPage = z.infer<typeof impactPageSchema>;

export const impactPageInputSchema = z.object({
  published: z.boolean('Say whether the page is published'),
  headline: str()
    .trim()
    .max(IMPACT_HEADLINE_MAX, `At most ${IMPACT_HEADLINE_MAX} characters`)
    .nullable()
    .optional()
    .describe('Left out: unchanged; empty or null: none'),
  version: versionField(),
});
export type ImpactPageInput = z.infer<typeof impactPageInputSchema>;

export const publicImpactParams = z.object({
  slug: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Letters, digits and dashes'),
});

export const publicImpactSchema = z
  .object({
    organization: z.object({ name: z.string(), time_zone: z.string() }),
    headline: z.string().nullable(),
    published_at: z.string(),
    this_year: impactSchema,
    all_time: impactFiguresSchema,
  })
  .meta({ id: 'PublicImpact' });
export type PublicImpact = z.infer<typeof publicImpactSchema>;
