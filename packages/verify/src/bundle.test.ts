import {
  BUNDLE_FORMAT,
  checkpointBody,
  decodeProof,
  encodeProof,
  entryLeafHash,
  type LogBundle,
  rootFromInclusionProof,
  snapshotDigest,
  toBase64,
  verifyBundle,
} from '@plastrace/verify';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryOf, makeLog, makeSigner, ORIGIN, signNote, snapshotOf, type TestSigner } from './test/log.ts';

let log: TestSigner;
let witness: TestSigner;
let tree: Awaited<ReturnType<typeof makeLog>>;

beforeAll(async () => {
  log = await makeSigner();
  witness = await makeSigner('witness.example/w1');
  tree = await makeLog(7, log, witness);
});

/** A bundle as a test spoils it: any member may hold anything. */
type Spoilable = Record<keyof LogBundle, unknown> & {
  entry: Record<string, unknown>;
  snapshot: Record<string, unknown>;
};

/** The bundle of leaf 3 with a change applied to a copy of it. */
async function bundleWith(change: (bundle: Spoilable) => void): Promise<Spoilable> {
  const bundle = structuredClone(await tree.bundleFor(3)) as unknown as Spoilable;
  change(bundle);
  return bundle;
}

async function failure(bundle: unknown, vkey = log.vkey) {
  const result = await verifyBundle(bundle, vkey);
  expect(result.ok).toBe(false);
  const last = result.checks.at(-1);
  expect(last?.ok).toBe(false);
  expect(result.checks.slice(0, -1).every((c) => c.ok)).toBe(true);
  return { check: last?.name, reason: result.reason };
}

