import assert from 'node:assert/strict';
import { canonicalize, encodeCompactBundle, verifyInclusion } from '@plastrace/verify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import * as repo from '../../apps/server/src/modules/log/log.repo.ts';
import { bundle, inclusionProof } from '../../apps/server/src/modules/log/log.service.ts';
import { integrate } from '../../apps/server/src/modules/log/sequencer.ts';
import { generateSigner } from '../../apps/server/src/modules/log/signer.ts';
import { frontierOf, rootOfFrontier } from '../../apps/server/src/modules/log/tree.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';
import { cpuBetween, sampleCpu } from '../lib/cpu.ts';
import type { Measurement } from '../lib/load.ts';
import type { BenchContext, Scenario } from '../lib/scenario.ts';
import { measurement } from '../lib/stats.ts';
import { timeRuns } from '../lib/timing.ts';

// The record log: an inclusion proof at a large tree, and the sequencer's rate. The tree is made of
// synthetic leaves (hashes of their index) written by SQL with every complete subtree, as the sequencer
// would have stored them; these rows run first, on an empty log, so later rows append to it.

const { signer } = generateSigner('bench/plastrace-log');
const ROUND = 5_000;
let tree: Promise<{ size: number; root: string }> | undefined;

async function buildTree(ctx: BenchContext) {
  const db = ctx.db.database.db;
  const existing = (await repo.latestCheckpoint(db))?.tree_size ?? 0;
  const size = ctx.query.logLeaves;
  if (existing === 0) {
    ctx.log(`generating ${size.toLocaleString('en-US')} record-log leaves and their subtrees…`);
    const org = await organization(ctx);
    await db.execute(sql`
      INSERT INTO log_entries (id, organization_id, record_type, record_id, version, event, snapshot, logged_at)
      SELECT md5(i::text)::uuid, ${org}, 'lot', md5((-i)::text)::uuid, 1, 'created', '{}'::jsonb, now()
      FROM generate_series(0, ${size} - 1) AS i`);
    await db.execute(sql`
      INSERT INTO log_leaves (idx, entry_id, leaf_hash)
      SELECT i, md5(i::text)::uuid, sha256(int8send(i)) FROM generate_series(0, ${size} - 1) AS i`);
    let below = size;
    for (let level = 1; 2 ** level <= size; level++) {
      below = Math.floor(below / 2);
      const children =
        level === 1
          ? sql`SELECT idx, leaf_hash AS hash FROM log_leaves`
          : sql`SELECT idx, hash FROM log_nodes WHERE level = ${level - 1}`;
      await db.execute(sql`
        INSERT INTO log_nodes (level, idx, hash)
        SELECT ${level}, l.idx / 2, sha256('\\x01'::bytea || l.hash || r.hash)
        FROM (${children}) l JOIN (${children}) r ON r.idx = l.idx + 1
        WHERE l.idx % 2 = 0 AND l.idx / 2 < ${below}`);
    }
    await db.execute(sql`ANALYZE log_leaves`);
    await db.execute(sql`ANALYZE log_nodes`);
    const root = rootOfFrontier(await repo.hashesOf(db, frontierOf(size)));
    await db.execute(
      sql`INSERT INTO log_checkpoints (tree_size, root_hash, note) VALUES (${size}, ${root}, ${signer.checkpoint(size, root)})`,
    );
  }
  const head = await repo.latestCheckpoint(db);
  assert.ok(head);
  return { size: head.tree_size, root: head.root_hash.toString('base64') };
}
const logTree = (ctx: BenchContext) => {
  tree ??= buildTree(ctx);
  return tree;
};

// Leaves spread over the tree, so the runs do not all read the same cached pages.
const spread = (size: number, run: number) => (run * 2_654_435_761) % size;

const proof: Scenario = {
  id: 'log-proof',
  name: 'record log: inclusion proof of a leaf',
  unit: 'proof',
  baseline: 'log-leaf',
  run: async (ctx) => {
    const { size, root } = await logTree(ctx);
    const db = ctx.db.database.db;
    const one = await inclusionProof(db, 12_345 % size);
    const [leaf] = await repo.leafHashes(db, 12_345 % size, (12_345 % size) + 1);
    assert.deepEqual(
      await verifyInclusion(leaf?.leafHash ?? new Uint8Array(), one.index, size, one.proof, root),
      {
        ok: true,
      },
    );
    bundleSizes = await measureBundle(db);
    let run = 0;
    return timeRuns(
      () => inclusionProof(db, spread(size, ++run), size),
      ctx.query.runs * 100,
      ctx.db.postmasterPid,
    );
  },
  note: () =>
    `log-proof: the service behind GET /api/log/proofs/inclusion (the latest checkpoint, the ~2 log n complete subtrees the proof needs in one query, combined in Node), one call after another for leaves spread over a tree of ${tree ? 'the generated' : 'generated'} synthetic leaves (see --log-leaves); checked once with the verify package. Baseline: one leaf's hash by its index (a primary-key lookup). ${bundleSizes ? `The bundle of leaf 0 (a proof of ${bundleSizes.hashes} hashes, the longest at this size) is ${bundleSizes.json} bytes beside its snapshot as JSON and ${bundleSizes.compact} bytes in compact form (GET /api/log/records/{id}?form=compact); issue target ≤ 1 KB.` : ''}`,
};

