import { z } from 'zod';
import { MATCH_THRESHOLD } from '../spectra.ts';
import { POLYMERS } from './calculations.ts';
import { listQuerySchema } from './pagination.ts';
import { str, versionField } from './wire.ts';

// Spectral polymer identification (docs/architecture.md "Identification"): a spectrum in, the best
// reference polymers out (Open Specy's method, packages/shared/src/spectra.ts), stored with who asked;
// a person confirms the material onto a lot or a draft receive line.

export const SPECTRUM_TECHNIQUES = ['FTIR', 'NIR', 'Raman'] as const;
export type SpectrumTechnique = (typeof SPECTRUM_TECHNIQUES)[number];
/** The polymers a reference spectrum may be labelled with: the materials' polymers and the others scanners meet. */
export const SPECTRUM_POLYMERS = [...POLYMERS, 'PE', 'PLA', 'PC', 'ABS', 'PA'] as const;
export const IDENTIFICATION_LIBRARIES = ['shipped', 'site', 'both'] as const;
/** Points per spectrum: a 1 cm⁻¹ scan of 0–15,000 cm⁻¹ fits, and the body stays far below the 1 MiB limit. */
export const MAX_SPECTRUM_POINTS = 20_000;
export const MAX_SPECTRUM_CSV_CHARS = 600_000;

const numbers = (what: string) =>
  z
    .array(z.number(`Every ${what} must be a number`), `Send ${what}s as an array of numbers`)
    .max(MAX_SPECTRUM_POINTS, `At most ${MAX_SPECTRUM_POINTS.toLocaleString('en')} points`);

export const spectrumInputSchema = z.object({
  wavenumbers: numbers('wavenumber').describe('cm⁻¹, ascending or descending'),
  intensities: numbers('intensity').describe('Absorbance or intensity, one per wavenumber'),
});

export const identifyBodySchema = z
  .object({
    spectrum: spectrumInputSchema.optional(),
    csv: str()
      .max(MAX_SPECTRUM_CSV_CHARS, 'The CSV is too long')
      .optional()
      .describe('Two columns, wavenumber and intensity; header optional; comma, semicolon, tab or space'),
    technique: z.enum(SPECTRUM_TECHNIQUES, 'Choose FTIR, NIR or Raman').default('FTIR'),
    library: z
      .enum(IDENTIFICATION_LIBRARIES, 'Choose shipped, site or both')
      .default('both')
      .describe('Match against the shipped FTIR library, the organization’s own, or both'),
    file_name: str().trim().max(200).nullish(),
  })
  .refine((b) => (b.spectrum === undefined) !== (b.csv === undefined), {
    message: 'Send either spectrum or csv',
    path: ['spectrum'],
  });

const score = z.number().describe('Pearson r of the processed spectra over their shared range');
export const candidateSchema = z.object({
  polymer: z.string(),
  score,
  reference: z
    .string()
    .describe('The best reference of that polymer: shipped file name or site spectrum name'),
});

const userRef = z.object({ id: z.string().uuid(), name: z.string() });
export const valueSchema = z
  .object({
    qty_kg: z.string(),
    unit_price: z
      .string()
      .nullable()
      .describe('The buying price list’s price in force, PHP/kg; null when none'),
    value_php: z.string().nullable(),
    currency: z.literal('PHP'),
    price_note: z.string().nullable(),
  })
  .meta({ id: 'IdentificationValue' });

export const confirmationSchema = z.object({
  material: z.object({ id: z.string().uuid(), code: z.string(), name: z.string(), polymer: z.string() }),
  lot: z.object({ id: z.string().uuid(), code: z.string() }).nullable(),
  reclassified_into: z
    .object({ id: z.string().uuid(), code: z.string() })
    .nullable()
    .describe('The new lot the balance moved into when the lot was of another material'),
  receive_line: z
    .object({
      id: z.string().uuid(),
      record_id: z.string().uuid(),
      record_number: z.string(),
      line_no: z.number(),
    })
    .nullable()
    .describe('Null also when the draft was edited since (its lines are rewritten)'),
  value: valueSchema.nullable(),
  confirmed_by: userRef,
  confirmed_at: z.string(),
});

export const identificationSummarySchema = z
  .object({
    id: z.string().uuid(),
    technique: z.enum(SPECTRUM_TECHNIQUES),
    file_name: z.string().nullable(),
    best_polymer: z.string().nullable(),
    best_score: z.number().nullable(),
    family: z
      .string()
      .nullable()
      .describe('PE (polyethylene) for HDPE, LDPE and PE, which this method cannot separate'),
    candidates: z.array(candidateSchema),
    confirmation: confirmationSchema.nullable(),
    created_by: userRef,
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'IdentificationSummary' });