describe('verifyBundle', () => {
  it('verifies every record of the log, check by check', async () => {
    for (let index = 0; index < 7; index++) {
      const bundle = JSON.parse(JSON.stringify(await tree.bundleFor(index)));
      const result = await verifyBundle(bundle, log.vkey);
      expect(result.ok, result.reason).toBe(true);
      expect(result.checks.map((c) => [c.name, c.ok])).toEqual([
        ['format', true],
        ['snapshot', true],
        ['record', true],
        ['leaf', true],
        ['signature', true],
        ['size', true],
        ['inclusion', true],
      ]);
      expect(result.leafHash).toBe(toBase64(tree.leaves[index] as Uint8Array));
      expect(result).toMatchObject({ treeSize: 7, index, origin: ORIGIN, entry: tree.entries[index] });
    }
  });

  it('says what it checked in plain words', async () => {
    const result = await verifyBundle(await tree.bundleFor(3), log.vkey);
    const details = Object.fromEntries(result.checks.map((c) => [c.name, c.detail]));
    expect(details).toMatchObject({
      format: `${BUNDLE_FORMAT}: receive_record ${tree.entries[3]?.id} version 2 posted`,
      record: "the snapshot's type and id match the entry's",
      signature: `the checkpoint of ${ORIGIN} is signed by ${ORIGIN} (${log.keyId}); 1 other signature not checked`,
      size: 'the checkpoint is for 7 leaves, as the proof',
    });
    expect(details.inclusion).toMatch(/^leaf 3 of 7 leads to the checkpoint's root /);
  });

  it('accepts a witness key as well as the log key', async () => {
    expect((await verifyBundle(await tree.bundleFor(0), witness.vkey)).ok).toBe(true);
  });

  it('fails the format check on anything but a v1 bundle', async () => {
    expect(await failure('{"format":1}')).toEqual({
      check: 'format',
      reason: 'the bundle is not a JSON object',
    });
    const formats: [(b: Spoilable) => void, string][] = [
      [
        (b) => (b.format = 'plastrace-log-bundle/v2'),
        `the bundle's format is "plastrace-log-bundle/v2", not ${BUNDLE_FORMAT}`,
      ],
      [(b) => delete b.entry.version, 'entry.version must be a whole number, not missing'],
      [(b) => (b.snapshot = [1] as unknown as Record<string, unknown>), 'the snapshot is not a JSON object'],
      [(b) => (b.index = '3'), 'index must be a whole number from 0 to 2^53 − 1, not 3'],
      [(b) => (b.tree_size = -7), 'tree_size must be a whole number from 0 to 2^53 − 1, not -7'],
      [(b) => (b.inclusion_proof = 'AAAA'), 'the inclusion proof is not a whole number of 32-byte hashes'],
      [(b) => (b.inclusion_proof = null), 'inclusion_proof is not text'],
      [(b) => (b.checkpoint = undefined), 'checkpoint is not text'],
    ];
    for (const [change, reason] of formats) {
      expect(await failure(await bundleWith(change)), reason).toEqual({ check: 'format', reason });
    }
  });

  it('fails the snapshot check on a snapshot that is not the logged one', async () => {
    const { check, reason } = await failure(await bundleWith((b) => (b.snapshot.status = 'voided')));
    expect(check).toBe('snapshot');
    expect(reason).toMatch(
      /^the snapshot's SHA-256 is \S+ but the entry logged \S+: this is not the logged snapshot$/,
    );
  });

  it('fails the snapshot check, never throws, on a snapshot nested deeper than the stack', async () => {
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 100_000; i++) {
      const next = {};
      at.a = next;
      at = next;
    }
    expect(await failure(await bundleWith((b) => (b.snapshot = deep)))).toEqual({
      check: 'snapshot',
      reason: 'the snapshot has no canonical JSON: the value is nested too deeply to write',
    });
  });

  it('fails the record check on a snapshot of another record, whatever its digest', async () => {
    // Another record's snapshot, logged under this entry's digest: the digest matches, the names do not.
    const other = snapshotOf(4);
    const swapped = await bundleWith((b) => {
      b.snapshot = other;
    });
    swapped.entry.snapshot_sha256 = (await entryOf(4)).snapshot_sha256;
    expect(await failure(swapped)).toEqual({
      check: 'record',
      reason: `the snapshot is of record ${other.id} but the entry logs ${swapped.entry.id}`,
    });
    const typed = await bundleWith((b) => {
      b.snapshot.type = 'lot';
    });
    typed.entry.snapshot_sha256 = await snapshotDigest(typed.snapshot);
    expect(await failure(typed)).toEqual({
      check: 'record',
      reason: 'the snapshot is of a lot but the entry logs a receive_record',
    });
  });

  it('fails the signature check on an altered checkpoint or another key', async () => {
    const altered = await bundleWith((b) => (b.checkpoint = String(b.checkpoint).replace('\n7\n', '\n8\n')));
    expect((await failure(altered)).check).toBe('signature');
    const stranger = await makeSigner('someone.example/log');
    expect(await failure(await tree.bundleFor(3), stranger.vkey)).toEqual({
      check: 'signature',
      reason:
        `the checkpoint is not signed by someone.example/log (${stranger.keyId}), ` +
        `only by ${ORIGIN} (${log.keyId}), witness.example/w1 (${witness.keyId})`,
    });
    expect(await failure(await tree.bundleFor(3), 'garbage')).toEqual({
      check: 'signature',
      reason: 'the verifier key is malformed: a verifier key reads <name>+<key ID>+<key>',
    });
  });

  it('fails the size check when the proof is for another tree size than the checkpoint', async () => {
    expect(await failure(await bundleWith((b) => (b.tree_size = 8)))).toEqual({
      check: 'size',
      reason: 'the checkpoint is for 7 leaves but the proof is for 8',
    });
  });

  it('fails the inclusion check on a leaf the proof does not lead from', async () => {
    const moved = await failure(await bundleWith((b) => (b.index = 2)));
    expect(moved.check).toBe('inclusion');
    expect(moved.reason).toMatch(/^this is not leaf 2 of the tree with that root/);
    expect(await failure(await bundleWith((b) => (b.index = 7)))).toEqual({
      check: 'inclusion',
      reason: 'leaf 7 is beyond a tree of 7 leaves',
    });
    const shortened = await bundleWith(
      (b) => (b.inclusion_proof = encodeProof(decodeProof(String(b.inclusion_proof)).slice(1))),
    );
    expect(await failure(shortened)).toEqual({
      check: 'inclusion',
      reason: 'the proof has 2 hashes; leaf 3 of a tree of 7 needs 3 hashes',
    });
    // Another version of the record with its own snapshot, given the proof of leaf 3.
    const impostor = await bundleWith((b) => {
      b.entry.version = 3;
    });
    expect((await failure(impostor)).check).toBe('inclusion');
  });

  it('encodes a proof as base64 of its hashes one after another', () => {
    const hashes = [new Uint8Array(32).fill(1), new Uint8Array(32).fill(2)];
    expect(decodeProof(encodeProof(hashes))).toEqual(hashes);
    expect(encodeProof([])).toBe('');
    expect(decodeProof('')).toEqual([]);
    expect(() => decodeProof('AAAA')).toThrow('not a whole number of 32-byte hashes');
    expect(() => decodeProof('!!!!')).toThrow('not base64');
  });

  it('is about 1.6 KB beside the snapshot at 10,000,000 leaves in JSON (the compact form is under 1 KB)', async () => {
    // A proof at 10 M leaves has 24 hashes. Random sibling hashes give a real, verifiable bundle:
    // the root is wherever they lead, and the log key signs that.
    const size = 10_000_000;
    const index = 1_234_567;
    const proof = Array.from({ length: 24 }, (_, i) => new Uint8Array(32).fill(i + 1));
    const entry = await entryOf(index);
    const root = await rootFromInclusionProof(await entryLeafHash(entry), index, size, proof);
    const bundle: LogBundle = {
      format: BUNDLE_FORMAT,
      entry,
      snapshot: snapshotOf(index),
      index,
      tree_size: size,
      inclusion_proof: encodeProof(proof),
      checkpoint: signNote(checkpointBody(ORIGIN, size, root), log),
    };
    expect((await verifyBundle(bundle, log.vkey)).ok).toBe(true);
    const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
    const beside = bytes(bundle) - bytes(bundle.snapshot);
    expect(bundle.inclusion_proof).toHaveLength(1024);
    // 1,628 bytes: proof 1,026, entry 256, checkpoint 219 (with this 29-character origin), the rest
    // member names and format (see README).
    expect(bytes(bundle.inclusion_proof)).toBe(1026);
    expect(beside).toBeLessThan(1700);
  });
});
