import { z } from 'zod';

// The verifiable record log's public API (docs/architecture.md, "Record log"). Hashes are standard base64
// with padding; the checkpoint is a C2SP signed note; a bundle verifies offline with @plastrace/verify.

/** The record types with entries in the log, and what a log entry records about them. */
export const LOG_RECORD_TYPES = [
  'receive_record',
  'lot',
  'production_record',
  'dispatch_record',
  'passport',
  'credit_batch',
  'certificate',
  'ecar',
] as const;
export type LogRecordType = (typeof LOG_RECORD_TYPES)[number];
export const LOG_MAX_ENTRIES_PAGE = 1000;

const hash = z.string().describe('SHA-256, base64');
const size = z.coerce.number().int('Must be a whole number').min(0, 'Must be 0 or more');

export const logPublicKeySchema = z
  .object({
    origin: z.string().describe('The first line of every checkpoint: which log this is'),
    key: z
      .string()
      .describe('The verifier key, in the note format: <name>+<key id hex>+<base64(0x01 ‖ Ed25519 key)>'),
    algorithm: z.literal('Ed25519'),
  })
  .meta({ id: 'LogPublicKey' });

export const logCheckpointSchema = z
  .object({
    tree_size: z.number().int(),
    root_hash: hash,
    note: z.string().describe('The signed checkpoint (C2SP tlog-checkpoint in a signed note)'),
    created_at: z.string(),
  })
  .meta({ id: 'LogCheckpoint' });

export const logCheckpointListQuerySchema = z.object({
  before: size.optional().describe('Checkpoints of a smaller tree than this, newest first'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const logEntryFieldsSchema = z.object({
  organization: z.string().uuid(),
  type: z.string(),
  id: z.string().uuid(),
  version: z.number().int(),
  event: z.string(),
  logged_at: z.string(),
  snapshot_sha256: hash,
});
export type LogEntryFields = z.infer<typeof logEntryFieldsSchema>;

/**
 * A leaf as anyone may list it: its hash (enough to rebuild and monitor the tree), the kind of record and
 * change, and when. Which record and whose it is are told only to those who hold the record's id (its
 * bundle), so the log does not list every organization's deliveries to the world.
 */
export const logLeafSchema = z
  .object({
    index: z.number().int(),
    leaf_hash: hash,
    type: z.string().describe('The kind of record: receive_record, lot, production_record, dispatch_record'),
    event: z.string().describe('What happened to it: posted, voided, created, delivered, settled'),
    logged_at: z.string(),
  })
  .meta({ id: 'LogLeaf' });

export const logEntriesQuerySchema = z.object({
  start: size.describe('The first leaf index'),
  end: size
    .optional()
    .describe(`One past the last (at most ${LOG_MAX_ENTRIES_PAGE} leaves); the tree's size when left out`),
});

export const logLeafQuerySchema = z
  .object({
    index: size.optional(),
    hash: z.string().optional().describe('A leaf hash, base64 (URL-encode the + and /)'),
  })
  .refine((q) => (q.index === undefined) !== (q.hash === undefined), 'Give either index or hash');

export const inclusionQuerySchema = z.object({
  index: size,
  tree_size: size.optional().describe('The latest checkpoint’s size when left out'),
});
export const inclusionProofSchema = z
  .object({ index: z.number().int(), tree_size: z.number().int(), proof: z.array(hash) })
  .meta({ id: 'InclusionProof' });

export const consistencyQuerySchema = z.object({ from: size, to: size.optional() });
export const consistencyProofSchema = z
  .object({ from: z.number().int(), to: z.number().int(), proof: z.array(hash) })
  .meta({ id: 'ConsistencyProof' });

export const logRecordParamsSchema = z.object({
  type: z.enum(LOG_RECORD_TYPES, `One of: ${LOG_RECORD_TYPES.join(', ')}`),
  id: z.string().uuid(),
});

/** What verifies one record offline (`npx plastrace-verify bundle.json --key …`). */
export const logBundleSchema = z
  .object({
    format: z.literal('plastrace-log-bundle/v1'),
    entry: logEntryFieldsSchema,
    snapshot: z.record(z.string(), z.unknown()),
    index: z.number().int(),
    tree_size: z.number().int(),
    inclusion_proof: z.string().describe('The proof’s hashes, 32 bytes each, concatenated, base64'),
    checkpoint: z.string(),
  })
  .meta({ id: 'LogBundle' });
export type LogBundle = z.infer<typeof logBundleSchema>;

/**
 * A bundle's form: the readable JSON above, or the same bundle in compact binary form (≤ 1 KB beside its
 * snapshot at 10 million leaves: small enough for a printed QR code), which `plastrace-verify` reads too.
 */
export const LOG_BUNDLE_FORMS = ['json', 'compact'] as const;
export const logBundleQuerySchema = z.object({
  form: z
    .enum(LOG_BUNDLE_FORMS, `One of: ${LOG_BUNDLE_FORMS.join(', ')}`)
    .default('json')
    .describe('compact answers application/vnd.plastrace.log-bundle bytes (a .ptlb file)'),
});
export type LogBundleForm = (typeof LOG_BUNDLE_FORMS)[number];

/** Every version of a record in the log, oldest first (a lot's or record's anchoring history). */
export const logHistorySchema = z
  .object({
    current_matches: z
      .boolean()
      .describe(
        'Whether the record in the database still reads as its latest entry logged it; false means it was changed without being logged',
      ),
    items: z.array(
      z.object({
        index: z.number().int().nullable().describe('Null while the sequencer has not placed it yet (≤ 1 s)'),
        leaf_hash: hash.nullable(),
        entry: logEntryFieldsSchema,
      }),
    ),
  })
  .meta({ id: 'LogHistory' });
