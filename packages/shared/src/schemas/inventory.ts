import { z } from 'zod';
import { decimalInput } from './intake.ts';
import { listQuerySchema } from './pagination.ts';
import { day, str, versionField } from './wire.ts';

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const person = z.object({ id: z.string().uuid(), name: z.string() });

// ---- inventory balances ----

export const INVENTORY_GROUPS = ['lot', 'material', 'facility'] as const;

/** Rows ordered by facility, material and lot code; totals cover every row of the filter, not a page. */
export const inventoryQuerySchema = listQuerySchema.extend({
  limit: listQuerySchema.shape.limit.unwrap().default(100),
  q: listQuerySchema.shape.q.describe('Part of a lot code, or of a material or facility code or name'),
  group: z.enum(INVENTORY_GROUPS).default('lot'),
  facility_id: z.string().uuid().optional(),
  material_id: z.string().uuid().optional(),
  as_of: day().optional().describe('Balances at the end of this day (organization time zone)'),
});
export const inventoryExportQuerySchema = inventoryQuerySchema.omit({ limit: true, cursor: true });

export const inventoryRowSchema = z.object({
  facility: ref,
  material: ref.nullable(),
  lot: z.object({ id: z.string().uuid(), code: z.string(), status: z.string() }).nullable(),
  qty_kg: z.string(),
  value_php: z.string(),
  avg_cost_per_kg: z.string(),
});

export const inventoryReportSchema = z
  .object({
    items: z.array(inventoryRowSchema),
    next_cursor: z.string().nullable(),
    totals: z.object({ qty_kg: z.string(), value_php: z.string(), rows: z.number().int() }),
    as_of: z.string().nullable(),
    currency: z.literal('PHP'),
  })
  .meta({ id: 'InventoryReport' });

// ---- stock counts ----

export const STOCK_COUNT_STATUSES = ['open', 'posted', 'cancelled'] as const;

/** Sums over the count's lines; counted and difference cover only the lines counted so far. */
export const stockCountTotalsSchema = z.object({
  lines: z.number().int(),
  counted_lines: z.number().int(),
  book_kg: z.string(),
  book_value_php: z.string(),
  counted_kg: z.string(),
  difference_kg: z.string(),
  /** The differences at each lot's weighted-average cost (what posting writes to the ledger). */
  difference_value_php: z.string(),
});

export const stockCountSchema = z
  .object({
    id: z.string().uuid(),
    number: z.string(),
    status: z.enum(STOCK_COUNT_STATUSES),
    facility: ref,
    material: ref.nullable(),
    notes: z.string().nullable(),
    opened_by: person,
    opened_at: z.string(),
    posted_by: person.nullable(),
    posted_at: z.string().nullable(),
    cancelled_by: person.nullable(),
    cancelled_at: z.string().nullable(),
    cancel_reason: z.string().nullable(),
    totals: stockCountTotalsSchema,
    version: z.number().int(),
  })
  .meta({ id: 'StockCount' });

export const stockCountLineSchema = z.object({
  lot: z.object({ id: z.string().uuid(), code: z.string(), status: z.string() }),
  material: ref,
  /** The lot's book balance and value when the count was opened. */
  book_kg: z.string(),
  book_value_php: z.string(),
  counted_kg: z.string().nullable(),
  difference_kg: z.string().nullable(),
  difference_value_php: z.string().nullable(),
  counted_by: person.nullable(),
  counted_at: z.string().nullable(),
});

export const stockCountDetailSchema = stockCountSchema
  .extend({ lines: z.array(stockCountLineSchema) })
  .meta({ id: 'StockCountDetail' });

export const stockCountListQuerySchema = listQuerySchema.extend({
  status: z.enum(STOCK_COUNT_STATUSES).optional(),
  facility_id: z.string().uuid().optional(),
});

export const stockCountCreateSchema = z.object({
  facility_id: z.string().uuid('Choose a facility'),
  material_id: z.string().uuid().nullish().describe('Count only this material; all materials when left out'),
  notes: str().trim().max(2000).nullish(),
});

export const stockCountLinesBodySchema = z.object({
  lines: z
    .array(
      z.object({
        lot_id: z.string().uuid(),
        /** Null clears a count entered by mistake. */
        counted_kg: decimalInput(3, 'Counted kg').nullable(),
      }),
    )
    .min(1, 'Enter at least one count')
    .max(1000, 'At most 1000 lines at a time'),
});

export const stockCountPostBodySchema = z.object({
  version: versionField().optional().describe('The version you reviewed; a count changed since gets 409'),
});

export const stockCountCancelBodySchema = z.object({
  reason: str().trim().min(3, 'Say why the count is cancelled').max(500),
});
