import { z } from 'zod';
import { listQuerySchema } from './pagination.ts';

/** A decimal given as a number or a string, with at most `places` decimals; sent back as a string. */
/**
 * A non-negative decimal with at most `places` decimals and `integerDigits` digits before the point
 * (by default what a numeric(14, places) column holds), so too large a value is a field error, not a
 * database overflow.
 */
export const decimalInput = (places: number, label: string, integerDigits = 14 - places) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => String(v))
    .refine((v) => /^\d+(\.\d+)?$/.test(v), `${label} must be a non-negative number`)
    .refine((v) => (v.split('.')[1]?.length ?? 0) <= places, `${label} can have at most ${places} decimals`)
    .refine(
      (v) => (v.split('.')[0] ?? '').replace(/^0+/, '').length <= integerDigits,
      `${label} must be below ${(10 ** integerDigits).toLocaleString('en-US')}`,
    );

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

export const receiveLineInputSchema = z.object({
  material_id: z.string().uuid('Choose a material'),
  // Below 1,000 t a line and ₱10,000 a kg, so even 50 lines stay within the amounts money columns hold.
  gross_kg: decimalInput(3, 'Gross weight', 6),
  tare_kg: decimalInput(3, 'Tare weight', 6).default('0'),
  deduction_pct: decimalInput(2, 'Deduction', 3).default('0'),
  /** PHP per kg; taken from the price list when left out. */
  unit_price: decimalInput(2, 'Unit price', 4).optional(),
});

export const receiveRecordInputSchema = z.object({
  supplier_id: z.string().uuid('Choose a supplier'),
  facility_id: z.string().uuid('Choose a facility'),
  received_at: z.iso.datetime({ offset: true, message: 'Enter the date and time received' }),
  weighbridge_ticket: z.string().trim().max(50).nullish(),
  scale_device_id: z.string().trim().max(100).nullish(),
  vehicle_plate: z.string().trim().toUpperCase().max(20).nullish(),
  notes: z.string().trim().max(2000).nullish(),
  lines: z.array(receiveLineInputSchema).min(1, 'Add at least one line').max(50, 'At most 50 lines'),
});
export const receiveRecordUpdateSchema = receiveRecordInputSchema.extend({ version: z.number().int() });

export const receiveLineSchema = z.object({
  id: z.string().uuid(),
  line_no: z.number().int(),
  material: ref,
  gross_kg: z.string(),
  tare_kg: z.string(),
  net_kg: z.string(),
  deduction_pct: z.string(),
  payable_kg: z.string(),
  unit_price: z.string(),
  amount: z.string(),
  lot: z.object({ id: z.string().uuid(), code: z.string() }).nullable(),
});

/** Photos on a receive record: what the server accepts (the web checks the same before uploading). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_PER_RECORD = 10;

export const receivePhotoSchema = z
  .object({
    id: z.string().uuid(),
    mime: z.string(),
    size: z.number().int().describe('Bytes of the stored (re-encoded, metadata-free) image'),
    original_name: z.string().nullable(),
    captured_at: z.string().nullable().describe('From the camera’s EXIF, before it was stripped'),
    latitude: z.string().nullable(),
    longitude: z.string().nullable(),
    position: z.number().int(),
    created_at: z.string(),
    url: z.string(),
    thumbnail_url: z.string(),
  })
  .meta({ id: 'ReceivePhoto' });

export const receiveRecordSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    status: z.enum(['draft', 'posted', 'voided']),
    supplier: ref,
    facility: ref,
    received_at: z.string(),
    weighbridge_ticket: z.string().nullable(),
    scale_device_id: z.string().nullable(),
    vehicle_plate: z.string().nullable(),
    notes: z.string().nullable(),
    lines: z.array(receiveLineSchema),
    photos: z.array(receivePhotoSchema),
    total_net_kg: z.string(),
    total_amount: z.string(),
    currency: z.literal('PHP'),
    posted_at: z.string().nullable(),
    voided_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'ReceiveRecord' });

export const receiveListQuerySchema = listQuerySchema.extend({
  status: z.enum(['draft', 'posted', 'voided']).optional(),
  supplier_id: z.string().uuid().optional(),
  facility_id: z.string().uuid().optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

export const receiveExportQuerySchema = receiveListQuerySchema.omit({ limit: true, cursor: true });

export const voidBodySchema = z.object({
  reason: z.string().trim().min(3, 'Say why the record is voided').max(500),
});