export const spectrumChartSchema = z.object({
  start: z.number().describe('cm⁻¹ of the first value'),
  step: z.number(),
  sample: z.array(z.number()).describe('The processed spectrum (|SG first derivative|, min–max)'),
  reference: z.array(z.number()).nullable().describe('The best reference over the same range, or null'),
  reference_name: z.string().nullable(),
});

export const identificationSchema = identificationSummarySchema
  .extend({
    threshold: z.number(),
    library: z.enum(IDENTIFICATION_LIBRARIES),
    chart: spectrumChartSchema,
  })
  .meta({ id: 'Identification' });

export const identifyResultSchema = z
  .object({
    best: z
      .object({ polymer: z.string(), score })
      .nullable()
      .describe(`Null when no candidate reaches ${MATCH_THRESHOLD}`),
    candidates: z.array(candidateSchema).describe('Top 3 polymers, best first'),
    identification: identificationSchema,
  })
  .meta({ id: 'IdentifyResult' });

export const identificationListQuerySchema = listQuerySchema.omit({ q: true }).extend({
  confirmed: z.enum(['true', 'false']).optional(),
});

export const confirmIdentificationSchema = z
  .object({
    material_id: z.string().uuid('Choose a material'),
    lot_id: z.string().uuid('Choose a lot').nullish(),
    receive_line_id: z.string().uuid('Choose a receive line').nullish(),
    version: versionField(),
  })
  .refine((b) => !!b.lot_id !== !!b.receive_line_id, {
    message: 'Choose a lot or a receive line',
    path: ['lot_id'],
  });

export const identificationValueQuerySchema = z
  .object({
    material_id: z.string().uuid('Choose a material'),
    lot_id: z.string().uuid('Choose a lot').optional(),
    receive_line_id: z.string().uuid('Choose a receive line').optional(),
  })
  .refine((b) => !!b.lot_id !== !!b.receive_line_id, {
    message: 'Choose a lot or a receive line',
    path: ['lot_id'],
  });

export const referenceSpectrumSchema = z
  .object({
    id: z.string().uuid(),
    polymer: z.string(),
    name: z.string(),
    technique: z.enum(SPECTRUM_TECHNIQUES),
    points: z.number().int(),
    range_cm1: z.tuple([z.number(), z.number()]),
    notes: z.string().nullable(),
    created_by: userRef,
    created_at: z.string(),
    archived_at: z.string().nullable(),
  })
  .meta({ id: 'ReferenceSpectrum' });

export const referenceListQuerySchema = z.object({
  technique: z.enum(SPECTRUM_TECHNIQUES).optional(),
  include_archived: z.enum(['true', 'false']).optional(),
});

export const referenceCreateSchema = z
  .object({
    polymer: z.enum(SPECTRUM_POLYMERS, `Choose a polymer: ${SPECTRUM_POLYMERS.join(', ')}`),
    name: str().trim().min(1, 'Name the spectrum').max(200, 'At most 200 characters'),
    technique: z.enum(SPECTRUM_TECHNIQUES, 'Choose FTIR, NIR or Raman').default('FTIR'),
    spectrum: spectrumInputSchema.optional(),
    csv: str().max(MAX_SPECTRUM_CSV_CHARS, 'The CSV is too long').optional(),
    notes: str().trim().max(2000).nullish(),
  })
  .refine((b) => (b.spectrum === undefined) !== (b.csv === undefined), {
    message: 'Send either spectrum or csv',
    path: ['spectrum'],
  });

export const accuracySchema = z
  .object({
    technique: z.enum(SPECTRUM_TECHNIQUES),
    method: z.string(),
    overall: z
      .object({ tested: z.number().int(), correct: z.number().int(), accuracy: z.number() })
      .nullable()
      .describe('Null until some polymer has two spectra'),
    polymers: z.array(
      z.object({
        polymer: z.string(),
        spectra: z.number().int(),
        tested: z.number().int(),
        correct: z.number().int(),
        accuracy: z.number().nullable().describe('Top-1 leave-one-out; null below 2 spectra'),
      }),
    ),
  })
  .meta({ id: 'ReferenceAccuracy' });

export type IdentifyResult = z.infer<typeof identifyResultSchema>;
export type Identification = z.infer<typeof identificationSchema>;
export type IdentificationSummary = z.infer<typeof identificationSummarySchema>;
export type ReferenceSpectrum = z.infer<typeof referenceSpectrumSchema>;
export type ReferenceAccuracy = z.infer<typeof accuracySchema>;
export type IdentificationValue = z.infer<typeof valueSchema>;
