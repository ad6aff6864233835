import { z } from 'zod';
import { MATERIAL_FORMS, POLYMERS } from './calculations.ts';
import { gtin } from './gs1.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, str, versionField } from './wire.ts';

// Master data (docs/architecture.md: Domain model): facilities, production lines, suppliers, customers, materials,
// the organization's process types and the price list. Enum values match the database enums.

export const FACILITY_TYPES = ['mrf', 'junkshop', 'recycling_plant', 'warehouse'] as const;
export const SUPPLIER_TYPES = [
  'waste_picker',
  'junkshop',
  'aggregator',
  'cooperative',
  'lgu',
  'company',
] as const;
export const PAYMENT_METHODS = ['cash', 'gcash', 'bank', 'cheque'] as const;
export const CUSTOMER_TYPES = [
  'recycler',
  'manufacturer',
  'brand_owner',
  'trader',
  'exporter',
  'co_processor',
  'other',
] as const;

// ---- input fields ----

/** A form's emptied field arrives as "" and means "none" (null); a key left out means "unchanged". */
const optionalText = (max: number) =>
  str()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v === '' ? null : v));

const requiredText = (label: string, max = 200) =>
  str().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`);

/** Codes are printed on lot labels and typed at the scale, so they are upper case and unique per organization. */
const code = str()
  .trim()
  .toUpperCase()
  .min(1, 'Code is required')
  .max(30, 'At most 30 characters')
  .regex(/^[A-Z0-9][A-Z0-9_.-]*$/, 'Use letters, digits and - _ . only');

const PHONE = /^\+?\d{7,15}$/;
const PHONE_HINT = 'Enter a phone number such as 0917 123 4567 or +63 917 123 4567';
/** Loose on purpose: PH mobiles, landlines with area codes and foreign numbers all pass; letters do not. */
const isPhone = (v: string) => PHONE.test(v.replace(/[\s().-]/g, ''));
const phone = optionalText(30).refine((v) => v == null || isPhone(v), PHONE_HINT);
const email = str()
  .trim()
  .toLowerCase()
  .max(254, 'At most 254 characters')
  .nullish()
  .transform((v) => (v === '' ? null : v))
  .refine((v) => v == null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter a valid email address');
const country = str()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use a two-letter country code such as PH');

/**
 * A decimal column's input, checked against its numeric(p, s) column (see wire.ts). Without a scale
 * (coordinates from a phone's GPS) any number of decimals is taken and PostgreSQL rounds them.
 */
const decimalField = (
  label: string,
  o: { scale?: number; digits?: number; min?: number; max?: number; positive?: boolean },
) =>
  decimal(label, {
    scale: o.scale ?? 20,
    digits: o.digits ?? 12,
    // A negative value gets the `min` message ("must be at least 0"), not the sign one.
    signed: true,
    min: o.min,
    max: o.max,
    positive: o.positive,
  });

const version = versionField();

/** `name` ascending, `-name` descending; keyset pagination follows the chosen order. */
function sortParam<const K extends string>(keys: readonly K[], fallback: K | `-${K}`) {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [K | `-${K}`, ...(K | `-${K}`)[]];
  // `as never`: TypeScript cannot resolve the enum's output type while K is still generic.
  return z.enum(values, `Sort by one of: ${values.join(', ')}`).default(fallback as never);
}

const masterListQuery = listQuerySchema.extend({
  sort: sortParam(['name', 'code', 'created_at'], 'name'),
  include_archived: z.stringbool().optional().describe('Also list archived records'),
});

// ---- shared view fields ----

const recordFields = {
  id: z.string().uuid(),
  code: z.string(),
  name: z.string(),
  archived_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};
const contactFields = {
  contact_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address_line: z.string().nullable(),
  city: z.string().nullable(),
  province: z.string().nullable(),
};
const contactInput = {
  contact_name: optionalText(200),
  phone,
  email,
  address_line: optionalText(300),
  city: optionalText(100),
  province: optionalText(100),
};
const decimalOut = (what: string) => z.string().nullable().describe(`${what}, as a decimal string`);

// ---- facilities ----

export const permitSchema = z
  .object({
    kind: str()
      .trim()
      .min(1, 'Permit kind is required')
      .max(60)
      .describe('e.g. DENR ECC, LGU business permit'),
    number: str().trim().min(1, 'Permit number is required').max(100),
    issued_by: str().trim().max(200).nullish(),
    valid_until: day().nullish(),
  })
  .meta({ id: 'Permit' });

export const facilitySchema = z
  .object({
    ...recordFields,
    type: z.enum(FACILITY_TYPES),
    address_line: z.string().nullable(),
    barangay: z.string().nullable(),
    city: z.string(),
    province: z.string().nullable(),
    region: z.string().nullable().describe('Also the price-list region of deliveries to this facility'),
    country: z.string(),
    latitude: decimalOut('Degrees'),
    longitude: decimalOut('Degrees'),
    permits: z.array(permitSchema),
  })
  .meta({ id: 'Facility' });
export type Facility = z.infer<typeof facilitySchema>;

const facilityFields = {
  code,
  name: requiredText('Name'),
  type: z.enum(FACILITY_TYPES, 'Choose a facility type'),
  address_line: optionalText(300),
  barangay: optionalText(100),
  city: requiredText('City', 100),
  province: optionalText(100),
  region: optionalText(100),
  country: country.optional(),
  latitude: decimalField('Latitude', { min: -90, max: 90 }).nullish(),
  longitude: decimalField('Longitude', { min: -180, max: 180 }).nullish(),
  permits: z.array(permitSchema).max(20, 'At most 20 permits').optional(),
};
export const facilityCreateSchema = z.object(facilityFields);
export const facilityUpdateSchema = z.object(facilityFields).partial().extend({ version });
export const facilityListQuerySchema = masterListQuery.extend({
  type: z.enum(FACILITY_TYPES).optional(),
  city: str().trim().max(100).optional(),
  province: str().trim().max(100).optional(),
});

// ---- production lines ----

export const productionLineSchema = z
  .object({
    ...recordFields,
    facility: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }),
    process_codes: z.array(z.string()).describe('Reference process types the line runs, in order'),
    capacity_kg_per_h: decimalOut('kg per hour'),
    rated_kw: decimalOut('kW'),
    cost_per_kg_php: decimalOut('PHP per kg of input processed, added to the output lots’ value'),
  })
  .meta({ id: 'ProductionLine' });
export type ProductionLine = z.infer<typeof productionLineSchema>;

const productionLineFields = {
  code,
  name: requiredText('Name'),
  facility_id: z.string().uuid('Choose a facility'),
  process_codes: z
    .array(str().trim().min(1).max(50))
    .max(20, 'At most 20 process steps')
    .optional()
    .describe('Codes of /api/calculations/process-types'),
  capacity_kg_per_h: decimalField('Capacity', { scale: 1, digits: 9, min: 0 }).nullish(),
  rated_kw: decimalField('Rated power', { scale: 1, digits: 9, min: 0 }).nullish(),
  cost_per_kg_php: decimalField('Cost per kg', { scale: 2, digits: 8, min: 0 }).nullish(),
};
export const productionLineCreateSchema = z.object(productionLineFields);
export const productionLineUpdateSchema = z.object(productionLineFields).partial().extend({ version });
export const productionLineListQuerySchema = masterListQuery.extend({
  facility_id: z.string().uuid().optional(),
  process_code: str().trim().max(50).optional(),
});

// ---- suppliers ----

export const paymentDetailsSchema = z
  .object({
    gcash_number: str()
      .trim()
      .max(30)
      .refine((v) => v === '' || isPhone(v), PHONE_HINT)
      .optional(),
    bank: str().trim().max(100).optional(),
    account_name: str().trim().max(200).optional(),
    account_number: str()
      .trim()
      .max(40)
      .regex(/^[\d -]*$/, 'Use digits only')
      .optional(),
  })
  .meta({ id: 'PaymentDetails' });
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** What a payment method needs before a payable can be settled that way; keys are the body's fields. */
export function paymentProblems(method: string, d: PaymentDetails): Record<string, string> {
  if (method === 'gcash' && !d.gcash_number)
    return { 'payment_details.gcash_number': 'Enter the GCash number' };
  if (method === 'bank' && !d.bank) return { 'payment_details.bank': 'Enter the bank' };
  return {};
}

export const supplierSchema = z
  .object({
    ...recordFields,
    type: z.enum(SUPPLIER_TYPES),
    ...contactFields,
    payment_method: z.enum(PAYMENT_METHODS),
    payment_details: paymentDetailsSchema
      .nullable()
      .describe('Null for members who do not settle payables (operators, auditors)'),
  })
  .meta({ id: 'Supplier' });
export type Supplier = z.infer<typeof supplierSchema>;

const supplierFields = {
  code,
  name: requiredText('Name'),
  type: z.enum(SUPPLIER_TYPES, 'Choose a supplier type'),
  ...contactInput,
  payment_method: z.enum(PAYMENT_METHODS, 'Choose cash, GCash, bank or cheque').optional(),
  payment_details: paymentDetailsSchema.optional(),
};
export const supplierCreateSchema = z.object(supplierFields);
export const supplierUpdateSchema = z.object(supplierFields).partial().extend({ version });
/** The fields a supplier member may change on their own supplier record. */
export const SUPPLIER_SELF_SERVICE_FIELDS = [
  'contact_name',
  'phone',
  'email',
  'payment_method',
  'payment_details',
] as const;
export const supplierListQuerySchema = masterListQuery.extend({
  type: z.enum(SUPPLIER_TYPES).optional(),
  city: str().trim().max(100).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
});

// ---- customers ----

export const customerSchema = z
  .object({
    ...recordFields,
    type: z.enum(CUSTOMER_TYPES),
    ...contactFields,
    country: z.string(),
    tin: z.string().nullable().describe('BIR Taxpayer Identification Number'),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

const customerFields = {
  code,
  name: requiredText('Name'),
  type: z.enum(CUSTOMER_TYPES, 'Choose a customer type'),
  ...contactInput,
  country: country.optional(),
  tin: optionalText(20).refine(
    (v) => v == null || /^\d{3}-?\d{3}-?\d{3}(-?\d{3,5})?$/.test(v),
    'Enter a TIN such as 123-456-789-000',
  ),
};
export const customerCreateSchema = z.object(customerFields);
export const customerUpdateSchema = z.object(customerFields).partial().extend({ version });
export const customerListQuerySchema = masterListQuery.extend({ type: z.enum(CUSTOMER_TYPES).optional() });

// ---- materials ----

export const materialSchema = z
  .object({
    ...recordFields,
    polymer: z.enum(POLYMERS),
    form: z.enum(MATERIAL_FORMS),
    grade: z.string(),
    resin_code: z.number().int().nullable().describe('Resin identification code 1–7'),
    type_code: z.string().nullable().describe('The reference material type it is counted as'),
    is_virgin: z.boolean().describe('Virgin resin: its lots carry no recycled content'),
    // The default lets answers recorded before GTINs existed (test fixtures) still read as "none".
    gtin: z
      .string()
      .nullable()
      .default(null)
      .describe('GTIN-14 of the material as traded: its lots’ Digital Link is /01/{gtin}/10/{lot code}'),
  })
  .meta({ id: 'Material' });
export type Material = z.infer<typeof materialSchema>;

const grade = str().trim().min(1, 'Grade is required').max(20, 'At most 20 characters');
const materialFields = {
  code,
  name: requiredText('Name'),
  polymer: z.enum(POLYMERS, `Choose a polymer: ${POLYMERS.join(', ')}`),
  form: z.enum(MATERIAL_FORMS, `Choose a form: ${MATERIAL_FORMS.join(', ')}`),
  grade: grade.optional().describe('Defaults to A'),
  resin_code: z
    .number('Resin code must be a whole number from 1 to 7')
    .int('Resin code must be a whole number from 1 to 7')
    .min(1, 'Resin code must be from 1 to 7')
    .max(7, 'Resin code must be from 1 to 7')
    .nullish(),
  type_code: optionalText(50).describe('Code of /api/calculations/material-types'),
  // A form's select sends 'true'/'false'.
  is_virgin: z
    .union([z.boolean(), z.stringbool()])
    .optional()
    .describe('Virgin resin (default: recovered material)'),
  gtin: gtin()
    .nullish()
    .describe('GTIN-8, -12, -13 or -14, stored as GTIN-14; unique in the organization; null clears it'),
};
export const materialCreateSchema = z.object(materialFields);
export const materialUpdateSchema = z.object(materialFields).partial().extend({ version });
export const materialListQuerySchema = masterListQuery.extend({
  polymer: z.enum(POLYMERS).optional(),
  form: z.enum(MATERIAL_FORMS).optional(),
  grade: str().trim().max(20).optional(),
});

// ---- the organization's process types ----

export const orgProcessTypeSchema = z
  .object({
    ...recordFields,
    description: z.string().nullable(),
    reference_code: z.string(),
    reference_name: z.string(),
    kwh_per_tonne: decimalOut('This organization’s kWh per tonne; null uses the reference figure'),
    reference_kwh_per_tonne: decimalOut('The reference kWh per tonne'),
  })
  .meta({ id: 'OrgProcessType' });
export type OrgProcessType = z.infer<typeof orgProcessTypeSchema>;

const processTypeFields = {
  code,
  name: requiredText('Name'),
  description: optionalText(1000),
  reference_code: str()
    .trim()
    .min(1, 'Choose the reference process type')
    .max(50)
    .describe('Code of /api/calculations/process-types'),
  kwh_per_tonne: decimalField('Energy', { scale: 1, digits: 9, min: 0 }).nullish(),
};
export const processTypeCreateSchema = z.object(processTypeFields);
export const processTypeUpdateSchema = z.object(processTypeFields).partial().extend({ version });
export const processTypeListQuerySchema = masterListQuery.extend({
  reference_code: str().trim().max(50).optional(),
});

// ---- price list ----

/**
 * Buying prices are what suppliers are paid (deliveries are priced from them); selling prices are what
 * customers are asked (sales orders default to them). Each kind is its own series per material, grade and
 * region.
 */
export const PRICE_KINDS = ['buying', 'selling'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const PRICE_KIND_LABELS: Record<PriceKind, string> = { buying: 'Buying', selling: 'Selling' };
const priceKind = z.enum(PRICE_KINDS, 'Choose buying or selling');

export const priceSchema = z
  .object({
    id: z.string().uuid(),
    kind: priceKind,
    material: z.object({ id: z.string().uuid(), code: z.string(), name: z.string() }),
    grade: z.string(),
    region: z.string(),
    price_per_kg: z.string().describe('PHP per kg, as a decimal string'),
    currency: z.literal('PHP'),
    effective_from: z.string().describe('ISO date'),
    created_at: z.string(),
  })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof priceSchema>;

const region = str().trim().min(1, 'Region is required').max(100, 'At most 100 characters');
export const priceCreateSchema = z.object({
  kind: priceKind.default('buying').describe('Buying (paid to suppliers) or selling (asked of customers)'),
  material_id: z.string().uuid('Choose a material'),
  grade: grade.optional().describe('Defaults to A'),
  region,
  price_per_kg: decimalField('Price', { scale: 2, digits: 12, positive: true }),
  currency: z.literal('PHP', 'Prices are in PHP').optional(),
  effective_from: day(),
});
export const priceListQuerySchema = listQuerySchema.extend({
  sort: sortParam(['effective_from', 'created_at'], '-effective_from'),
  kind: priceKind.optional(),
  material_id: z.string().uuid().optional(),
  grade: str().trim().max(20).optional(),
  region: str().trim().max(100).optional(),
  from: day().optional().describe('Effective on or after this date'),
  to: day().optional().describe('Effective on or before this date'),
});
export const currentPriceQuerySchema = z.object({
  kind: priceKind.default('buying'),
  material_id: z.string().uuid('Choose a material'),
  grade: grade.default('A'),
  region,
  date: day().optional().describe('Defaults to today'),
});
export const priceHistoryQuerySchema = z.object({
  kind: priceKind.optional().describe('Both kinds when left out'),
  material_id: z.string().uuid('Choose a material'),
  grade: str().trim().max(20).optional(),
  region: str().trim().max(100).optional(),
});

/** What the stock on hand is worth at the prices in force today, per facility and material. */
export const stockValueSchema = z
  .object({
    as_of: z
      .string()
      .describe("The organization's today (ISO date): today's balances, the prices in force on it"),
    items: z.array(
      z.object({
        facility: z.object({
          id: z.string().uuid(),
          code: z.string(),
          name: z.string(),
          region: z.string().nullable(),
        }),
        material: z.object({ id: z.string().uuid(), code: z.string(), name: z.string(), grade: z.string() }),
        qty_kg: z.string(),
        /** The price of the material's grade in the facility's region; null when there is none. */
        price: z
          .object({ id: z.string().uuid(), price_per_kg: z.string(), effective_from: z.string() })
          .nullable(),
        /** qty × price, rounded to the centavo; null without a price. */
        value_php: z.string().nullable(),
      }),
    ),
    /** The sum of the rows' values (rows without a price count nothing). */
    total_value_php: z.string(),
    without_price: z.number().int(),
  })
  .meta({ id: 'StockValue' });
export type StockValue = z.infer<typeof stockValueSchema>;

/** The building blocks of master-data schemas, for records defined in other files (components, products). */
export const masterdataFields = {
  code,
  requiredText,
  optionalText,
  decimalField,
  version,
  masterListQuery,
  recordFields,
  decimalOut,
};
