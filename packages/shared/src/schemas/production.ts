import { z } from 'zod';
import { receivePhotoSchema } from './intake.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, instant, str, versionField } from './wire.ts';

// Production runs: inputs (lots, kg taken) become outputs (new lots) and losses. Posting checks the
// mass balance, the line's capacity and stock, and records the lineage (docs/architecture.md).

export const LOSS_KINDS = ['moisture', 'contamination', 'fines', 'labels_caps', 'other'] as const;
export const LOSS_FATES = ['landfill', 'co_processing', 'resale', 'reject_lot', 'evaporated'] as const;
export const ENERGY_BASES = ['metered', 'entered', 'process_factor', 'rated_power', 'none'] as const;

export const LOSS_KIND_LABELS: Record<(typeof LOSS_KINDS)[number], string> = {
  moisture: 'Moisture',
  contamination: 'Contamination and rejects',
  fines: 'Fines',
  labels_caps: 'Labels and caps',
  other: 'Other',
};
export const LOSS_FATE_LABELS: Record<(typeof LOSS_FATES)[number], string> = {
  landfill: 'Landfill',
  co_processing: 'Co-processing',
  resale: 'Resale',
  reject_lot: 'Kept as a reject lot',
  evaporated: 'Evaporated or drained (water)',
};
export const ENERGY_BASIS_LABELS: Record<(typeof ENERGY_BASES)[number], string> = {
  metered: 'Metered',
  entered: 'Entered',
  process_factor: 'Calculated from kWh per tonne',
  rated_power: 'Calculated from rated power',
  none: 'Unknown',
};

const kgField = (label: string) => decimal(label, { scale: 3, digits: 7, positive: true });
const kwhField = (label: string) => decimal(label, { scale: 2, digits: 12 });

export const productionInputSchema = z.object({
  lot_id: z.string().uuid('Choose a lot'),
  kg: kgField('Kg taken'),
});
export const productionOutputSchema = z.object({
  material_id: z.string().uuid('Choose a material'),
  kg: kgField('Output kg'),
});
export const productionLossSchema = z.object({
  kind: z.enum(LOSS_KINDS, 'Choose the kind of loss'),
  fate: z.enum(LOSS_FATES, 'Choose where the loss went'),
  kg: kgField('Loss kg'),
  material_id: z.string().uuid('Choose the material of the reject lot').nullish(),
});

/** A run's fields; `productionRecordInputSchema` adds the rules between them. */
export const productionRecordFields = z.object({
  facility_id: z.string().uuid('Choose a facility'),
  production_line_id: z.string().uuid('Choose a production line').nullish(),
  process_code: str().min(1, 'Choose a process').max(50),
  started_at: instant('Enter when the run started'),
  ended_at: instant('Enter when the run ended'),
  shift: str().trim().max(50).nullish(),
  crew: str().trim().max(500).nullish(),
  meter_start_kwh: kwhField('Meter at start').nullish(),
  meter_end_kwh: kwhField('Meter at end').nullish(),
  meter_device_id: z
    .string()
    .uuid('Choose the energy meter')
    .nullish()
    .describe(
      'The line’s energy meter the two readings came from (GET /api/production-lines/{id}/meter-energy): both must equal its readings at the start and end',
    ),
  energy_kwh: kwhField('Energy').nullish().describe('kWh read or known; else calculated at posting'),
  water_m3: decimal('Water', { scale: 3, digits: 9 }).nullish(),
  notes: str().trim().max(2000).nullish(),
  product_id: z
    .string()
    .uuid('Choose a product')
    .nullish()
    .describe('A manufacturing run (moulding, film blowing, filling): the product it made'),
  bom_version_id: z.string().uuid('Choose the BOM version').nullish(),
  units: decimal('Units', { scale: 0, digits: 12, positive: true }).nullish().describe('Finished units made'),
  inputs: z.array(productionInputSchema).min(1, 'Add at least one input lot').max(50, 'At most 50 inputs'),
  outputs: z.array(productionOutputSchema).min(1, 'Add at least one output').max(20, 'At most 20 outputs'),
  losses: z.array(productionLossSchema).max(20, 'At most 20 losses').default([]),
});

type RunShape = {
  started_at: string;
  ended_at: string;
  product_id?: string | null | undefined;
  bom_version_id?: string | null | undefined;
  units?: string | null | undefined;
  meter_start_kwh?: string | null | undefined;
  meter_end_kwh?: string | null | undefined;
  meter_device_id?: string | null | undefined;
  losses: { fate: string; material_id?: string | null | undefined }[];
};

