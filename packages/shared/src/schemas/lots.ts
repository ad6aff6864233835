import { z } from 'zod';
import { decimalInput } from './intake.ts';
import { listQuerySchema } from './pagination.ts';
import { str } from './wire.ts';

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
export const LOT_STATUSES = [
  'available',
  'in_process',
  'quarantined',
  'consumed',
  'dispatched',
  'voided',
] as const;

export const lotSchema = z
  .object({
    id: z.string().uuid(),
    code: z.string(),
    status: z.enum(LOT_STATUSES),
    material: ref,
    facility: ref.extend({ city: z.string() }),
    qty_kg: z.string(),
    reserved_kg: z
      .string()
      .describe('Kg held for marketplace listings and deals: only qty_kg − reserved_kg can be used or sold'),
    value_php: z.string(),
    origin_type: z.string(),
    recycled_content_pct: z
      .string()
      .describe(
        'Recycled share of its mass: 0 for virgin resin, 100 for recovered material, by mass after processing',
      ),
    quarantine_reason: z.string().nullable(),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'Lot' });

export const movementSchema = z.object({
  id: z.string().uuid(),
  kind: z.string(),
  qty_kg: z.string(),
  value_php: z.string(),
  source_type: z.string(),
  source_id: z.string().nullable(),
  reason: z.string().nullable(),
  posted_at: z.string(),
});

/** Where a lot came from: the delivery and supplier it was received from, or the lot it was split or merged from. */
export const lotOriginSchema = z.object({
  receive_record: z.object({ id: z.string().uuid(), number: z.string(), received_at: z.string() }).nullable(),
  supplier: ref.nullable(),
  source_lot: z.object({ id: z.string().uuid(), code: z.string() }).nullable(),
  production_record: z
    .object({ id: z.string().uuid(), number: z.string(), ended_at: z.string() })
    .nullable()
    .describe('The production run that made it'),
});

export const lotDetailSchema = lotSchema
  .extend({ movements: z.array(movementSchema), origin: lotOriginSchema })
  .meta({ id: 'LotDetail' });

export const LOT_SORTS = ['-created_at', 'created_at', 'code', '-code'] as const;

export const lotListQuerySchema = listQuerySchema.extend({
  q: listQuerySchema.shape.q.describe('Searches the lot code, material and facility'),
  status: z.enum(LOT_STATUSES).optional(),
  facility_id: z.string().uuid().optional(),
  material_id: z.string().uuid().optional(),
  sort: z.enum(LOT_SORTS, `Sort by one of: ${LOT_SORTS.join(', ')}`).default('-created_at'),
});
export const lotExportQuerySchema = lotListQuerySchema.omit({ limit: true, cursor: true });

export const MAX_LABELS = 100;

/** `ids=a,b,c` or `ids=a&ids=b`: the lots to print, in that order. */
export const lotLabelsQuerySchema = z.object({
  ids: z
    .preprocess(
      (v) => (Array.isArray(v) ? v : [v]).flatMap((s) => (typeof s === 'string' ? s.split(',') : [s])),
      z
        .array(str().trim().uuid('Each id must be a lot id'))
        .min(1, 'Choose at least one lot')
        .max(MAX_LABELS, `At most ${MAX_LABELS} labels at a time`),
    )
    .transform((ids) => [...new Set(ids)]),
});

export const splitBodySchema = z.object({
  parts_kg: z.array(decimalInput(3, 'Part')).min(1, 'Give at least one part to split off').max(20),
});
export const mergeBodySchema = z.object({
  lot_ids: z.array(z.string().uuid()).min(2, 'Choose at least two lots').max(50),
});
export const reasonBodySchema = z.object({ reason: str().trim().min(3, 'Give a reason').max(500) });
export const adjustBodySchema = z.object({
  qty_kg: z
    .union([z.number(), str().trim()])
    .transform(String)
    .refine(
      (v) => /^-?\d{1,11}(\.\d{1,3})?$/.test(v) && Number(v) !== 0,
      'Enter a non-zero change in kg with at most 3 decimals, below 100 billion',
    ),
  reason: str().trim().min(3, 'Give a reason').max(500),
});

/** What anyone holding the QR code may see: no prices, suppliers or people. */
export const publicLotSchema = z
  .object({
    id: z.string().uuid(),
    /** The recycler holding the lot, and the time zone its days are counted in. */
    organization: z.object({ name: z.string(), time_zone: z.string() }),
    code: z.string(),
    material: z.string(),
    polymer: z.string(),
    form: z.string(),
    qty_kg: z.string(),
    status: z.enum(LOT_STATUSES),
    facility_city: z.string(),
    received_on: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PublicLot' });
