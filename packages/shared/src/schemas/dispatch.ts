import { z } from 'zod';
import { lineScaleFields, lineScaleInput, receivePhotoSchema } from './intake.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, instant, str, versionField } from './wire.ts';

// Dispatch records: lots (or part of them) leave on a truck to a customer, optionally against a sales
// order. Posting takes them out of stock and makes the receivable; proof of delivery closes the trip
// (docs/architecture.md "Domain model").

export const DISCREPANCY_STATUSES = ['open', 'written_off', 'credited'] as const;
export const DISCREPANCY_RESOLUTIONS = ['write_off', 'credit_note'] as const;

const kgField = (label: string) => decimal(label, { scale: 3, digits: 11, positive: true });
const weighField = (label: string) => decimal(label, { scale: 3, digits: 11 });

export const dispatchLineInputSchema = z.object({
  lot_id: z.string().uuid('Choose a lot'),
  kg: kgField('Kg loaded'),
  unit_price: decimal('Price per kg', { scale: 2, digits: 12 })
    .nullish()
    .describe('PHP/kg; left out, the sales order line’s price'),
  ...lineScaleInput,
});

/** A dispatch's fields; `dispatchRules` adds the rules between them. */
export const dispatchRecordFields = z.object({
  customer_id: z.string().uuid('Choose a customer'),
  order_id: z.string().uuid('Choose a sales order').nullish(),
  facility_id: z.string().uuid('Choose the facility it leaves from'),
  dispatched_at: instant('Enter when the truck left'),
  vehicle_id: z.string().uuid('Choose a vehicle').nullish(),
  driver_id: z.string().uuid('Choose a driver').nullish(),
  hauler_id: z.string().uuid('Choose a hauler').nullish(),
  gross_kg: weighField('Gross').nullish().describe('Weighbridge out: the loaded truck'),
  tare_kg: weighField('Tare').nullish().describe('Weighbridge out: the empty truck'),
  weighbridge_ticket: str().trim().max(100).nullish(),
  seal_numbers: z.array(str().trim().max(50)).max(20, 'At most 20 seals').default([]),
  destination: str().trim().max(500).nullish(),
  notes: str().trim().max(2000).nullish(),
  lines: z.array(dispatchLineInputSchema).min(1, 'Load at least one lot').max(100, 'At most 100 lots'),
});

type DispatchShape = {
  gross_kg?: string | null | undefined;
  tare_kg?: string | null | undefined;
  lines: { lot_id: string }[];
};

/** The rules between a dispatch's fields, in the words the server answers with (the web form uses them too). */
export function dispatchRules(r: DispatchShape, ctx: z.RefinementCtx) {
  if ((r.gross_kg == null) !== (r.tare_kg == null))
    ctx.addIssue({
      code: 'custom',
      path: [r.gross_kg == null ? 'gross_kg' : 'tare_kg'],
      message: 'Enter both weighbridge weights, or neither',
    });
  const seen = new Set<string>();
  r.lines.forEach((l, i) => {
    if (l.lot_id && seen.has(l.lot_id))
      ctx.addIssue({
        code: 'custom',
        path: ['lines', i, 'lot_id'],
        message: 'This lot is loaded twice: enter it once with the total kg',
      });
    seen.add(l.lot_id);
  });
}

export const dispatchRecordInputSchema = dispatchRecordFields.superRefine(dispatchRules);
export const dispatchRecordUpdateSchema = dispatchRecordFields
  .extend({ version: versionField() })
  .superRefine(dispatchRules);

export const dispatchCreateQuerySchema = z.object({
  post: z.stringbool().optional().describe('Save and post in one call'),
});

/** Proof of delivery (the text fields of the multipart form; the signature and photo are its files). */
export const deliveryInputSchema = z.object({
  delivered_at: instant('Enter when it was delivered'),
  received_kg: kgField('Received kg').describe('What the customer’s scale weighed'),
  receiver_name: str().trim().min(2, 'Enter who received it').max(200),
  notes: str().trim().max(2000).nullish(),
});