/** The rules between a run's fields, in the words the server answers with (the web form uses them too). */
export function productionRunRules(r: RunShape, ctx: z.RefinementCtx) {
  if (Date.parse(r.ended_at) <= Date.parse(r.started_at))
    ctx.addIssue({ code: 'custom', path: ['ended_at'], message: 'The run must end after it starts' });
  if ((r.meter_start_kwh == null) !== (r.meter_end_kwh == null))
    ctx.addIssue({
      code: 'custom',
      path: [r.meter_start_kwh == null ? 'meter_start_kwh' : 'meter_end_kwh'],
      message: 'Enter both meter readings, or neither',
    });
  else if (r.meter_device_id && r.meter_start_kwh == null)
    ctx.addIssue({
      code: 'custom',
      path: ['meter_start_kwh'],
      message: 'Take both readings from the meter',
    });
  if (r.product_id && !r.bom_version_id)
    ctx.addIssue({
      code: 'custom',
      path: ['bom_version_id'],
      message: 'Choose the BOM version the run followed',
    });
  if (r.product_id && !r.units)
    ctx.addIssue({ code: 'custom', path: ['units'], message: 'Enter the units made' });
  r.losses.forEach((l, i) => {
    if (l.fate === 'reject_lot' && !l.material_id)
      ctx.addIssue({
        code: 'custom',
        path: ['losses', i, 'material_id'],
        message: 'Choose the material of the reject lot',
      });
  });
}

export const productionRecordInputSchema = productionRecordFields.superRefine(productionRunRules);
export const productionRecordUpdateSchema = productionRecordFields
  .extend({ version: versionField() })
  .superRefine(productionRunRules);

export const productionPostBodySchema = z
  .object({
    over_capacity_reason: str()
      .trim()
      .min(3, 'Say why the line could process this much')
      .max(500)
      .nullish()
      .describe('A manager’s reason for a run above the line’s rated capacity (kg/h × hours + 10 %)'),
  })
  .default({});

export const productionCreateQuerySchema = z.object({
  post: z.stringbool().optional().describe('Save and post in one call'),
});

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const lotRef = z.object({ id: z.string().uuid(), code: z.string() });

export const productionRecordSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    status: z.enum(['draft', 'posted', 'voided']),
    facility: ref,
    production_line: ref.nullable(),
    process: z.object({ code: z.string(), name: z.string() }),
    product: ref.nullable(),
    bom_version: z
      .object({ id: z.string().uuid(), version_no: z.number().int(), effective_from: z.string() })
      .nullable(),
    units: z.string().nullable(),
    recycled_content_pct: z
      .string()
      .nullable()
      .describe('Set at posting: the inputs’ recycled share by mass, which the lots it made carry'),
    started_at: z.string(),
    ended_at: z.string(),
    shift: z.string().nullable(),
    crew: z.string().nullable(),
    meter_start_kwh: z.string().nullable(),
    meter_end_kwh: z.string().nullable(),
    meter_device: ref.nullable().describe('The energy meter the readings came from; null when typed'),
    entered_kwh: z.string().nullable(),
    water_m3: z.string().nullable(),
    notes: z.string().nullable(),
    inputs: z.array(
      z.object({
        id: z.string().uuid(),
        line_no: z.number().int(),
        lot: lotRef,
        material: ref,
        kg: z.string(),
        value_php: z.string().nullable(),
      }),
    ),
    outputs: z.array(
      z.object({
        id: z.string().uuid(),
        line_no: z.number().int(),
        material: ref,
        kg: z.string(),
        value_php: z.string().nullable(),
        lot: lotRef.nullable(),
      }),
    ),
    losses: z.array(
      z.object({
        id: z.string().uuid(),
        line_no: z.number().int(),
        kind: z.enum(LOSS_KINDS),
        fate: z.enum(LOSS_FATES),
        kg: z.string(),
        material: ref.nullable(),
        lot: lotRef.nullable(),
      }),
    ),
    photos: z.array(receivePhotoSchema).describe('Added while the run is a draft'),
    lineage: z
      .array(z.object({ from: lotRef, to: lotRef, kg: z.string() }))
      .describe('Kilograms of each input lot in each lot the run made (mass allocation, exact to the gram)'),
    total_input_kg: z.string(),
    total_output_kg: z.string(),
    total_loss_kg: z.string(),
    difference_kg: z.string().describe('Inputs less outputs less losses'),
    yield_pct: z.string().nullable(),
    energy_kwh: z.string().nullable(),
    energy_basis: z.enum(ENERGY_BASES).nullable(),
    energy_cost_php: z.string().nullable(),
    line_cost_php: z.string().nullable(),
    input_value_php: z.string().nullable(),
    output_value_php: z.string().nullable(),
    currency: z.literal('PHP'),
    over_capacity_reason: z.string().nullable(),
    posted_at: z.string().nullable(),
    voided_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ProductionRecord' });
