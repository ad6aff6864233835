import {
  BUNDLE_FORMAT,
  COMPACT_BUNDLE_MEDIA_TYPE,
  canonicalize,
  checkpointBody,
  decodeCompactBundle,
  encodeCompactBundle,
  encodeProof,
  entryLeafHash,
  isCompactBundle,
  type LogBundle,
  type LogEntry,
  rootFromInclusionProof,
  snapshotDigest,
  verifyBundle,
} from '@plastrace/verify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeLog,
  makeSigner,
  ORGANIZATION,
  ORIGIN,
  recordId,
  signNote,
  type TestSigner,
} from './test/log.ts';

let log: TestSigner;
let witness: TestSigner;
let tree: Awaited<ReturnType<typeof makeLog>>;
let cosigned: Awaited<ReturnType<typeof makeLog>>;

beforeAll(async () => {
  log = await makeSigner();
  witness = await makeSigner('witness.example/w1');
  tree = await makeLog(7, log);
  cosigned = await makeLog(7, log, witness);
});

const utf8 = (text: string) => new TextEncoder().encode(text);
const jsonBytes = (value: unknown) => utf8(JSON.stringify(value)).length;
/** The bytes of a varint holding n (n < 2^21 here). */
const varintLength = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);
/** A compact bundle's bytes beside its snapshot: all but the snapshot's JSON and its length. */
function besideSnapshot(bytes: Uint8Array, snapshot: unknown) {
  const json = utf8(canonicalize(snapshot)).length;
  return bytes.length - json - varintLength(json);
}

