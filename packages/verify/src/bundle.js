import { fromBase64, toBase64 } from './base64.js';
import { concatBytes } from './bytes.js';
import { verifyCheckpoint } from './checkpoint.js';
import { checkEntry, entryLeafHash, snapshotDigest } from './entry.js';
import { show, VerifyError } from './errors.js';
import { toHash } from './hash.js';
import { checkCount, verifyInclusion } from './merkle.js';
import { parseVerifierKey } from './note.js';

/** @typedef {import('../index.js').LogBundle} LogBundle */
/** @typedef {import('../index.js').BundleCheck} BundleCheck */
/** @typedef {import('../index.js').BundleResult} BundleResult */

export const BUNDLE_FORMAT = 'plastrace-log-bundle/v1';

/**
 * The bundle's form of a proof: the base64 of its 32-byte hashes one after another.
 * @param {ReadonlyArray<Uint8Array | string>} hashes
 */
export function encodeProof(hashes) {
  return toBase64(concatBytes(...hashes.map((h, i) => toHash(h, `proof hash ${i + 1}`))));
}

/**
 * @param {string} text the base64 of 32-byte hashes one after another
 * @returns {Uint8Array[]}
 */
export function decodeProof(text) {
  let bytes;
  try {
    bytes = fromBase64(text);
  } catch {
    throw new VerifyError('the inclusion proof is not base64');
  }
  if (bytes.length % 32 !== 0) {
    throw new VerifyError('the inclusion proof is not a whole number of 32-byte hashes');
  }
  return Array.from({ length: bytes.length / 32 }, (_, i) => bytes.slice(32 * i, 32 * i + 32));
}

/**
 * The bundle the server answers for a logged record.
 * @param {{ entry: import('../index.js').LogEntry, snapshot: Record<string, unknown>, index: number,
 *   treeSize: number, proof: ReadonlyArray<Uint8Array | string>, checkpoint: string }} parts
 * @returns {LogBundle}
 */
export function createBundle({ entry, snapshot, index, treeSize, proof, checkpoint }) {
  checkEntry(entry);
  checkCount(index, 'the leaf index');
  checkCount(treeSize, 'the tree size');
  return {
    format: BUNDLE_FORMAT,
    entry,
    snapshot,
    index,
    tree_size: treeSize,
    inclusion_proof: encodeProof(proof),
    checkpoint,
  };
}

/**
 * Checks a bundle against the log's verifier key, in order: its format; the snapshot's digest
 * against the entry; the snapshot's type and id against the entry's; the entry's leaf hash; the
 * checkpoint's signature; the checkpoint's size against tree_size; the leaf's inclusion under the
 * checkpoint's root. Stops at the first failure, which is the reason. Never throws.
 * @param {unknown} bundle a parsed bundle (JSON.parse of the answer)
 * @param {string | import('../index.js').VerifierKey} vkey
 * @returns {Promise<BundleResult>}
 */
export async function verifyBundle(bundle, vkey) {
  /** @type {BundleCheck[]} */
  const checks = [];
  /** @type {BundleResult} */
  const result = { ok: false, checks };
  const pass = (/** @type {BundleCheck['name']} */ name, /** @type {string} */ detail) => {
    checks.push({ name, ok: true, detail });
  };
  const fail = (/** @type {BundleCheck['name']} */ name, /** @type {string} */ detail) => {
    checks.push({ name, ok: false, detail });
    return { ...result, ok: false, reason: detail };
  };

  let parts;
  try {
    parts = readBundle(bundle);
  } catch (error) {
    return fail('format', messageOf(error));
  }
  const { entry, snapshot, index, treeSize, proof, checkpoint } = parts;
  result.entry = entry;
  result.index = index;
  result.treeSize = treeSize;
  pass('format', `${BUNDLE_FORMAT}: ${entry.type} ${entry.id} version ${entry.version} ${entry.event}`);

  let digest;
  try {
    digest = await snapshotDigest(snapshot);
  } catch (error) {
    return fail('snapshot', `the snapshot has no canonical JSON: ${messageOf(error)}`);
  }
  if (digest !== entry.snapshot_sha256) {
    return fail(
      'snapshot',
      `the snapshot's SHA-256 is ${digest} but the entry logged ${entry.snapshot_sha256}: this is not the logged snapshot`,
    );
  }
  pass('snapshot', `the canonical snapshot's SHA-256 is ${digest}, as logged`);

  if ('type' in snapshot && snapshot.type !== entry.type) {
    return fail('record', `the snapshot is of a ${String(snapshot.type)} but the entry logs a ${entry.type}`);
  }
  if ('id' in snapshot && snapshot.id !== entry.id) {
    return fail('record', `the snapshot is of record ${String(snapshot.id)} but the entry logs ${entry.id}`);
  }
  const named = ['type', 'id'].filter((field) => field in snapshot);
  pass(
    'record',
    named.length
      ? `the snapshot's ${named.join(' and ')} match the entry's`
      : 'the snapshot names no type or id of its own to compare',
  );

  const leaf = await entryLeafHash(entry);
  result.leafHash = toBase64(leaf);
  pass('leaf', `the entry's leaf hash is ${result.leafHash}`);

  let key;
  try {
    key = typeof vkey === 'string' ? await parseVerifierKey(vkey) : vkey;
  } catch (error) {
    return fail('signature', `the verifier key is malformed: ${messageOf(error)}`);
  }
  const signed = await verifyCheckpoint(checkpoint, key);
  if (!signed.ok) return fail('signature', signed.reason);
  const { origin, size, rootHash, signatures } = signed.checkpoint;
  result.origin = origin;
  const others = signatures.filter((s) => s.name !== key.name || s.keyId !== key.keyId).length;
  pass(
    'signature',
    `the checkpoint of ${origin} is signed by ${key.name} (${key.keyId})` +
      (others ? `; ${others} other signature${others === 1 ? '' : 's'} not checked` : ''),
  );

  if (size !== treeSize) {
    return fail('size', `the checkpoint is for ${size} leaves but the proof is for ${treeSize}`);
  }
  pass('size', `the checkpoint is for ${size} leaves, as the proof`);

  const included = await verifyInclusion(leaf, index, treeSize, proof, rootHash);
  if (!included.ok) return fail('inclusion', included.reason);
  pass('inclusion', `leaf ${index} of ${treeSize} leads to the checkpoint's root ${toBase64(rootHash)}`);
  return { ...result, ok: true };
}

/** @param {unknown} bundle */
function readBundle(bundle) {
  if (!isObject(bundle)) throw new VerifyError('the bundle is not a JSON object');
  const b = /** @type {Record<string, unknown>} */ (bundle);
  if (b.format !== BUNDLE_FORMAT) {
    throw new VerifyError(`the bundle's format is ${show(b.format)}, not ${BUNDLE_FORMAT}`);
  }
  const entry = checkEntry(b.entry);
  if (!isObject(b.snapshot)) throw new VerifyError('the snapshot is not a JSON object');
  const snapshot = /** @type {Record<string, unknown>} */ (b.snapshot);
  checkCount(b.index, 'index');
  checkCount(b.tree_size, 'tree_size');
  if (typeof b.inclusion_proof !== 'string') throw new VerifyError('inclusion_proof is not text');
  const proof = decodeProof(b.inclusion_proof);
  if (typeof b.checkpoint !== 'string') throw new VerifyError('checkpoint is not text');
  return { entry, snapshot, index: b.index, treeSize: b.tree_size, proof, checkpoint: b.checkpoint };
}

/** @param {unknown} value */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** @param {unknown} error */
function messageOf(error) {
  if (error instanceof VerifyError) return error.message;
  throw error;
}
