import { createHash } from 'node:crypto';
import type { LogEntryFields } from '@plastrace/shared';
import { canonicalize, entryLeafData } from '@plastrace/verify';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { repeat } from '../../lib/repeat.ts';
import { auditLog } from './audit.ts';
import * as repo from './log.repo.ts';
import type { LogSigner } from './signer.ts';
import { append, frontierOf, hashLeaf, rootOfFrontier } from './tree.ts';

// The sequencer: takes the entries the postings queued, makes them leaves of the tree in the order they
// were logged, stores the complete subtrees they finish, and signs a checkpoint of the new tree — all in
// one transaction, under an advisory lock, so instances take turns and a crash leaves nothing half done.

/** An entry as its leaf holds it (the snapshot only by its digest). */
export function entryFields(e: repo.EntryRow): LogEntryFields {
  return {
    organization: e.organization_id,
    type: e.record_type,
    id: e.record_id,
    version: e.version,
    event: e.event,
    logged_at: e.logged_at,
    snapshot_sha256: createHash('sha256').update(canonicalize(e.snapshot)).digest('base64'),
  };
}

export const leafHashOf = (e: repo.EntryRow) => hashLeaf(entryLeafData(entryFields(e)));

/** Integrates up to `max` queued entries; answers the new size, or null when there was nothing to do. */
export async function integrate(db: Db, signer: LogSigner, max = 10_000) {
  return db.transaction(async (tx) => {
    if (!(await repo.trySequencerLock(tx))) return null;
    const entries = await repo.takePending(tx, max);
    if (entries.length === 0) return null;
    const size = (await repo.latestCheckpoint(tx))?.tree_size ?? 0;
    const frontier = await repo.hashesOf(tx, frontierOf(size));
    const leaves = entries.map(leafHashOf);
    const next = append(size, frontier, leaves);
    await repo.insertLeaves(
      tx,
      size,
      entries.map((e) => e.id),
      leaves,
    );
    await repo.insertNodes(tx, next.made);
    const root = rootOfFrontier(next.frontier);
    await repo.insertCheckpoint(tx, next.size, root, signer.checkpoint(next.size, root));
    return { size: next.size, added: entries.length };
  });
}

/**
 * Runs the sequencer every `everyMs` until stopped: a posting is in a signed checkpoint within a second,
 * and a busy log signs at most two a second (each is kept). A failed round is logged and the next one
 * tries again. Answers the stop function.
 */
export function startSequencer(db: Db, signer: LogSigner, log: FastifyBaseLogger, everyMs = 500) {
  return repeat(
    async (stopping) => {
      // A full round means more is queued: go again at once.
      while (!stopping() && (await integrate(db, signer))?.added === 10_000) {}
    },
    log,
    'the record log sequencer failed a round; retrying',
    everyMs,
  );
}

const DAY_MS = 24 * 3_600_000;

/**
 * The daily audit (audit.ts) in the app: what it finds is logged as an error, for whoever watches the
 * logs; `npm run log:audit` runs the same on demand. Answers the stop function.
 */
export function startDailyAudit(db: Db, signer: LogSigner, log: FastifyBaseLogger, everyMs = DAY_MS) {
  const timer = setInterval(() => {
    auditLog(db, signer.vkey).then(
      (report) => {
        if (report.problems.length === 0)
          log.info({ leaves: report.leaves }, 'record log audit: no problems');
        else log.error({ problems: report.problems }, `record log audit: ${report.problems.length} problems`);
      },
      (err) => log.warn({ err }, 'record log audit failed'),
    );
  }, everyMs);
  timer.unref();
  return async () => clearInterval(timer);
}
