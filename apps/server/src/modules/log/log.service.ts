import type { LogBundle, LogRecordType } from '@plastrace/shared';
import { LOG_MAX_ENTRIES_PAGE } from '@plastrace/shared';
import { createBundle } from '@plastrace/verify';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './log.repo.ts';
import { entryFields } from './sequencer.ts';
import { consistencyPlans, inclusionPlans, type Node, nodeKey, type Plan } from './tree.ts';

// The record log's public reads: checkpoints, leaf hashes, proofs, and a record's verification bundle.

const b64 = (b: Buffer) => b.toString('base64');
const invalid = (field: string, message: string) =>
  new AppError('validation_failed', message, { fields: { [`querystring.${field}`]: message } });

async function head(db: Db) {
  const latest = await repo.latestCheckpoint(db);
  if (!latest) throw new AppError('not_found', 'The log is empty: nothing has been posted yet');
  return latest;
}

const toCheckpoint = (c: repo.CheckpointRow) => ({
  tree_size: c.tree_size,
  root_hash: b64(c.root_hash),
  note: c.note,
  created_at: c.created_at,
});

export const latest = async (db: Db) => toCheckpoint(await head(db));

export async function checkpoints(db: Db, q: { before?: number | undefined; limit: number }) {
  return { items: (await repo.checkpoints(db, q.before, q.limit)).map(toCheckpoint) };
}

/** Hashes for proof plans, every complete subtree they need read in one query. */
async function resolve(db: Db, plans: Plan[]): Promise<Buffer[]> {
  const nodes = new Map<string, Node>();
  for (const p of plans) for (const n of p.nodes) nodes.set(nodeKey(n), n);
  const list = [...nodes.values()];
  const hashes = await repo.hashesOf(db, list);
  const byKey = new Map(list.map((n, i) => [nodeKey(n), hashes[i] as Buffer]));
  return plans.map((p) => p.hash((n) => byKey.get(nodeKey(n)) as Buffer));
}

/** A size the log has signed: the latest when left out, and never beyond it. */
async function signedSize(db: Db, field: string, size: number | undefined) {
  const latestSize = (await head(db)).tree_size;
  if (size === undefined) return latestSize;
  if (size > latestSize) throw invalid(field, `The log has ${latestSize} leaves; it has no tree of ${size}`);
  return size;
}

export async function inclusionProof(db: Db, index: number, treeSize?: number) {
  const size = await signedSize(db, 'tree_size', treeSize);
  if (index >= size) throw invalid('index', `Leaf ${index} is not in a tree of ${size}`);
  return { index, tree_size: size, proof: (await resolve(db, inclusionPlans(index, size))).map(b64) };
}

export async function consistencyProof(db: Db, from: number, to?: number) {
  const size = await signedSize(db, 'to', to);
  if (from > size) throw invalid('from', `A tree of ${from} cannot grow into one of ${size}`);
  return { from, to: size, proof: (await resolve(db, consistencyPlans(from, size))).map(b64) };
}

const toLeaf = (r: Awaited<ReturnType<typeof repo.leafHashes>>[number]) => ({
  index: r.idx,
  leaf_hash: b64(r.leafHash),
  type: r.type,
  event: r.event,
  logged_at: r.loggedAt,
});

export async function leaves(db: Db, start: number, end?: number) {
  const size = (await repo.latestCheckpoint(db))?.tree_size ?? 0;
  const stop = Math.min(end ?? size, size, start + LOG_MAX_ENTRIES_PAGE);
  if (end !== undefined && end < start) throw invalid('end', 'The end comes before the start');
  const rows = stop > start ? await repo.leafHashes(db, start, stop) : [];
  return { tree_size: size, items: rows.map(toLeaf) };
}

export async function leaf(db: Db, q: { index?: number | undefined; hash?: string | undefined }) {
  const size = (await repo.latestCheckpoint(db))?.tree_size ?? 0;
  const index = q.hash === undefined ? q.index : await repo.leafByHash(db, Buffer.from(q.hash, 'base64'));
  if (index === undefined || index >= size) throw notFound('Leaf');
  const [row] = await repo.leafHashes(db, index, index + 1);
  if (!row) throw notFound('Leaf');
  return toLeaf(row);
}

/**
 * Every entry of a record, oldest first, placed or still queued, and whether the record still reads as
 * its last entry says — false when it was changed behind the log's back.
 */
export async function history(db: Db, type: LogRecordType | undefined, id: string) {
  const rows = await repo.entriesOfRecord(db, type, id);
  const last = rows.at(-1);
  if (!last) throw notFound('Logged record');
  return {
    current_matches: await repo.stillAsLogged(db, last.id),
    items: rows.map((r) => ({
      index: r.idx,
      leaf_hash: r.leaf_hash ? b64(r.leaf_hash) : null,
      entry: entryFields(r),
    })),
  };
}

/**
 * What verifies a record's logged version offline (its latest when `version` is left out): its public
 * snapshot, entry, leaf index, inclusion proof and the latest checkpoint. A change made a moment ago is
 * queued for up to a second.
 */
export async function bundle(
  db: Db,
  type: LogRecordType | undefined,
  id: string,
  version?: number,
): Promise<LogBundle> {
  const rows = await repo.entriesOfRecord(db, type, id);
  const wanted = version === undefined ? rows : rows.filter((r) => r.version === version);
  const last = wanted.at(-1);
  if (!last) throw notFound(version === undefined ? 'Logged record' : `Version ${version} of the record`);
  if (last.idx === null)
    throw new AppError('conflict', 'Its latest change is being added to the log: try again in a second');
  const checkpoint = await head(db);
  const proof = await resolve(db, inclusionPlans(last.idx, checkpoint.tree_size));
  return createBundle({
    entry: entryFields(last),
    snapshot: last.snapshot,
    index: last.idx,
    treeSize: checkpoint.tree_size,
    proof,
    checkpoint: checkpoint.note,
  }) as LogBundle;
}
