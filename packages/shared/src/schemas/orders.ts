import { z } from 'zod';
import { divide, formatUnits, multiply, parseUnits } from '../decimal.ts';
import { listQuerySchema } from './pagination.ts';
import { day, decimal, str, versionField } from './wire.ts';

// Order records: sales orders to customers and purchase orders to suppliers (docs/architecture.md
// "Domain model"). A sales order is fulfilled by the dispatches posted against it, which move its status
// (migration 0017, order_refresh_status); this module only drafts, confirms, cancels and closes.

export const ORDER_KINDS = ['sales', 'purchase'] as const;
export const ORDER_STATUSES = [
  'draft',
  'confirmed',
  'partly_fulfilled',
  'fulfilled',
  'closed',
  'cancelled',
] as const;
/** What can still be delivered against (dispatched or received): the orders `?open=true` lists. */
export const OPEN_ORDER_STATUSES = ['confirmed', 'partly_fulfilled'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  sales: 'Sales order',
  purchase: 'Purchase order',
};
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  draft: 'Draft',
  confirmed: 'Confirmed',
  partly_fulfilled: 'Partly fulfilled',
  fulfilled: 'Fulfilled',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

// Below 10,000 t a line and ₱100,000 a kg, so a line's amount always fits its numeric(14, 2) column.
const kgField = decimal('Kg', { scale: 3, digits: 7, positive: true });
const priceField = decimal('Price per kg', { scale: 2, digits: 5 });

export const orderLineInputSchema = z.object({
  material_id: z.string().uuid('Choose a material'),
  grade: str()
    .trim()
    .min(1, 'Grade is required')
    .max(20, 'At most 20 characters')
    .optional()
    .describe('Defaults to the material’s grade'),
  kg: kgField,
  unit_price: priceField
    .optional()
    .describe(
      'PHP per kg, as agreed with the party. Left out: the price list’s selling (sales) or buying (purchase) price in force on the order day for the grade in the facility’s region',
    ),
});

/** An order's fields; `orderRules` adds the rules between them. */
export const orderFields = z.object({
  kind: z.enum(ORDER_KINDS, 'Choose a sales or a purchase order'),
  customer_id: z.string().uuid('Choose a customer').nullish().describe('A sales order’s customer'),
  supplier_id: z.string().uuid('Choose a supplier').nullish().describe('A purchase order’s supplier'),
  facility_id: z.string().uuid('Choose a facility').nullish().describe('Where it ships from or arrives'),
  ordered_on: day('Enter the order date'),
  due_on: day('Enter the due date').nullish(),
  delivery_terms: str().trim().max(500, 'At most 500 characters').nullish(),
  customer_reference: str()
    .trim()
    .max(100, 'At most 100 characters')
    .nullish()
    .describe('The party’s own order number'),
  tolerance_pct: decimal('Tolerance', { scale: 2, digits: 3, max: 100 })
    .default('0')
    .describe('How much more than ordered may be delivered, in % of each line'),
  notes: str().trim().max(2000, 'At most 2000 characters').nullish(),
  lines: z.array(orderLineInputSchema).min(1, 'Add at least one line').max(50, 'At most 50 lines'),
});

type OrderShape = {
  kind: OrderKind;
  customer_id?: string | null | undefined;
  supplier_id?: string | null | undefined;
  ordered_on: string;
  due_on?: string | null | undefined;
  lines: { material_id: string; grade?: string | undefined }[];
};

export type OrderIssue = { path: (string | number)[]; message: string };

/**
 * The rules between an order's fields, in the words the server answers with: the party of its kind,
 * the due day not before the order day, each material and grade on one line only. A line without a
 * grade stands for the material's own grade, which the server resolves and checks again.
 */
export function orderIssues(r: OrderShape): OrderIssue[] {
  const issues: OrderIssue[] = [];
  if (r.kind === 'sales') {
    if (!r.customer_id) issues.push({ path: ['customer_id'], message: 'Choose a customer' });
    if (r.supplier_id)
      issues.push({ path: ['supplier_id'], message: 'A sales order names a customer, not a supplier' });
  } else {
    if (!r.supplier_id) issues.push({ path: ['supplier_id'], message: 'Choose a supplier' });
    if (r.customer_id)
      issues.push({ path: ['customer_id'], message: 'A purchase order names a supplier, not a customer' });
  }
  if (r.due_on && r.due_on < r.ordered_on)
    issues.push({ path: ['due_on'], message: 'The due date cannot be before the order date' });
  const keyed = r.lines.map((l) => ({ material_id: l.material_id, grade: l.grade ?? '' }));
  for (const [i, first] of duplicateLines(keyed))
    issues.push({ path: ['lines', i, 'material_id'], message: duplicateLineMessage(first) });
  return issues;
}

export const duplicateLineMessage = (firstLineIndex: number) =>
  `This material and grade are already on line ${firstLineIndex + 1}: enter them once with the total kg`;

/** [index, index of the first line with the same material and grade] for every repeat. */
export function duplicateLines(lines: { material_id: string; grade: string }[]): [number, number][] {
  const first = new Map<string, number>();
  const repeats: [number, number][] = [];
  lines.forEach((l, i) => {
    if (!l.material_id) return;
    const key = `${l.material_id} ${l.grade.trim().toUpperCase()}`;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, i);
    else repeats.push([i, seen]);
  });
  return repeats;
}

export function orderRules(r: OrderShape, ctx: z.RefinementCtx) {
  for (const issue of orderIssues(r)) ctx.addIssue({ code: 'custom', ...issue });
}

