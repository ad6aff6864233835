import { z } from 'zod';
import { POLYMERS } from './calculations.ts';
import { SUPPLIER_TYPES } from './masterdata.ts';
import { listQuerySchema } from './pagination.ts';
import { day, str, versionField } from './wire.ts';

// Product passports (docs/architecture.md "Product passports and Digital Link"): what a lot is made of,
// how much of it is recycled and where that came from, what processing it took, and the maker's
// certificates — computed from the ledger and the lineage, published as immutable versions, and read by
// anyone at the lot's GS1 Digital Link. The public content names no supplier, person or price: origins
// are summed by supplier type and place (waste pickers' privacy).

export const PASSPORT_STATUSES = ['draft', 'published'] as const;
export type PassportStatus = (typeof PASSPORT_STATUSES)[number];

/**
 * ISO 22095:2020 chain-of-custody models a passport may claim. Only the physical ones apply: a lot's
 * recycled share is carried by weighed mass along its actual lineage, never booked administratively.
 */
export const CHAIN_OF_CUSTODY_MODELS = ['identity_preserved', 'segregated', 'controlled_blending'] as const;
export type ChainOfCustodyModel = (typeof CHAIN_OF_CUSTODY_MODELS)[number];
export const CHAIN_OF_CUSTODY_LABELS: Record<ChainOfCustodyModel, string> = {
  identity_preserved: 'Identity preserved',
  segregated: 'Segregated',
  controlled_blending: 'Controlled blending',
};

/** Supplier types the informal sector is made of: people and shops outside formal waste contracts. */
export const INFORMAL_SUPPLIER_TYPES = ['waste_picker', 'junkshop'] as const;
export const PASSPORT_SUPPLIER_TYPE_LABELS: Record<(typeof SUPPLIER_TYPES)[number] | 'other', string> = {
  waste_picker: 'Waste pickers',
  junkshop: 'Junkshops',
  aggregator: 'Aggregators',
  cooperative: 'Cooperatives',
  lgu: 'Local government units',
  company: 'Companies',
  other: 'Other or opening stock',
};

// ---- what the maker edits ----

const optional = (max: number) =>
  str()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const passportCertificateSchema = z.object({
  name: str().trim().min(1, 'Name the certificate').max(200, 'At most 200 characters'),
  issuer: str().trim().min(1, 'Name who issued it').max(200, 'At most 200 characters'),
  number: optional(100),
  valid_until: day()
    .nullish()
    .transform((v) => v ?? null),
  url: z
    .url({ protocol: /^https?$/, message: 'Enter a web address starting with https://' })
    .max(500, 'At most 500 characters')
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
});
export type PassportCertificate = z.output<typeof passportCertificateSchema>;

export const MAX_PASSPORT_CERTIFICATES = 20;

/** A certificate as answered (the input's rules and transforms stay on the way in). */
const certificateOut = z.object({
  name: z.string(),
  issuer: z.string(),
  number: z.string().nullable(),
  valid_until: z.string().nullable(),
  url: z.string().nullable(),
});
const detailsOut = z.object({
  certificates: z.array(certificateOut),
  notes: z.string().nullable(),
  recycling_instructions: z.string().nullable(),
});

export const passportDetailsSchema = z.object({
  certificates: z
    .array(passportCertificateSchema)
    .max(MAX_PASSPORT_CERTIFICATES, `At most ${MAX_PASSPORT_CERTIFICATES} certificates`)
    .default([]),
  notes: optional(2000),
  recycling_instructions: optional(1000),
});
export type PassportDetails = z.output<typeof passportDetailsSchema>;

export const passportCreateSchema = z.object({ lot_id: z.string().uuid('Choose a lot') });
export const passportUpdateSchema = z.object({ details: passportDetailsSchema, version: versionField() });
export const passportListQuerySchema = listQuerySchema.extend({
  status: z.enum(PASSPORT_STATUSES, `One of: ${PASSPORT_STATUSES.join(', ')}`).optional(),
});
export type PassportListQuery = z.infer<typeof passportListQuerySchema>;

