import { fromBase64, toBase64 } from './base64.js';
import { concatBytes } from './bytes.js';
import { checkEntry } from './entry.js';
import { show, VerifyError } from './errors.js';
import { toHash } from './hash.js';
import { checkCount } from './merkle.js';

// The bundle's members and their forms, shared by the JSON form (bundle.js) and the compact binary
// form (compact.js), which carries the same members.

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
 * @returns {import('../index.js').LogBundle}
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
 * The bundle's members, each checked; throws VerifyError naming the first that is wrong.
 * @param {unknown} bundle
 */
export function readBundle(bundle) {
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
