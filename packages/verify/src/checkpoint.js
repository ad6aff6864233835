import { toBase64 } from './base64.js';
import { VerifyError } from './errors.js';
import { toHash } from './hash.js';
import { checkCount, refused } from './merkle.js';
import { isNoteText, parseNote, parseVerifierKey, verifyNote } from './note.js';

// A C2SP tlog-checkpoint (c2sp.org/tlog-checkpoint): a signed note whose text is the log's origin,
// tree size and root hash, one per line.

const SIZE = /^(?:0|[1-9][0-9]*)$/;

/**
 * The checkpoint's body: origin, tree size and base64 root hash, one per line.
 * @param {string} origin
 * @param {number} size
 * @param {Uint8Array | string} rootHash
 */
export function checkpointBody(origin, size, rootHash) {
  if (typeof origin !== 'string' || origin === '' || origin.includes('\n') || !isNoteText(origin)) {
    throw new VerifyError('the origin must be one non-empty line of text');
  }
  checkCount(size, 'the tree size');
  return `${origin}\n${size}\n${toBase64(toHash(rootHash, 'the root hash'))}\n`;
}

/**
 * Reads a signed checkpoint. Signatures are read, not verified (see verifyCheckpoint). Throws
 * VerifyError when the note or its body is malformed.
 * @param {string} note
 * @returns {import('../index.js').Checkpoint}
 */
export function parseCheckpoint(note) {
  let parsed;
  try {
    parsed = parseNote(note);
  } catch (error) {
    throw new VerifyError(`the checkpoint is not a signed note: ${/** @type {Error} */ (error).message}`);
  }
  const { body, signatures } = parsed;
  const [origin = '', size = '', root = '', ...extensions] = body.slice(0, -1).split('\n');
  if (origin === '') throw new VerifyError('the checkpoint has no origin line');
  if (size === '') throw new VerifyError('the checkpoint has no tree size line');
  if (root === '') throw new VerifyError('the checkpoint has no root hash line');
  if (!SIZE.test(size)) throw new VerifyError('the checkpoint tree size is not a decimal number');
  const treeSize = Number(size);
  if (!Number.isSafeInteger(treeSize)) throw new VerifyError('the checkpoint tree size is too large');
  let rootHash;
  try {
    rootHash = toHash(root, 'root hash');
  } catch (error) {
    throw new VerifyError(`the checkpoint's ${/** @type {Error} */ (error).message}`);
  }
  if (extensions.some((line) => line === '')) {
    throw new VerifyError('the checkpoint has an empty line in its body');
  }
  return { origin, size: treeSize, rootHash, extensions, signatures, body };
}

/**
 * Whether the checkpoint is well formed and signed by the key. Signatures by other keys (witnesses'
 * cosignatures, a rotated log key) are ignored; every line with this key's name and ID must verify.
 * Never throws: a malformed note or key is a reason.
 * @param {string} note
 * @param {string | import('../index.js').VerifierKey} vkey
 * @returns {Promise<import('../index.js').CheckpointResult>}
 */
export async function verifyCheckpoint(note, vkey) {
  try {
    let key;
    try {
      key = typeof vkey === 'string' ? await parseVerifierKey(vkey) : vkey;
    } catch (error) {
      throw new VerifyError(`the verifier key is malformed: ${/** @type {Error} */ (error).message}`);
    }
    const checkpoint = parseCheckpoint(note);
    const signed = await verifyNote(checkpoint, key);
    if (!signed.ok) return { ok: false, reason: `the checkpoint ${signed.reason}` };
    return { ok: true, checkpoint };
  } catch (error) {
    return refused(error);
  }
}