let bundleSizes: { hashes: number; json: number; compact: number } | undefined;
/** What GET /api/log/records/{id} answers for the first leaf, whose proof is the longest of the tree. */
async function measureBundle(db: Db) {
  const [first] = await db
    .execute<{ record_id: string }>(
      sql`SELECT e.record_id FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id WHERE l.idx = 0`,
    )
    .then((r) => r.rows);
  assert.ok(first);
  const b = await bundle(db, undefined, first.record_id);
  const bytes = (text: string) => Buffer.byteLength(text);
  const snapshot = bytes(canonicalize(b.snapshot));
  const compact = encodeCompactBundle(b).length;
  // The compact form ends with the snapshot after its varint length.
  const varint = snapshot < 128 ? 1 : snapshot < 16_384 ? 2 : 3;
  return {
    hashes: Buffer.from(b.inclusion_proof, 'base64').length / 32,
    json: bytes(JSON.stringify(b)) - bytes(JSON.stringify(b.snapshot)),
    compact: compact - snapshot - varint,
  };
}

const leafLookup: Scenario = {
  id: 'log-leaf',
  name: 'pg SELECT leaf_hash … WHERE idx = $1',
  unit: 'lookup',
  run: async (ctx) => {
    const { size } = await logTree(ctx);
    const pool = ctx.db.database.pool;
    let run = 0;
    return timeRuns(
      () => pool.query('SELECT leaf_hash FROM log_leaves WHERE idx = $1', [spread(size, ++run)]),
      ctx.query.runs * 100,
      ctx.db.postmasterPid,
    );
  },
};

let org: Promise<string> | undefined;
/** The organization the entries belong to (a small demo one, made once). */
function organization(ctx: BenchContext) {
  org ??= seedDemo(ctx.db.database.db, { seed: 3, slug: 'bench-log' }).then((r) => r.organizationId);
  return org;
}

/** Queues ROUND entries, each with a snapshot the size and shape of a posted lot's. */
async function queue(ctx: BenchContext) {
  const orgId = await organization(ctx);
  await ctx.db.database.db.execute(sql`
    WITH e AS (
      INSERT INTO log_entries (id, organization_id, record_type, record_id, version, event, snapshot, logged_at)
      SELECT gen_random_uuid(), ${orgId}::uuid, 'lot', r.id, 1, 'created',
             jsonb_build_object('type', 'lot', 'id', r.id, 'code', 'MNL1-261120-' || lpad(i::text, 4, '0'),
               'organization_id', ${orgId}::uuid, 'material_id', gen_random_uuid(), 'facility_id', gen_random_uuid(),
               'created_at', '2026-11-20T01:00:00.000Z',
               'origin', jsonb_build_object('type', 'receive_record', 'id', gen_random_uuid(), 'number', 'RR-2026-000001'),
               'initial_kg', '1250.500',
               'labels', jsonb_build_object('organization', 'Malinis Plastics Recovery Inc.',
                 'facility', 'MNL1 · Valenzuela Recycling Plant', 'material', 'PET_BOTTLES_CLEAR · PET clear bottles')),
             date_trunc('milliseconds', clock_timestamp())
      FROM generate_series(1, ${ROUND}) AS i, LATERAL (SELECT gen_random_uuid() AS id) r
      RETURNING id)
    INSERT INTO log_pending (entry_id) SELECT id FROM e`);
}

async function rounds(ctx: BenchContext, fn: () => Promise<unknown>): Promise<Measurement> {
  await logTree(ctx);
  await queue(ctx);
  await fn(); // untimed: plans, JIT
  const latencies: number[] = [];
  const runs = Math.max(3, ctx.query.runs);
  const cpu = { nodeMs: 0, pgMs: 0, loadMs: 0 };
  for (let i = 0; i < runs; i++) {
    await queue(ctx);
    // Only the round is timed and counted, not the queueing before it.
    const before = sampleCpu(ctx.db.postmasterPid);
    const t = performance.now();
    await fn();
    latencies.push(performance.now() - t);
    const used = cpuBetween(before, sampleCpu(ctx.db.postmasterPid), false);
    cpu.nodeMs += used.nodeMs;
    cpu.pgMs += used.pgMs;
  }
  const elapsed = latencies.reduce((a, b) => a + b, 0);
  return { ...measurement(latencies, elapsed, runs * ROUND), cpu };
}

const sequencer: Scenario = {
  id: 'log-sequencer',
  name: `record log: sequencer, rounds of ${ROUND.toLocaleString('en-US')} queued entries`,
  unit: 'entry',
  baseline: 'log-copy',
  run: (ctx) =>
    rounds(ctx, async () => {
      const done = await integrate(ctx.db.database.db, signer, ROUND);
      assert.equal(done?.added, ROUND);
    }),
  note: 'log-sequencer: integrate() as the app runs it every 500 ms — take the queued entries, canonical JSON and leaf hashes in Node, leaves, new complete subtrees and a signed checkpoint in one transaction; p50/p99 are per round. Entries are queued (untimed) with a real lot snapshot. Baseline: the same number of leaf-sized rows (an index and a 32-byte hash) inserted from the queue into a scratch table in one statement.',
};

const copy: Scenario = {
  id: 'log-copy',
  name: 'pg INSERT … SELECT queued rows into a scratch table',
  unit: 'entry',
  run: async (ctx) => {
    await ctx.db.database.pool.query(
      'CREATE UNLOGGED TABLE IF NOT EXISTS bench_log_copy (idx bigint, hash bytea)',
    );
    return rounds(ctx, () =>
      ctx.db.database.pool.query(`WITH taken AS (DELETE FROM log_pending RETURNING entry_id)
        INSERT INTO bench_log_copy SELECT row_number() OVER (), sha256(uuid_send(entry_id)) FROM taken`),
    );
  },
};

export const recordLogScenarios = [proof, leafLookup, sequencer, copy];
