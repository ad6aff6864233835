import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { dbNow } from './common.ts';
import { organizations } from './organizations.ts';

// The verifiable record log (docs/architecture.md, "Record log"): entries are written by the postings in
// their own transaction; the sequencer gives them leaves of one RFC 9162 Merkle tree per installation and
// signs checkpoints. Every table here but the queue is append-only (migration 0020).

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** What a change appends: the record's public snapshot as it stood, with what happened to it. */
export const logEntries = pgTable(
  'log_entries',
  {
    id: uuid().primaryKey(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id),
    recordType: text().notNull(),
    recordId: uuid().notNull(),
    version: integer().notNull(),
    event: text().notNull(),
    snapshot: jsonb().notNull(),
    /** To the millisecond: the leaf carries it as an ISO string, which JavaScript dates read exactly. */
    loggedAt: timestamp({ withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index().on(t.recordType, t.recordId, t.loggedAt)],
);

/** Entries written but not yet in the tree: the sequencer's queue (rows leave it as leaves are made). */
export const logPending = pgTable('log_pending', {
  entryId: uuid()
    .primaryKey()
    .references(() => logEntries.id),
  /**
   * The order entries were queued in, which the sequencer keeps: a posting logs a record and its lots in one
   * statement, within one millisecond, and their UUIDv7s alone would order them at random.
   */
  seq: bigint({ mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
});

/** Leaf `idx` of the tree: the entry's leaf hash, SHA-256(0x00 ‖ canonical JSON of the entry). */
export const logLeaves = pgTable(
  'log_leaves',
  {
    idx: bigint({ mode: 'number' }).primaryKey(),
    entryId: uuid()
      .notNull()
      .unique()
      .references(() => logEntries.id),
    leafHash: bytea().notNull(),
  },
  (t) => [check('log_leaves_hash', sql`octet_length(${t.leafHash}) = 32`), index().on(t.leafHash)],
);

/**
 * The hash of every complete subtree of 2^level leaves (level ≥ 1) starting at leaf idx × 2^level: they
 * never change once complete, so any proof at any size is assembled from at most ~2 log n of them.
 */
export const logNodes = pgTable(
  'log_nodes',
  {
    level: smallint().notNull(),
    idx: bigint({ mode: 'number' }).notNull(),
    hash: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] }), check('log_nodes_level', sql`${t.level} >= 1`)],
);

/** A signed tree head in the C2SP tlog-checkpoint note format. */
export const logCheckpoints = pgTable('log_checkpoints', {
  treeSize: bigint({ mode: 'number' }).primaryKey(),
  rootHash: bytea().notNull(),
  note: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().default(dbNow),
});