export type ProductionRecord = z.infer<typeof productionRecordSchema>;

export const productionListQuerySchema = listQuerySchema.extend({
  status: z.enum(['draft', 'posted', 'voided']).optional(),
  facility_id: z.string().uuid().optional(),
  production_line_id: z.string().uuid().optional(),
  process_code: str().max(50).optional(),
  from: day().optional(),
  to: day().optional(),
});
export const productionExportQuerySchema = productionListQuerySchema.omit({ limit: true, cursor: true });

/** POST /api/calculations/energy-consumption (spec §7). */
export const energyInputSchema = z.object({
  process_code: str().max(50).nullish(),
  mass_kg: decimal('Mass', { scale: 3, digits: 11, positive: true }),
  hours: decimal('Hours', { scale: 2, digits: 6 }).nullish(),
  rated_kw: decimal('Rated power', { scale: 1, digits: 9 }).nullish(),
  load_factor: decimal('Load factor', { scale: 2, digits: 1, max: 1 }).nullish(),
  kwh_per_tonne: decimal('kWh per tonne', { scale: 1, digits: 9 }).nullish(),
  metered_kwh: kwhField('Metered energy').nullish(),
  tariff_php_per_kwh: decimal('Tariff', { scale: 4, digits: 4 }).nullish(),
  country: z.string().length(2).toUpperCase().default('PH'),
});
export const energyResultSchema = z
  .object({
    process_code: z.string().nullable(),
    mass_kg: z.string(),
    kwh: z.string().nullable(),
    basis: z.enum(ENERGY_BASES),
    source: z
      .string()
      .describe('Where the kWh come from: a meter, a factor and its source, or why there is none'),
    ref_version: z.string().nullable(),
    kwh_per_tonne: z.string().nullable(),
    tariff_php_per_kwh: z.string().nullable(),
    cost_php: z.string().nullable(),
    grid_kg_co2e_per_kwh: z.string().nullable(),
    kg_co2e: z.string().nullable(),
    grid_source: z.string().nullable(),
    grid_verified: z.boolean().nullable(),
    grid_ref_version: z.string().nullable(),
  })
  .meta({ id: 'EnergyConsumption' });
export type EnergyConsumption = z.infer<typeof energyResultSchema>;

/** How energy was found, inside a sentence: 'calculated from kWh per tonne'. */
export const energyBasisPhrase = (basis: (typeof ENERGY_BASES)[number]) => {
  const label = ENERGY_BASIS_LABELS[basis];
  return label.charAt(0).toLowerCase() + label.slice(1);
};

/** GET /api/production-records/by-line: posted runs per line and month, in the organization's months. */
export const lineMonthsQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(36).default(12),
  production_line_id: z.string().uuid().optional(),
});
export const lineMonthSchema = z.object({
  line: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }),
  month: z.string().describe('YYYY-MM in the organization’s time zone'),
  runs: z.number().int(),
  input_kg: z.string(),
  output_kg: z.string(),
  yield_pct: z.string().nullable(),
  energy_kwh: z.string().nullable().describe('Of the runs whose energy is known'),
  kwh_per_tonne: z
    .string()
    .nullable()
    .describe('Energy ÷ the input tonnes of the runs whose energy is known'),
});

/** GET /api/production-lines/{id}/meter-energy: the line's meter readings at a run's start and end. */
export const meterEnergyQuerySchema = z.object({
  from: instant('Enter when the run started'),
  to: instant('Enter when the run ended'),
});
const meterReadingSchema = z.object({
  reading_id: z.number().int(),
  value: z.string().describe('Cumulative kWh, to the hundredth'),
  recorded_at: z.string(),
});
export const meterEnergySchema = z
  .object({
    device: ref.nullable().describe('The line’s energy meter; null when it has none'),
    start: meterReadingSchema
      .nullable()
      .describe('Its latest reading at or before `from`, if no older than 15 minutes'),
    end: meterReadingSchema.nullable().describe('Its latest reading at or before `to`, likewise'),
    kwh: z.string().nullable().describe('end − start, when both are known'),
    reason: z.string().nullable().describe('Why kwh is null'),
  })
  .meta({ id: 'MeterEnergy' });
export type MeterEnergy = z.infer<typeof meterEnergySchema>;