export const orderCreateSchema = orderFields
  .extend({ confirm: z.boolean().optional().describe('Create it confirmed, not as a draft') })
  .superRefine(orderRules);

/**
 * A draft's changes: what is sent replaces what it had (null clears a field; `lines` replaces every
 * line), the rest stays. The kind never changes: the number was taken in its sequence.
 */
export const orderUpdateSchema = orderFields
  .omit({ kind: true })
  .extend({ tolerance_pct: orderFields.shape.tolerance_pct.unwrap() })
  .partial()
  .extend({ version: versionField() });

const optionalVersion = versionField().optional().describe('The version you read; a stale one gets 409');

export const orderConfirmBodySchema = z.object({ version: optionalVersion });
export const orderCancelBodySchema = z.object({
  reason: str().trim().min(3, 'Say why the order is cancelled').max(500, 'At most 500 characters'),
  version: optionalVersion,
});
export const orderCloseBodySchema = z.object({
  reason: str()
    .trim()
    .min(3, 'Say why the order is closed')
    .max(500, 'At most 500 characters')
    .optional()
    .describe('Required to close short an order nothing was delivered against'),
  version: optionalVersion,
});

export const ORDER_SORTS = ['-ordered_on', 'ordered_on', '-due_on', 'due_on', '-number', 'number'] as const;

export const orderListQuerySchema = listQuerySchema.extend({
  q: listQuerySchema.shape.q.describe(
    'Part of the number, the party’s name or code, or the customer reference',
  ),
  kind: z.enum(ORDER_KINDS).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  open: z
    .stringbool()
    .optional()
    .describe('Only orders that can still be delivered against: confirmed or partly fulfilled'),
  customer_id: z.string().uuid().optional(),
  supplier_id: z.string().uuid().optional(),
  sort: z
    .enum(ORDER_SORTS, `Sort by one of: ${ORDER_SORTS.join(', ')}`)
    .default('-ordered_on')
    .describe('Orders without a due date come after every due date'),
});
export const orderExportQuerySchema = orderListQuerySchema.omit({ limit: true, cursor: true });

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const person = z.object({ id: z.string().uuid(), name: z.string() });

export const orderRecordSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    kind: z.enum(ORDER_KINDS),
    status: z.enum(ORDER_STATUSES),
    customer: ref.nullable(),
    supplier: ref.nullable(),
    facility: ref.nullable(),
    ordered_on: z.string(),
    due_on: z.string().nullable(),
    delivery_terms: z.string().nullable(),
    customer_reference: z.string().nullable(),
    tolerance_pct: z.string(),
    currency: z.literal('PHP'),
    notes: z.string().nullable(),
    total_kg: z.string(),
    amount: z.string(),
    shipped_kg: z
      .string()
      .describe('Kg delivered against it: on posted dispatches (sales) or net on posted receipts (purchase)'),
    fulfilled_pct: z.string().describe('shipped_kg ÷ total_kg, in %; may pass 100 within tolerance'),
    created_by: person,
    created_at: z.string(),
    confirmed_by: person.nullable(),
    confirmed_at: z.string().nullable(),
    closed_by: person.nullable(),
    closed_at: z.string().nullable(),
    cancelled_by: person.nullable(),
    cancelled_at: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'OrderRecord' });

export const orderFulfilmentSchema = z.object({
  shipped_kg: z.string(),
  remaining_kg: z.string().describe('Ordered less shipped, never below 0'),
  fulfilled_pct: z.string(),
});

export const orderLineSchema = z.object({
  id: z.string().uuid(),
  line_no: z.number().int(),
  material: ref,
  grade: z.string(),
  kg: z.string(),
  unit_price: z.string(),
  amount: z.string(),
  fulfilment: orderFulfilmentSchema.describe(
    'From posted dispatches (sales) or posted receive records that name the order (purchase)',
  ),
});

export const orderDispatchSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  delivery_receipt_no: z.string().nullable(),
  status: z.enum(['draft', 'posted', 'voided']),
  dispatched_at: z.string(),
  total_kg: z.string(),
});

export const orderReceiptSchema = z.object({
  id: z.string().uuid(),
  number: z.string(),
  status: z.enum(['draft', 'posted', 'voided']),
  received_at: z.string(),
  total_net_kg: z.string(),
});

export const orderRecordDetailSchema = orderRecordSchema
  .extend({
    lines: z.array(orderLineSchema),
    dispatches: z
      .array(orderDispatchSchema)
      .describe('A sales order’s dispatches (none for a purchase order)'),
    receipts: z
      .array(orderReceiptSchema)
      .describe('The receive records that name a purchase order (none for a sales order)'),
  })
  .meta({ id: 'OrderRecordDetail' });

export type OrderRecord = z.infer<typeof orderRecordSchema>;
export type OrderRecordDetail = z.infer<typeof orderRecordDetailSchema>;

/** A line's amount as stored: kg × price, to the centavo, half away from zero; null until both are decimals. */
export function orderLineAmount(kg: string, unitPrice: string): string | null {
  const k = parseUnits(kg, 3);
  const p = parseUnits(unitPrice, 2);
  return k === null || p === null ? null : formatUnits(multiply(k, 3, p, 2, 2), 2);
}

/** shipped ÷ ordered in %, to 2 decimals (0 when nothing was ordered). */
export function fulfilledPct(shippedKg: string, orderedKg: string): string {
  const pct = divide((parseUnits(shippedKg, 3) ?? 0n) * 100n, 3, parseUnits(orderedKg, 3) ?? 0n, 3, 2);
  return formatUnits(pct ?? 0n, 2);
}