// ---- the content: what a published version says ----

const share = {
  kg: z.string(),
  share_pct: z.string().describe('Percent, 2 decimals; a list sums to 100.00'),
};

export const passportProcessingStepSchema = z.object({
  process: z.object({ code: z.string(), name: z.string() }),
  facility: z.object({ name: z.string(), city: z.string(), region: z.string().nullable() }),
  date: z.string().describe('The day the run ended (organization time zone)'),
  run_kwh: z.string().nullable().describe('The whole run’s electricity'),
  kwh: z.string().nullable().describe('The part of it attributed to this lot, by mass'),
  kg_co2e: z.string().nullable().describe('kwh × the grid factor, 1 decimal'),
  energy_basis: z.string().nullable(),
  factor: z
    .object({ kg_co2e_per_kwh: z.string(), source: z.string(), verified: z.boolean() })
    .nullable()
    .describe('The grid emission factor used, with its source'),
});

export const passportContentSchema = z
  .object({
    identifier: z.object({
      lot_code: z.string(),
      digital_link: z.string().describe('The GS1 Digital Link URI the QR code encodes'),
      gtin: z.string().nullable(),
      product: z.object({ sku: z.string(), name: z.string() }).nullable(),
      material: z.object({ name: z.string(), polymer: z.enum(POLYMERS), form: z.string() }),
      kg: z.string().describe('The lot’s mass as made'),
    }),
    composition: z.array(z.object({ polymer: z.enum(POLYMERS), share_pct: z.string() })),
    recycled_content: z.object({
      pct: z.string(),
      chain_of_custody: z.enum(CHAIN_OF_CUSTODY_MODELS).nullable(),
      explanation: z.string(),
    }),
    origin: z.object({
      kg: z.string().describe('The lot’s mass the origins are shares of'),
      regions: z.array(z.object({ region: z.string(), ...share })),
      supplier_types: z.array(z.object({ type: z.enum([...SUPPLIER_TYPES, 'other']), ...share })),
      informal_sector_pct: z
        .string()
        .describe('Share collected by the informal sector: waste pickers and junkshops'),
    }),
    processing: z.array(passportProcessingStepSchema),
    totals: z.object({ kwh: z.string(), kg_co2e: z.string() }),
    certificates: z.array(certificateOut),
    notes: z.string().nullable(),
    recycling_instructions: z.string().nullable(),
    publisher: z.object({ name: z.string() }),
  })
  .meta({ id: 'PassportContent' });
export type PassportContent = z.infer<typeof passportContentSchema>;

/** A version as served: its content with its number, time and digest (SHA-256 over RFC 8785 JSON). */
export const passportVersionSchema = z
  .object({
    passport_id: z.string().uuid(),
    version: z.number().int(),
    published_at: z.string(),
    content_sha256: z.string(),
    content: passportContentSchema,
  })
  .meta({ id: 'PassportVersion' });
export type PassportVersion = z.infer<typeof passportVersionSchema>;

const lotRef = z.object({ id: z.string().uuid(), code: z.string() });

export const passportSummarySchema = z.object({
  id: z.string().uuid(),
  lot: lotRef,
  material: z.string(),
  product: z.object({ sku: z.string(), name: z.string() }).nullable(),
  status: z.enum(PASSPORT_STATUSES),
  published_version: z.number().int(),
  digital_link: z.string(),
  updated_at: z.string(),
});
export type PassportSummary = z.infer<typeof passportSummarySchema>;

export const passportSchema = passportSummarySchema
  .extend({
    details: detailsOut,
    version: z.number().int(),
    preview: passportContentSchema.describe('The content as publishing now would make it'),
    versions: z.array(
      z.object({ version: z.number().int(), published_at: z.string(), content_sha256: z.string() }),
    ),
    public_url: z.string().nullable().describe('The public page, once published'),
  })
  .meta({ id: 'Passport' });
export type Passport = z.infer<typeof passportSchema>;

export const passportCreatedSchema = z.object({ id: z.string().uuid() });
