import { z } from 'zod';
import { errorBodySchema } from '../errors.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, instant, str, versionField } from './wire.ts';

/**
 * A non-negative decimal with at most `places` decimals and `integerDigits` digits before the point
 * (by default what a numeric(14, places) column holds), so too large a value is a field error, not a
 * database overflow.
 */
export const decimalInput = (places: number, label: string, integerDigits = 14 - places) =>
  decimal(label, { scale: places, digits: integerDigits });

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

/**
 * The scale a line's weight came from: the device and its reading, both or neither (the server checks
 * that the reading is the scale's stable weight and equals the line's kg). Left out: typed by hand.
 */
export const lineScaleInput = {
  device_id: z
    .string()
    .uuid('Choose a scale')
    .nullish()
    .describe('The scale (weighbridge or platform scale at the record’s facility) the weight came from'),
  reading_id: z
    .number()
    .int()
    .positive()
    .nullish()
    .describe('Its stable weight reading, equal to the line’s kg to the gram'),
};

/** What a line says about its scale: none when the weight was typed by hand. */
export const lineScaleFields = {
  device: ref.nullable().describe('The scale that weighed it; null when typed by hand'),
  reading: z
    .object({
      id: z.number().int(),
      recorded_at: z.string().nullable(),
      value: z.string().nullable().describe('kg; null once the reading left under the retention setting'),
    })
    .nullable(),
  scale_calibration_overdue: z.boolean().describe('The scale’s calibration had lapsed on the record’s day'),
};

export const receiveLineInputSchema = z.object({
  material_id: z.string().uuid('Choose a material'),
  // Below 1,000 t a line and ₱10,000 a kg, so even 50 lines stay within the amounts money columns hold.
  gross_kg: decimalInput(3, 'Gross weight', 6),
  tare_kg: decimalInput(3, 'Tare weight', 6).default('0'),
  deduction_pct: decimalInput(2, 'Deduction', 3).default('0'),
  /** PHP per kg; taken from the purchase order's line, else the buying price list, when left out. */
  unit_price: decimalInput(2, 'Unit price', 4).optional(),
  ...lineScaleInput,
});

export const receiveRecordInputSchema = z.object({
  supplier_id: z.string().uuid('Choose a supplier'),
  facility_id: z.string().uuid('Choose a facility'),
  received_at: instant('Enter the date and time received'),
  weighbridge_ticket: str().trim().max(50).nullish(),
  scale_device_id: str().trim().max(100).nullish(),
  vehicle_plate: str().trim().toUpperCase().max(20).nullish(),
  notes: str().trim().max(2000).nullish(),
  order_id: z
    .string()
    .uuid('Choose a purchase order')
    .nullish()
    .describe(
      'A confirmed purchase order of the same supplier this delivery fulfils: each line must be of a material on it, is priced from its line when the price is left out, and counts towards it once posted',
    ),
  lines: z.array(receiveLineInputSchema).min(1, 'Add at least one line').max(50, 'At most 50 lines'),
});
export const receiveRecordUpdateSchema = receiveRecordInputSchema.extend({ version: versionField() });

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
  ...lineScaleFields,
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
    order: z.object({ id: z.string().uuid(), number: z.string() }).nullable(),
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
  order_id: z.string().uuid().optional(),
  from: day().optional(),
  to: day().optional(),
});

export const receiveExportQuerySchema = receiveListQuerySchema.omit({ limit: true, cursor: true });

export const voidBodySchema = z.object({
  reason: str().trim().min(3, 'Say why the record is voided').max(500),
});

export const receiveCreateQuerySchema = z.object({
  post: z
    .stringbool()
    .optional()
    .describe('Save and post in one call: the answer is the posted record (its lots, its payable)'),
});

/** At most this many records in one batch call. */
export const RECEIVE_BATCH_MAX = 500;

export const receiveBatchBodySchema = z.object({
  records: z
    .array(
      receiveRecordInputSchema.extend({
        idempotency_key: str()
          .regex(/^[\w.:-]{1,200}$/, 'Use 1–200 letters, digits, dots, colons or dashes')
          .nullish()
          .describe('This record’s own key: a retried batch posts it once and answers as the first time'),
      }),
    )
    .min(1, 'Send at least one record')
    .max(RECEIVE_BATCH_MAX, `At most ${RECEIVE_BATCH_MAX} records in one batch`),
});

export const receiveBatchResultSchema = z
  .object({
    results: z.array(
      z.object({
        index: z.number().int().describe('The record’s position in the request'),
        status: z.number().int().describe('201 posted; 4xx refused (nothing of it was saved)'),
        record: receiveRecordSchema.nullable(),
        error: errorBodySchema.nullable(),
      }),
    ),
    posted: z.number().int(),
    refused: z.number().int(),
  })
  .meta({ id: 'ReceiveBatchResult' });
