import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { namedRows } from '../../lib/prepared.ts';
import type { Node } from './tree.ts';

// Queries of the record log. The log is one per installation: these read across organizations, and
// the service decides what of it is public (leaf hashes, checkpoints, proofs, a record's own bundle).

type Handle = Db | Tx;

export type EntryRow = {
  id: string;
  organization_id: string;
  record_type: string;
  record_id: string;
  version: number;
  event: string;
  snapshot: Record<string, unknown>;
  /** ISO 8601, UTC, to the millisecond (pt_iso), exactly as the leaf holds it. */
  logged_at: string;
};
export type CheckpointRow = { tree_size: number; root_hash: Buffer; note: string; created_at: string };

const rows = async <T extends Record<string, unknown>>(h: Handle, q: ReturnType<typeof sql>) =>
  (await h.execute<T>(q)).rows;

/**
 * Appends entries for records a TypeScript service changed (the posting functions append in SQL), in the
 * caller's transaction: no change without its entry.
 */
export async function appendEntries(
  tx: Tx,
  orgId: string,
  type: string,
  ids: string[],
  event: string,
  versions: number[] = ids.map(() => 1),
) {
  if (ids.length === 0) return;
  await tx.execute(
    sql`SELECT log_append(${orgId}::uuid, ${type}, ${sql.param(ids)}::uuid[], ${sql.param(versions)}::int[], ${event})`,
  );
}

