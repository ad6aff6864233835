import { verifyCheckpoint } from '@plastrace/verify';
import type { Db } from '../../db/client.ts';
import * as repo from './log.repo.ts';
import { leafHashOf } from './sequencer.ts';
import { append, rootOfFrontier } from './tree.ts';

// The log's audit (npm run log:audit, and daily in the app): replays every leaf from its entry, rebuilds
// the tree, and checks each checkpoint against it and against the log's key; then compares every logged
// record with what the database holds now. Anything that was changed behind the log's back shows here.

export type AuditReport = { leaves: number; checkpoints: number; records: number; problems: string[] };

const BATCH = 5_000;

export async function auditLog(db: Db, vkey: string): Promise<AuditReport> {
  const problems: string[] = [];
  const signed = checkpointsInOrder(db);
  let state = { size: 0, frontier: [] as Buffer[] };
  const check = async (c: repo.CheckpointRow) => {
    if (c.tree_size !== state.size) {
      problems.push(`Checkpoint ${c.tree_size}: no tree of that size was ever built from the leaves`);
      return;
    }
    const root = rootOfFrontier(state.frontier);
    if (!root.equals(c.root_hash))
      problems.push(`Checkpoint ${c.tree_size}: its root is not the root of the leaves the log holds`);
    const verdict = await verifyCheckpoint(c.note, vkey);
    if (!verdict.ok) problems.push(`Checkpoint ${c.tree_size}: ${verdict.reason}`);
  };
  for (;;) {
    const batch = await repo.leavesWithEntries(db, state.size, BATCH);
    const leaves: Buffer[] = [];
    for (const row of batch) {
      if (row.idx !== state.size + leaves.length) {
        problems.push(`Leaf ${state.size + leaves.length} is missing`);
        return { leaves: state.size, checkpoints: signed.seen(), records: 0, problems };
      }
      const hash = leafHashOf(row);
      if (!hash.equals(row.leaf_hash as Buffer))
        problems.push(
          `Leaf ${row.idx} (${row.record_type} ${row.record_id} v${row.version}): its entry no longer hashes to it`,
        );
      leaves.push(hash);
    }
    // Grow the tree leaf batch by leaf batch, stopping at each checkpoint's size to compare roots.
    let taken = 0;
    while (taken < leaves.length) {
      const at = await signed.peek();
      const room = leaves.length - taken;
      const stop = at && at.tree_size - state.size <= room ? Math.max(at.tree_size - state.size, 0) : room;
      if (stop > 0) {
        state = append(state.size, state.frontier, leaves.slice(taken, taken + stop));
        taken += stop;
      }
      if (at && at.tree_size <= state.size) {
        await check(at);
        signed.shift();
      }
    }
    if (batch.length < BATCH) break;
  }

  for (let c = await signed.peek(); c; signed.shift(), c = await signed.peek()) {
    if (c.tree_size === state.size) await check(c);
    else problems.push(`Checkpoint ${c.tree_size}: the log holds only ${state.size} leaves`);
  }
  const stranded = await repo.strandedEntries(db);
  if (stranded > 0) problems.push(`${stranded} entries are neither in the tree nor queued for it`);
  const drifted = await repo.driftedRecords(db);
  for (const d of drifted)
    problems.push(
      `${d.record_type} ${d.record_id}: changed since version ${d.version} was logged, without a new entry`,
    );
  return { leaves: state.size, checkpoints: signed.seen(), records: await repo.loggedRecords(db), problems };
}

/** The checkpoints, smallest tree first, read a batch at a time (a busy log signs one every second). */
function checkpointsInOrder(db: Db) {
  let buffer: repo.CheckpointRow[] = [];
  let after = -1;
  let done = false;
  let seen = 0;
  return {
    async peek(): Promise<repo.CheckpointRow | undefined> {
      if (buffer.length === 0 && !done) {
        buffer = await repo.checkpointsAfter(db, after, BATCH);
        done = buffer.length < BATCH;
        after = buffer.at(-1)?.tree_size ?? after;
      }
      return buffer[0];
    },
    shift() {
      buffer.shift();
      seen++;
    },
    seen: () => seen,
  };
}