export const settleBodySchema = z.object({
  resolution: z.enum(DISCREPANCY_RESOLUTIONS, 'Choose a write-off or a credit note'),
  reason: str().trim().min(3, 'Say why').max(500),
});

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });

export const dispatchRecordSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    delivery_receipt_no: z.string().nullable().describe('Given at posting, gapless per organization'),
    status: z.enum(['draft', 'posted', 'voided']),
    customer: ref,
    order: z.object({ id: z.string().uuid(), number: z.string() }).nullable(),
    facility: ref,
    dispatched_at: z.string(),
    vehicle: ref.extend({ capacity_kg: z.string() }).nullable(),
    driver: ref.nullable(),
    hauler: ref.nullable(),
    gross_kg: z.string().nullable(),
    tare_kg: z.string().nullable(),
    net_kg: z.string().nullable(),
    weighbridge_ticket: z.string().nullable(),
    seal_numbers: z.array(z.string()),
    destination: z.string().nullable(),
    notes: z.string().nullable(),
    lines: z.array(
      z.object({
        id: z.string().uuid(),
        line_no: z.number().int(),
        lot: z.object({ id: z.string().uuid(), code: z.string() }),
        material: ref,
        order_line_id: z.string().uuid().nullable(),
        kg: z.string(),
        unit_price: z.string(),
        amount: z.string(),
        value_php: z.string().nullable().describe('Set at posting: the average cost the kg left with'),
        ...lineScaleFields,
      }),
    ),
    photos: z.array(receivePhotoSchema).describe('Added while the dispatch is a draft'),
    total_kg: z.string(),
    amount: z.string(),
    currency: z.literal('PHP'),
    delivery: z
      .object({
        delivered_at: z.string(),
        received_kg: z.string(),
        receiver_name: z.string(),
        signature_url: z.string().nullable(),
        photo_url: z.string().nullable(),
        notes: z.string().nullable(),
        difference_kg: z.string().describe('Shipped less received'),
      })
      .nullable(),
    discrepancy: z
      .object({
        kg: z.string().describe('Shipped less received, beyond the weighing tolerance'),
        status: z.enum(DISCREPANCY_STATUSES),
        reason: z.string().nullable(),
        credit_note_amount: z.string().nullable(),
        resolved_at: z.string().nullable(),
      })
      .nullable(),
    posted_at: z.string().nullable(),
    voided_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    created_at: z.string(),
    version: z.number().int(),
  })
  .meta({ id: 'DispatchRecord' });
export type DispatchRecord = z.infer<typeof dispatchRecordSchema>;

export const dispatchListQuerySchema = listQuerySchema.extend({
  status: z.enum(['draft', 'posted', 'voided']).optional(),
  delivery: z
    .enum(['awaiting', 'delivered', 'discrepancy'])
    .optional()
    .describe('Posted and not yet delivered; delivered; with an open discrepancy'),
  customer_id: z.string().uuid().optional(),
  order_id: z.string().uuid().optional(),
  facility_id: z.string().uuid().optional(),
  from: day().optional(),
  to: day().optional(),
});
export const dispatchExportQuerySchema = dispatchListQuerySchema.omit({ limit: true, cursor: true });

/** GET /api/public/dispatches/{id}: what the QR code of a delivery receipt shows anyone. */
export const publicDispatchSchema = z
  .object({
    id: z.string().uuid(),
    organization: z.object({ name: z.string(), time_zone: z.string() }),
    number: z.string(),
    delivery_receipt_no: z.string().nullable(),
    status: z.enum(['posted', 'voided']),
    dispatched_at: z.string(),
    delivered_at: z.string().nullable(),
    total_kg: z.string(),
    received_kg: z.string().nullable(),
    facility_city: z.string(),
    lots: z.array(
      z.object({ lot_id: z.string().uuid(), code: z.string(), material: z.string(), kg: z.string() }),
    ),
  })
  .meta({ id: 'PublicDispatch' });
export type PublicDispatch = z.infer<typeof publicDispatchSchema>;
