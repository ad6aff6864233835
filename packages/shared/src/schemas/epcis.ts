import { z } from 'zod';
import { TRACE_DIRECTIONS } from './trace.ts';
import { instant, str } from './wire.ts';

// GS1 EPCIS 2.0 (docs/architecture.md, "Traceability" → "EPCIS"): our events exported as an EPCIS
// document paged like the EPCIS query interface, and partners' documents captured and linked to our lots.

/** Events per page when the caller names none, and at most. */
export const EPCIS_DEFAULT_PER_PAGE = 100;
export const EPCIS_MAX_PER_PAGE = 500;
/** A capture body at most (a partner's document of a few thousand events). */
export const EPCIS_CAPTURE_MAX_BYTES = 5 * 1024 * 1024;

export const epcisEventsQuerySchema = z.object({
  GE_eventTime: instant().optional().describe('Events at or after this time'),
  LT_eventTime: instant().optional().describe('Events before this time'),
  EQ_bizStep: str()
    .trim()
    .max(200)
    .optional()
    .describe('A CBV business step, bare (receiving) or as its URI'),
  MATCH_anyEPCClass: str()
    .trim()
    .max(500)
    .optional()
    .describe('A lot’s Digital Link (or lot URI): events naming that lot'),
  lot: str().trim().max(64).optional().describe('A lot’s id or code: events naming that lot'),
  EQ_bizLocation: str().trim().max(500).optional().describe('A facility’s id or its URI'),
  trace: z.string().uuid('trace must be a lot id').optional().describe('Events of this lot’s whole lineage'),
  direction: z.enum(TRACE_DIRECTIONS).default('both').describe('With trace: which way to walk'),
  perPage: z.coerce
    .number()
    .int('perPage must be a whole number')
    .min(1, 'perPage must be at least 1')
    .max(EPCIS_MAX_PER_PAGE, `perPage must be at most ${EPCIS_MAX_PER_PAGE}`)
    .default(EPCIS_DEFAULT_PER_PAGE),
  nextPageToken: str().max(1000).optional().describe('The token of the previous page’s Link header'),
});
export type EpcisEventsQuery = z.infer<typeof epcisEventsQuerySchema>;

/** An EPCIS document as JSON: its shape is the GS1 schema's, checked by the server with it. */
export const epcisDocumentSchema = z.record(z.string(), z.unknown()).meta({ id: 'EPCISDocument' });

export const EPCIS_CAPTURE_STATUSES = ['captured', 'duplicate'] as const;

export const epcisEventErrorSchema = z.object({
  index: z.number().int().describe('The event’s position in eventList, from 0'),
  event_id: z.string().nullable(),
  path: z.string().describe('JSON pointer of the value the schema refused, within the event'),
  message: z.string(),
});
export type EpcisEventError = z.infer<typeof epcisEventErrorSchema>;

export const epcisValidationSchema = z.object({
  valid: z.boolean(),
  events: z.number().int(),
  errors: z.array(epcisEventErrorSchema),
});
export type EpcisValidation = z.infer<typeof epcisValidationSchema>;

const lotRef = z.object({ id: z.string().uuid(), code: z.string() });

export const epcisCaptureResultSchema = z.object({
  capture_id: z.string().uuid(),
  captured: z.number().int(),
  duplicates: z.number().int(),
  events: z.array(
    z.object({
      index: z.number().int(),
      event_id: z.string(),
      event_hash: z.string(),
      status: z.enum(EPCIS_CAPTURE_STATUSES),
      lots: z.array(lotRef).describe('Our lots the event names'),
    }),
  ),
});
export type EpcisCaptureResult = z.infer<typeof epcisCaptureResultSchema>;

export const epcisCapturedEventSchema = z.object({
  id: z.string().uuid(),
  capture_id: z.string().uuid(),
  event_id: z.string(),
  event_hash: z.string(),
  event_type: z.string(),
  biz_step: z.string().nullable(),
  event_time: z.string(),
  captured_at: z.string(),
  lots: z.array(lotRef),
});
export type EpcisCapturedEvent = z.infer<typeof epcisCapturedEventSchema>;

export const epcisCapturedListSchema = z.object({
  items: z.array(epcisCapturedEventSchema),
  next_cursor: z.string().nullable(),
});
export const epcisCapturedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: str().max(500).optional(),
  lot_id: z.string().uuid().optional().describe('Only events linked to this lot'),
});
