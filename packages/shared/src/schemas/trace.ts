import { z } from 'zod';

// Traceability (docs/architecture.md, "Traceability"): a lot's lineage through deliveries, splits, merges,
// production runs and dispatches, with the share each origin has in it and each destination has of it.
// Shares are computed exactly (fractions of grams) along every path and rounded once, at the end.

export const TRACE_DIRECTIONS = ['upstream', 'downstream', 'both'] as const;
export type TraceDirection = (typeof TRACE_DIRECTIONS)[number];
/** How many transformations a trace follows by default, and at most. */
export const TRACE_DEFAULT_DEPTH = 10;
export const TRACE_MAX_DEPTH = 25;

export const traceQuerySchema = z.object({
  direction: z.enum(TRACE_DIRECTIONS, `One of: ${TRACE_DIRECTIONS.join(', ')}`).default('both'),
  depth: z.coerce
    .number()
    .int('Depth must be a whole number')
    .min(1, 'Depth must be at least 1')
    .max(TRACE_MAX_DEPTH, `Depth must be at most ${TRACE_MAX_DEPTH}`)
    .default(TRACE_DEFAULT_DEPTH),
});
export type TraceQuery = z.infer<typeof traceQuerySchema>;

export const traceCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });

const ref = z.object({ id: z.string().uuid(), code: z.string(), name: z.string() });
const partner = ref.extend({ type: z.string() });
const record = z.object({ id: z.string().uuid(), number: z.string() });

/** A lot the trace reached; `level` counts transformations from the start (upstream negative). */
export const traceLotSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  status: z.string(),
  material: ref,
  facility: ref,
  kg: z.string().describe('The kg the lot was made with (its first movement)'),
  on_hand_kg: z.string().describe('What it holds now'),
  share_kg: z
    .string()
    .describe(
      'Upstream: kg of this lot in the started lots; downstream: kg of the started lots in this lot (a recall’s measure)',
    ),
  origin_type: z.string(),
  level: z.number().int(),
});

/** kg of one lot that went into another, and what did it: a production run, a split or a merge. */
export const traceEdgeSchema = z.object({
  from_lot_id: z.string().uuid(),
  to_lot_id: z.string().uuid(),
  kg: z.string(),
  via: z.object({
    type: z.enum(['production_record', 'split', 'merge']),
    id: z.string().uuid(),
    number: z.string().nullable().describe('The production record’s number; null for a split or merge'),
  }),
});

const share = {
  kg: z.string().describe('kg of the started lots’ mass, exact to the gram'),
  share_pct: z.string().describe('Percent of the started lots’ mass, 2 decimals'),
};

/** Where mass came from: a delivery's lot, or a lot the trace could not follow further (depth, opening stock). */
export const traceOriginSchema = z.object({
  lot_id: z.string().uuid(),
  origin_type: z.string(),
  receive_record: record.extend({ received_at: z.string() }).nullable(),
  supplier: partner.nullable(),
  ...share,
});

/** Where mass went: a posted dispatch of a lot, with the part of it that came from the started lots. */
export const traceDestinationSchema = z.object({
  lot_id: z.string().uuid(),
  dispatch_record: record.extend({ dispatched_at: z.string(), delivered: z.boolean() }),
  customer: partner,
  dispatched_kg: z.string().describe('kg of the lot on the dispatch'),
  ...share,
});

const partnerShare = z.object({ ...share, records: z.number().int().describe('Deliveries, or dispatches') });

export const traceSchema = z
  .object({
    start: z.object({
      lot_ids: z.array(z.string().uuid()),
      record: z
        .object({ type: z.enum(['receive_record', 'production_record', 'dispatch_record']), ...record.shape })
        .nullable(),
      kg: z.string().describe('The started lots’ kg together: what the shares are of'),
    }),
    direction: z.enum(TRACE_DIRECTIONS),
    depth: z.number().int(),
    truncated: z.boolean().describe('Whether the depth stopped the trace before its ends'),
    lots: z.array(traceLotSchema),
    edges: z.array(traceEdgeSchema),
    origins: z.array(traceOriginSchema),
    suppliers: z.array(partnerShare.extend({ supplier: partner })),
    destinations: z.array(traceDestinationSchema),
    customers: z.array(partnerShare.extend({ customer: partner })),
  })
  .meta({ id: 'Trace' });
export type Trace = z.infer<typeof traceSchema>;
export type TraceLot = z.infer<typeof traceLotSchema>;
export type TraceEdge = z.infer<typeof traceEdgeSchema>;