describe('the compact bundle', () => {
  it('decodes to the very bundle it encodes, for every leaf, and verifies', async () => {
    for (let index = 0; index < 7; index++) {
      const bundle: LogBundle = JSON.parse(JSON.stringify(await tree.bundleFor(index)));
      const bytes = encodeCompactBundle(bundle);
      expect(isCompactBundle(bytes)).toBe(true);
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('PTLB\x01');
      const decoded = await decodeCompactBundle(bytes);
      expect(decoded).toEqual(bundle);
      // Equal as values; the snapshot's members come back in canonical order, as they are hashed.
      expect(canonicalize(decoded)).toBe(canonicalize(bundle));
      // One encoding per bundle: what decodes encodes back to the same bytes.
      expect(encodeCompactBundle(decoded)).toEqual(bytes);

      const result = await verifyBundle(bytes, log.vkey);
      expect(result.ok, result.reason).toBe(true);
      expect(result.checks.map((c) => c.name)).toEqual([
        'format',
        'snapshot',
        'record',
        'leaf',
        'signature',
        'size',
        'inclusion',
      ]);
      expect(result).toMatchObject({ index, treeSize: 7, entry: tree.entries[index] });
    }
  });

  it('says in the format check which form it read', async () => {
    const bundle = await tree.bundleFor(3);
    const bytes = encodeCompactBundle(bundle);
    const compact = await verifyBundle(bytes, log.vkey);
    expect(compact.checks[0]?.detail).toBe(
      `${BUNDLE_FORMAT} in compact form (${bytes.length} bytes): receive_record ${bundle.entry.id} version 2 posted`,
    );
    expect(compact.checks[1]?.detail).toMatch(/computed into the entry \(the compact form leaves it out\)$/);
    const json = await verifyBundle(bundle, log.vkey);
    expect(json.checks[0]?.detail).toMatch(new RegExp(`^${BUNDLE_FORMAT}: receive_record`));
    expect(COMPACT_BUNDLE_MEDIA_TYPE).toBe('application/vnd.plastrace.log-bundle');
  });

  it('carries a cosigned checkpoint, the witness named in full', async () => {
    const bundle = await cosigned.bundleFor(5);
    const bytes = encodeCompactBundle(bundle);
    expect(await decodeCompactBundle(bytes)).toEqual(bundle);
    expect(bytes.length - encodeCompactBundle(await tree.bundleFor(5)).length).toBe(
      1 + 'witness.example/w1'.length + 4 + 1 + 64,
    );
    for (const signer of [log, witness]) {
      const result = await verifyBundle(bytes, signer.vkey);
      expect(result.ok, result.reason).toBe(true);
      expect(result.checks[4]?.detail).toMatch(/; 1 other signature not checked$/);
    }
  });

  it('is at most 1,000 bytes beside the snapshot at 10,000,000 leaves, where JSON is not', async () => {
    // 24 proof hashes, a long origin, long type and event names: the worst case the requirement names.
    const origin = 'plastrace.example.ph/plastrace-log';
    const signer = await makeSigner(origin);
    const size = 10_000_000;
    const index = 1_234_567;
    const snapshot = {
      type: 'production_record',
      id: recordId(index),
      number: 'PR-2026-01234',
      status: 'delivered',
      outputs: [{ material: 'PET flakes', net_kg: '980.250' }],
      delivered_at: '2026-11-26T05:00:00.123Z',
    };
    const entry: LogEntry = {
      organization: ORGANIZATION,
      type: 'production_record',
      id: recordId(index),
      version: 999,
      event: 'delivered',
      logged_at: '2026-11-26T05:00:00.123Z',
      snapshot_sha256: await snapshotDigest(snapshot),
    };
    const proof = Array.from({ length: 24 }, (_, i) => new Uint8Array(32).fill(i + 1));
    const root = await rootFromInclusionProof(await entryLeafHash(entry), index, size, proof);
    const bundle: LogBundle = {
      format: BUNDLE_FORMAT,
      entry,
      snapshot,
      index,
      tree_size: size,
      inclusion_proof: encodeProof(proof),
      checkpoint: signNote(checkpointBody(origin, size, root), signer),
    };
    expect((await verifyBundle(bundle, signer.vkey)).ok).toBe(true);
    const bytes = encodeCompactBundle(bundle);
    expect((await verifyBundle(bytes, signer.vkey)).ok).toBe(true);

    // 5 magic and version, 32 UUIDs, 18 + 10 type and event, 2 + 6 version and time, 3 + 4 index and
    // size, 35 origin, 1 + 70 one signature, 1 + 768 proof: 955.
    const compact = besideSnapshot(bytes, snapshot);
    expect(compact).toBe(955);
    expect(compact).toBeLessThanOrEqual(1000);
    // The JSON form of the same bundle is 1,646 bytes beside its snapshot: base64, member names, quotes.
    const json = jsonBytes(bundle) - jsonBytes(snapshot);
    expect(json).toBe(1646);
    expect(json).toBeGreaterThan(1000);
  });

  it('carries the extremes: years 0000 to 9999, numbers up to 2^53 − 1', async () => {
    const size = Number.MAX_SAFE_INTEGER;
    const index = size - 1;
    // The last leaf of a tree of 2^53 − 1 leaves: one proof hash per 1 bit of the index, 52 of them.
    const proof = Array.from({ length: 52 }, (_, i) => new Uint8Array(32).fill(i));
    for (const logged_at of [
      '0000-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.999Z',
      '9999-12-31T23:59:59.999Z',
    ]) {
      const base = await tree.bundleFor(0);
      const entry = { ...base.entry, logged_at, version: Number.MAX_SAFE_INTEGER };
      const root = await rootFromInclusionProof(await entryLeafHash(entry), index, size, proof);
      const bundle: LogBundle = {
        ...base,
        entry,
        index,
        tree_size: size,
        inclusion_proof: encodeProof(proof),
        checkpoint: signNote(checkpointBody(ORIGIN, size, root), log),
      };
      const bytes = encodeCompactBundle(bundle);
      expect(await decodeCompactBundle(bytes)).toEqual(bundle);
      expect((await verifyBundle(bytes, log.vkey)).ok).toBe(true);
    }
  });

  it('refuses to encode what it cannot carry, saying what', async () => {
    const bundle = await tree.bundleFor(3);
    const refusal =
      (change: Partial<LogBundle>, entry: Partial<LogEntry> = {}) =>
      () =>
        encodeCompactBundle({ ...bundle, ...change, entry: { ...bundle.entry, ...entry } });
    const prefix = 'the bundle cannot be put in compact form: ';
    expect(refusal({}, { version: -1 })).toThrow(`${prefix}entry.version must be a whole number, not -1`);
    expect(refusal({}, { logged_at: '2026-02-30T00:00:00.000Z' })).toThrow(
      `${prefix}entry.logged_at must be`,
    );
    expect(refusal({ tree_size: 8 })).toThrow(`${prefix}the checkpoint is for 7 leaves but tree_size is 8`);
    const extended = signNote(`${checkpointBody(ORIGIN, 7, tree.root)}ext\n`, log);
    expect(refusal({ checkpoint: extended })).toThrow(`${prefix}the checkpoint has extension lines`);
    const long = 'o'.repeat(256);
    const longSigner = await makeSigner(long);
    const longNote = signNote(checkpointBody(long, 7, tree.root), longSigner);
    expect(refusal({ checkpoint: longNote })).toThrow(`${prefix}the origin is 256 bytes of UTF-8, above 255`);
    expect(() => encodeCompactBundle('{}' as unknown as LogBundle)).toThrow(
      `${prefix}the bundle is not a JSON object`,
    );
  });

  it('encodes a snapshot that is not the logged one, which then fails at the signature', async () => {
    const bundle = await tree.bundleFor(3);
    const other = { ...bundle, snapshot: { ...bundle.snapshot, status: 'voided' } };
    const bytes = encodeCompactBundle(other);
    // The decoded entry logs the new snapshot's digest: another leaf, another root, another body.
    const decoded = await decodeCompactBundle(bytes);
    expect(decoded.entry.snapshot_sha256).toBe(await snapshotDigest(other.snapshot));
    const result = await verifyBundle(bytes, log.vkey);
    expect(result.checks.at(-1)?.name).toBe('signature');
    expect(result.reason).toMatch(/^the checkpoint has a signature by .* that does not verify/);
    expect(result.reason).toMatch(/computed from the entry, the snapshot and the proof/);
  });
});
