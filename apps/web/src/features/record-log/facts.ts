import { z } from 'zod';

/** What is logged, for a record the log does not hold. */
export const LOGGED_ONLY =
  'Only posted deliveries, production runs and dispatches, the lots they make, published product passports, EPR credit batches (at each movement), waste diversion certificates and signed-off ECARs are logged; a draft is logged once it is posted.';

/** What the record log's empty lists say (the log fills itself from postings). */
export const EMPTY_LOG = 'Nothing has been logged yet: post a delivery and it appears here within a second.';

// What a public snapshot says, for people: the names under `labels`, not the ids (those go to the
// technical details). A snapshot comes from a bundle anyone may have edited, so it is read defensively:
// whatever is not in the expected form is simply not shown as a fact.

const text = z.string().nullish().catch(null);
const lineNo = z.number().nullish().catch(null);
/** A list of rows: a row not in form is left out, not the whole list. */
const rows = <T extends z.ZodType>(row: T) =>
  z
    .array(z.unknown())
    .catch([])
    .transform((items) => items.flatMap((item) => row.safeParse(item).data ?? []) as z.output<T>[]);
const labels = z
  .object({
    organization: text,
    facility: text,
    supplier_type: text,
    customer_type: text,
    material: text,
    materials: z.record(z.string(), z.string()).nullish().catch(null),
  })
  .partial()
  .nullish()
  .catch(null);

const receiveRecordSnapshot = z.object({
  type: z.literal('receive_record'),
  id: z.string(),
  number: text,
  status: text,
  received_at: text,
  posted_at: text,
  voided_at: text,
  total_net_kg: text,
  lines: rows(z.object({ line_no: lineNo, material_id: text, net_kg: text, lot_code: text })),
  labels,
});

const lotSnapshot = z.object({
  type: z.literal('lot'),
  id: z.string(),
  code: text,
  created_at: text,
  initial_kg: text,
  origin: z.object({ type: text, id: text, number: text }).nullish().catch(null),
  labels,
});

const productionRecordSnapshot = z.object({
  type: z.literal('production_record'),
  id: z.string(),
  number: text,
  status: text,
  process: text,
  started_at: text,
  ended_at: text,
  posted_at: text,
  voided_at: text,
  inputs: rows(z.object({ line_no: lineNo, lot_code: text, kg: text })),
  outputs: rows(z.object({ line_no: lineNo, material_id: text, kg: text, lot_code: text })),
  losses: rows(z.object({ line_no: lineNo, kind: text, fate: text, kg: text })),
  labels,
});

const dispatchRecordSnapshot = z.object({
  type: z.literal('dispatch_record'),
  id: z.string(),
  number: text,
  delivery_receipt_no: text,
  status: text,
  dispatched_at: text,
  posted_at: text,
  voided_at: text,
  delivered_at: text,
  total_kg: text,
  received_kg: text,
  discrepancy_kg: text,
  discrepancy_status: text,
  seal_numbers: z.array(z.string()).nullish().catch(null),
  lines: rows(z.object({ line_no: lineNo, lot_code: text, kg: text })),
  labels,
});

const passportSnapshot = z.object({
  type: z.literal('passport'),
  id: z.string(),
  lot_code: text,
  version: lineNo,
  published_at: text,
  content_sha256: text,
  labels,
});

export type ReceiveRecordFacts = z.infer<typeof receiveRecordSnapshot>;
export type LotFacts = z.infer<typeof lotSnapshot>;
export type ProductionRecordFacts = z.infer<typeof productionRecordSnapshot>;
export type DispatchRecordFacts = z.infer<typeof dispatchRecordSnapshot>;
export type PassportFacts = z.infer<typeof passportSnapshot>;
export type SnapshotFacts =
  | { kind: 'receive_record'; facts: ReceiveRecordFacts }
  | { kind: 'lot'; facts: LotFacts }
  | { kind: 'production_record'; facts: ProductionRecordFacts }
  | { kind: 'dispatch_record'; facts: DispatchRecordFacts }
  | { kind: 'passport'; facts: PassportFacts }
  | { kind: 'other' };

const readers = [
  ['receive_record', receiveRecordSnapshot],
  ['lot', lotSnapshot],
  ['production_record', productionRecordSnapshot],
  ['dispatch_record', dispatchRecordSnapshot],
  ['passport', passportSnapshot],
] as const;

export function factsOf(snapshot: unknown): SnapshotFacts {
  for (const [kind, schema] of readers) {
    const read = schema.safeParse(snapshot);
    if (read.success) return { kind, facts: read.data } as SnapshotFacts;
  }
  return { kind: 'other' };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VERIFY_LINK = /\/verify\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/** The text as typed, or the id of a /verify/{id} link (what a label's QR code holds) pasted whole. */
export const fromVerifyLink = (text: string) => VERIFY_LINK.exec(text)?.[1] ?? text.trim();

/** A record id typed or pasted (as a /verify link), lower case; null when it is not one. */
export function recordIdOf(text: string): string | null {
  const id = fromVerifyLink(text);
  return UUID.test(id) ? id.toLowerCase() : null;
}

/** '1 leaf', '43 leaves'. */
export const leaves = (n: number | undefined) => (n === 1 ? '1 leaf' : `${n} leaves`);

/** 'receive_record' → 'receive record'. */
export const typeWords = (type: string) => (type === 'ecar' ? 'ECAR' : type.replaceAll('_', ' '));

/** What people call the record: its number (RR-, PR-, DS-) or a lot's code, else its id. */
export function recordName(id: string, snapshot: unknown): string {
  const s = (snapshot ?? {}) as {
    number?: unknown;
    code?: unknown;
    lot_code?: unknown;
    serial_prefix?: unknown;
    type?: unknown;
    year?: unknown;
    version?: unknown;
  };
  if (typeof s.number === 'string' && s.number) return s.number;
  if (typeof s.serial_prefix === 'string' && s.serial_prefix) return s.serial_prefix;
  if (s.type === 'ecar' && typeof s.year === 'number') return `${s.year} v${s.version ?? '?'}`;
  if (typeof s.code === 'string' && s.code) return s.code;
  if (typeof s.lot_code === 'string' && s.lot_code) return s.lot_code;
  return id;
}

/** "receive record RR-2026-000123", "lot MNL1-261126-0001". */
export const recordTitle = (type: string, id: string, snapshot: unknown) =>
  `${typeWords(type)} ${recordName(id, snapshot)}`;

/** The proof bundle's file name: plastrace-<type>-<number or id>.json, safe on every file system. */
export const bundleFileName = (type: string, id: string, snapshot: unknown) =>
  `plastrace-${type}-${recordName(id, snapshot)}.json`.replace(/[^A-Za-z0-9._-]+/g, '-');
