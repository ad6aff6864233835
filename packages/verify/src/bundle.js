import { toBase64 } from './base64.js';
import { BUNDLE_FORMAT, readBundle } from './bundle-parts.js';
import { parseCheckpoint, verifyCheckpoint } from './checkpoint.js';
import { decodeCompactBundle } from './compact.js';
import { entryLeafHash, snapshotDigest } from './entry.js';
import { VerifyError } from './errors.js';
import { verifyInclusion } from './merkle.js';
import { parseVerifierKey } from './note.js';

export { BUNDLE_FORMAT, createBundle, decodeProof, encodeProof } from './bundle-parts.js';

/** @typedef {import('../index.js').LogBundle} LogBundle */
/** @typedef {import('../index.js').BundleCheck} BundleCheck */
/** @typedef {import('../index.js').BundleResult} BundleResult */

/**
 * Checks a bundle against the log's verifier key, in order: its format; the snapshot's digest
 * against the entry; the snapshot's type and id against the entry's; the entry's leaf hash; the
 * checkpoint's signature; the checkpoint's size against tree_size; the leaf's inclusion under the
 * checkpoint's root. Stops at the first failure, which is the reason. Never throws. A compact bundle
 * (bytes) is decoded first, a failure to decode being the failed format check.
 * @param {unknown} bundle a parsed bundle (JSON.parse of the answer), or a compact bundle's bytes
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

  // In compact form the entry's snapshot digest and the checkpoint's root are computed, not carried:
  // the snapshot and inclusion checks then pass by construction, and the signature is what fails.
  const compact = bundle instanceof Uint8Array;
  let parts;
  try {
    parts = readBundle(compact ? await decodeCompactBundle(bundle) : bundle);
  } catch (error) {
    return fail('format', messageOf(error));
  }
  const { entry, snapshot, index, treeSize, proof, checkpoint } = parts;
  result.entry = entry;
  result.index = index;
  result.treeSize = treeSize;
  const form = compact ? `${BUNDLE_FORMAT} in compact form (${bundle.length} bytes)` : BUNDLE_FORMAT;
  pass('format', `${form}: ${entry.type} ${entry.id} version ${entry.version} ${entry.event}`);

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
  pass(
    'snapshot',
    compact
      ? `the canonical snapshot's SHA-256 is ${digest}, computed into the entry (the compact form leaves it out)`
      : `the canonical snapshot's SHA-256 is ${digest}, as logged`,
  );

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
  if (!signed.ok) {
    const signedByKey = compact && hasLineBy(checkpoint, key);
    return fail(
      'signature',
      signedByKey
        ? `${signed.reason} (in compact form the checkpoint's root is computed from the entry, ` +
            'the snapshot and the proof: a change to any of them shows here)'
        : signed.reason,
    );
  }
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

/**
 * Whether the note has a signature line with the key's name and ID (it is then that line which does
 * not verify).
 * @param {string} note
 * @param {import('../index.js').VerifierKey} key
 */
function hasLineBy(note, key) {
  try {
    return parseCheckpoint(note).signatures.some((s) => s.name === key.name && s.keyId === key.keyId);
  } catch {
    return false;
  }
}

/** @param {unknown} error */
function messageOf(error) {
  if (error instanceof VerifyError) return error.message;
  throw error;
}