/** One sequencer at a time across instances, for this transaction; false when another holds it. */
export async function trySequencerLock(tx: Tx): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(hashtextextended('plastrace:log-sequencer', 0)) AS ok`,
  );
  return row?.ok === true;
}

// The public reads every proof makes are named prepared statements: a proof is two short queries, where
// planning was a good part of the time.
export async function latestCheckpoint(h: Handle): Promise<CheckpointRow | undefined> {
  const [row] = await namedRows<CheckpointRow>(
    h,
    'log_latest_checkpoint',
    `SELECT tree_size, root_hash, note, pt_iso(created_at) AS created_at FROM log_checkpoints
     ORDER BY tree_size DESC LIMIT 1`,
    [],
  );
  return row && { ...row, tree_size: Number(row.tree_size) };
}

export async function checkpoints(
  h: Handle,
  before: number | undefined,
  limit: number,
): Promise<CheckpointRow[]> {
  const list = await rows<CheckpointRow>(
    h,
    sql`SELECT tree_size, root_hash, note, pt_iso(created_at) AS created_at FROM log_checkpoints
        WHERE ${before === undefined ? sql`true` : sql`tree_size < ${before}`}
        ORDER BY tree_size DESC LIMIT ${limit}`,
  );
  return list.map((c) => ({ ...c, tree_size: Number(c.tree_size) }));
}

/** Checkpoints of trees larger than `after`, smallest first. */
export async function checkpointsAfter(h: Handle, after: number, limit: number): Promise<CheckpointRow[]> {
  const list = await rows<CheckpointRow>(
    h,
    sql`SELECT tree_size, root_hash, note, pt_iso(created_at) AS created_at FROM log_checkpoints
        WHERE tree_size > ${after} ORDER BY tree_size LIMIT ${limit}`,
  );
  return list.map((c) => ({ ...c, tree_size: Number(c.tree_size) }));
}

/** Takes up to `max` queued entries off the queue, in the order they were queued. */
export async function takePending(tx: Tx, max: number): Promise<EntryRow[]> {
  return rows<EntryRow>(
    tx,
    sql`WITH taken AS (
          DELETE FROM log_pending WHERE entry_id IN (SELECT entry_id FROM log_pending ORDER BY seq LIMIT ${max})
          RETURNING entry_id, seq)
        SELECT e.id, e.organization_id, e.record_type, e.record_id, e.version, e.event, e.snapshot, pt_iso(e.logged_at) AS logged_at
        FROM log_entries e JOIN taken t ON t.entry_id = e.id ORDER BY t.seq`,
  );
}

/** The hashes of complete subtrees (level 0: leaves), in the order asked; a missing one is an error. */
export async function hashesOf(h: Handle, nodes: Node[]): Promise<Buffer[]> {
  if (nodes.length === 0) return [];
  const found = await namedRows<{ level: number; idx: string; hash: Buffer }>(
    h,
    'log_hashes_of',
    `SELECT k.level, k.idx, coalesce(l.leaf_hash, n.hash) AS hash
     FROM unnest($1::int[], $2::int8[]) AS k(level, idx)
     LEFT JOIN log_leaves l ON k.level = 0 AND l.idx = k.idx
     LEFT JOIN log_nodes n ON k.level > 0 AND n.level = k.level AND n.idx = k.idx`,
    [nodes.map((n) => n.level), nodes.map((n) => n.idx)],
  );
  const byKey = new Map(found.map((r) => [`${r.level}:${r.idx}`, r.hash]));
  return nodes.map((n) => {
    const hash = byKey.get(`${n.level}:${n.idx}`);
    if (!hash) throw new Error(`the log has no subtree ${n.level}:${n.idx}`);
    return hash;
  });
}

export async function insertLeaves(tx: Tx, first: number, entryIds: string[], hashes: Buffer[]) {
  await tx.execute(sql`
    INSERT INTO log_leaves (idx, entry_id, leaf_hash)
    SELECT ${first}::int8 + i - 1, e, h
    FROM unnest(${sql.param(entryIds)}::uuid[], ${sql.param(hashes)}::bytea[]) WITH ORDINALITY AS x(e, h, i)`);
}

export async function insertNodes(tx: Tx, nodes: (Node & { hash: Buffer })[]) {
  if (nodes.length === 0) return;
  await tx.execute(sql`
    INSERT INTO log_nodes (level, idx, hash)
    SELECT * FROM unnest(${sql.param(nodes.map((n) => n.level))}::int2[], ${sql.param(nodes.map((n) => n.idx))}::int8[],
      ${sql.param(nodes.map((n) => n.hash))}::bytea[])`);
}

export async function insertCheckpoint(tx: Tx, size: number, root: Buffer, note: string) {
  await tx.execute(
    sql`INSERT INTO log_checkpoints (tree_size, root_hash, note) VALUES (${size}, ${root}, ${note})`,
  );
}

export type LeafRow = EntryRow & { idx: number | null; leaf_hash: Buffer | null };

/**
 * A record's entries, oldest first, each with its leaf once the sequencer has placed it. Ids are UUIDv7
 * across every table, so the type may be left out.
 */
export async function entriesOfRecord(h: Handle, type: string | undefined, id: string): Promise<LeafRow[]> {
  const list = await rows<LeafRow>(
    h,
    sql`SELECT e.id, e.organization_id, e.record_type, e.record_id, e.version, e.event, e.snapshot, pt_iso(e.logged_at) AS logged_at,
               l.idx, l.leaf_hash
        FROM log_entries e LEFT JOIN log_leaves l ON l.entry_id = e.id
        WHERE e.record_id = ${id} ${type === undefined ? sql`` : sql`AND e.record_type = ${type}`}
        ORDER BY e.version, e.logged_at, e.id`,
  );
  return list.map((r) => ({ ...r, idx: r.idx === null ? null : Number(r.idx) }));
}

/** Leaves from `start` to before `end`, in order, with the kind of record and change each is. */
export async function leafHashes(h: Handle, start: number, end: number) {
  const list = await rows<{ idx: string; leaf_hash: Buffer; type: string; event: string; logged_at: string }>(
    h,
    sql`SELECT l.idx, l.leaf_hash, e.record_type AS type, e.event, pt_iso(e.logged_at) AS logged_at
        FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id
        WHERE l.idx >= ${start} AND l.idx < ${end} ORDER BY l.idx`,
  );
  return list.map((r) => ({
    idx: Number(r.idx),
    leafHash: r.leaf_hash,
    type: r.type,
    event: r.event,
    loggedAt: r.logged_at,
  }));
}

export async function leafByHash(h: Handle, hash: Buffer) {
  const [row] = await rows<{ idx: string }>(
    h,
    sql`SELECT idx FROM log_leaves WHERE leaf_hash = ${hash} ORDER BY idx LIMIT 1`,
  );
  return row ? Number(row.idx) : undefined;
}

/** Leaves with their entries from `start`, for the audit's replay. */
export async function leavesWithEntries(
  h: Handle,
  start: number,
  limit: number,
): Promise<(LeafRow & { idx: number })[]> {
  const list = await rows<LeafRow & { idx: number }>(
    h,
    sql`SELECT l.idx, l.leaf_hash, e.id, e.organization_id, e.record_type, e.record_id, e.version, e.event,
               e.snapshot, pt_iso(e.logged_at) AS logged_at
        FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id
        WHERE l.idx >= ${start} ORDER BY l.idx LIMIT ${limit}`,
  );
  return list.map((r) => ({ ...r, idx: Number(r.idx) }));
}

/**
 * Records whose snapshot now differs from their last entry's (the names of master data under "labels"
 * aside): a record changed without being logged — by hand in the database, past the triggers.
 */
export function driftedRecords(h: Handle) {
  return rows<{ record_type: string; record_id: string; version: number; logged: unknown; current: unknown }>(
    h,
    sql`SELECT e.record_type, e.record_id, e.version, e.snapshot - 'labels' AS logged,
               log_snapshot(e.record_type, e.record_id) - 'labels' AS current
        FROM (SELECT DISTINCT ON (record_type, record_id) record_type, record_id, version, snapshot
              FROM log_entries ORDER BY record_type, record_id, logged_at DESC, id DESC) e
        WHERE (log_snapshot(e.record_type, e.record_id) - 'labels') IS DISTINCT FROM (e.snapshot - 'labels')`,
  );
}

/** Entries neither in the tree nor queued for it: lost. */
export async function strandedEntries(h: Handle): Promise<number> {
  const [row] = await rows<{ n: number }>(
    h,
    sql`SELECT count(*)::int AS n FROM log_entries e
        WHERE NOT EXISTS (SELECT 1 FROM log_leaves l WHERE l.entry_id = e.id)
          AND NOT EXISTS (SELECT 1 FROM log_pending p WHERE p.entry_id = e.id)`,
  );
  return row?.n ?? 0;
}

export async function loggedRecords(h: Handle): Promise<number> {
  const [row] = await rows<{ n: number }>(
    h,
    sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT record_type, record_id FROM log_entries) r`,
  );
  return row?.n ?? 0;
}

/** Whether the record still reads as the entry logged it (the names under "labels" aside). */
export async function stillAsLogged(h: Handle, entryId: string): Promise<boolean> {
  const [row] = await rows<{ same: boolean }>(
    h,
    sql`SELECT (log_snapshot(e.record_type, e.record_id) - 'labels') IS NOT DISTINCT FROM (e.snapshot - 'labels') AS same
        FROM log_entries e WHERE e.id = ${entryId}`,
  );
  return row?.same === true;
}
