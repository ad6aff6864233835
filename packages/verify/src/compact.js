import { Reader, unzigzag, Writer, zigzag } from './binary.js';
import { createBundle, readBundle } from './bundle-parts.js';
import { equalBytes, fromHex, toHex, utf8 } from './bytes.js';
import { canonicalize } from './canonical.js';
import { checkpointBody, parseCheckpoint } from './checkpoint.js';
import { checkEntry, entryLeafHash, snapshotDigest } from './entry.js';
import { VerifyError } from './errors.js';
import { rootFromInclusionProof } from './merkle.js';
import { formatNote } from './note.js';

// The compact binary form of a bundle: the same members as the JSON form, in about 60% of the bytes,
// for a QR code or a requirement on size. What can be computed is left out: the entry's
// snapshot_sha256 (from the snapshot) and the checkpoint's root hash (from the leaf and the proof).
// Decoding rebuilds the very JSON bundle, so a changed entry, snapshot or proof byte gives another
// root, another checkpoint body, and a signature that does not verify. The layout is in README.md.

export const COMPACT_BUNDLE_MEDIA_TYPE = 'application/vnd.plastrace.log-bundle';

const MAGIC = utf8('PTLB');
const VERSION = 1;
const NAME = 'the compact bundle';
/** The key name's length byte for "the same as the origin", the common case. */
const SAME_AS_ORIGIN = 0;
const MAX_SIGNATURES = 100;

/**
 * Whether the bytes start with the compact bundle's magic, PTLB (whatever their version).
 * @param {Uint8Array} bytes
 */
export function isCompactBundle(bytes) {
  return (
    bytes instanceof Uint8Array && bytes.length >= MAGIC.length && equalBytes(bytes.subarray(0, 4), MAGIC)
  );
}

/**
 * The compact form of a bundle. Throws VerifyError naming what cannot be encoded: a malformed member
 * (as verifyBundle's format check names it), a checkpoint with extension lines or for another tree
 * size, or a text or signature longer than its one-byte length. The snapshot's digest and the
 * checkpoint's root are not checked here (they need hashing): a bundle wrong in either encodes, and
 * fails verification at the signature.
 * @param {import('../index.js').LogBundle} bundle
 * @returns {Uint8Array}
 */
export function encodeCompactBundle(bundle) {
  try {
    return encode(bundle);
  } catch (error) {
    if (error instanceof VerifyError) {
      throw new VerifyError(`the bundle cannot be put in compact form: ${error.message}`);
    }
    throw error;
  }
}

/** @param {unknown} bundle */
function encode(bundle) {
  const { entry, snapshot, index, treeSize, proof, checkpoint } = readBundle(bundle);
  const { origin, size, rootHash, extensions, signatures } = parseCheckpoint(checkpoint);
  if (extensions.length) throw new VerifyError('the checkpoint has extension lines, which it does not carry');
  if (size !== treeSize) {
    throw new VerifyError(`the checkpoint is for ${size} leaves but tree_size is ${treeSize}`);
  }
  // Decoding rebuilds the note this way; a note written otherwise would not survive the trip.
  if (formatNote(checkpointBody(origin, size, rootHash), signatures) !== checkpoint) {
    throw new VerifyError('the checkpoint is not written as formatNote writes it');
  }
  if (proof.length > 255) throw new VerifyError(`the proof has ${proof.length} hashes, above 255`);
  const ms = Date.parse(entry.logged_at);
  if (new Date(ms).toISOString() !== entry.logged_at) {
    throw new VerifyError(`entry.logged_at ${entry.logged_at} is not a time in milliseconds`);
  }

  const out = new Writer().bytes(MAGIC).u8(VERSION);
  out.bytes(uuidBytes(entry.organization)).bytes(uuidBytes(entry.id));
  out.text(entry.type, 'entry.type').text(entry.event, 'entry.event');
  out.varint(entry.version).varint(zigzag(ms)).varint(index).varint(treeSize);
  out.text(origin, 'the origin').u8(signatures.length);
  for (const { name, keyId, signature } of signatures) {
    if (name === origin) out.u8(SAME_AS_ORIGIN);
    else out.text(name, `the key name ${name}`);
    out.bytes(fromHex(keyId));
    if (signature.length > 255) {
      throw new VerifyError(`the signature by ${name} is ${signature.length} bytes, above 255`);
    }
    out.u8(signature.length).bytes(signature);
  }
  out.u8(proof.length);
  for (const hash of proof) out.bytes(hash);
  const json = utf8(canonicalize(snapshot));
  return out.varint(json.length).bytes(json).result();
}

/**
 * The bundle held in compact form, as its JSON form reads. Rejects with VerifyError saying, in plain
 * words, what is wrong: not PTLB, another version, cut short (naming the field), an overlong varint,
 * bytes after the snapshot, a snapshot that is not canonical JSON of an object, an entry out of form,
 * a proof that cannot lead from its leaf to a root.
 * @param {Uint8Array} bytes
 * @returns {Promise<import('../index.js').LogBundle>}
 */
export async function decodeCompactBundle(bytes) {
  if (!(bytes instanceof Uint8Array)) throw new VerifyError(`${NAME} is not bytes`);
  if (!isCompactBundle(bytes))
    throw new VerifyError('the bytes are not a compact bundle: they do not start with PTLB');
  // A plain Uint8Array view: a subclass (Node's) may slice without copying.
  const plain = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const read = new Reader(plain.subarray(MAGIC.length), NAME);
  const formatVersion = read.u8('its version');
  if (formatVersion !== VERSION) {
    throw new VerifyError(`${NAME} is of version ${formatVersion}; this verifier reads version ${VERSION}`);
  }
  const organization = uuidText(read.bytes(16, 'entry.organization'));
  const id = uuidText(read.bytes(16, 'entry.id'));
  const type = read.text('entry.type');
  const event = read.text('entry.event');
  const version = read.varint('entry.version');
  const ms = unzigzag(read.varint('entry.logged_at'));
  const index = read.varint('the index');
  const treeSize = read.varint('the tree size');
  const origin = read.text('the origin');
  const count = read.u8('the number of signatures');
  if (count === 0 || count > MAX_SIGNATURES) {
    throw new VerifyError(`${NAME} has ${count} signatures; a checkpoint has 1 to ${MAX_SIGNATURES}`);
  }
  /** @type {import('../index.js').NoteSignature[]} */
  const signatures = [];
  for (let i = 1; i <= count; i++) {
    const length = read.u8(`the key name of signature ${i}`);
    const name = length === SAME_AS_ORIGIN ? origin : read.utf8(length, `the key name of signature ${i}`);
    if (length !== SAME_AS_ORIGIN && name === origin) {
      throw new VerifyError(`${NAME} spells out the key name of signature ${i}, the origin, instead of 0`);
    }
    const keyId = toHex(read.bytes(4, `the key ID of signature ${i}`));
    const signature = read.bytes(read.u8(`the length of signature ${i}`), `signature ${i}`);
    if (signature.length === 0) throw new VerifyError(`${NAME} has an empty signature ${i}`);
    signatures.push({ name, keyId, signature });
  }
  const proof = Array.from({ length: read.u8('the number of proof hashes') }, (_, i) =>
    read.bytes(32, `proof hash ${i + 1}`),
  );
  const json = read.utf8(read.varint('the length of the snapshot'), 'the snapshot');
  read.end();

  const snapshot = parseSnapshot(json);
  const logged_at = new Date(ms).toISOString();
  const digest = await snapshotDigest(snapshot);
  const fields = { organization, type, id, version, event, logged_at, snapshot_sha256: digest };
  const entry = attempt('entry is out of form', () => checkEntry(fields));
  const root = await attempt('proof leads nowhere', async () =>
    rootFromInclusionProof(await entryLeafHash(entry), index, treeSize, proof),
  );
  const checkpoint = attempt('checkpoint is malformed', () => {
    const note = formatNote(checkpointBody(origin, treeSize, root), signatures);
    parseCheckpoint(note);
    return note;
  });
  return createBundle({ entry, snapshot, index, treeSize, proof, checkpoint });
}

/** @param {string} json */
function parseSnapshot(json) {
  let snapshot;
  try {
    snapshot = JSON.parse(json);
  } catch {
    throw new VerifyError(`${NAME}'s snapshot is not JSON`);
  }
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) {
    throw new VerifyError(`${NAME}'s snapshot is not a JSON object`);
  }
  // One byte string per bundle: the snapshot travels as the canonical JSON that is hashed.
  if (attempt('snapshot has no canonical JSON', () => canonicalize(snapshot)) !== json) {
    throw new VerifyError(`${NAME}'s snapshot is not in canonical JSON (RFC 8785)`);
  }
  return /** @type {Record<string, unknown>} */ (snapshot);
}

/**
 * The result of `make`; a VerifyError it throws (or rejects with) is said to be the compact
 * bundle's, `what` saying how.
 * @template T
 * @param {string} what
 * @param {() => T} make
 * @returns {T}
 */
function attempt(what, make) {
  const rethrow = (/** @type {unknown} */ error) => {
    if (error instanceof VerifyError) throw new VerifyError(`${NAME}'s ${what}: ${error.message}`);
    throw error;
  };
  try {
    const result = make();
    return result instanceof Promise ? /** @type {T} */ (result.catch(rethrow)) : result;
  } catch (error) {
    return rethrow(error);
  }
}

/** @param {string} uuid a lowercase UUID, as checkEntry makes sure */
function uuidBytes(uuid) {
  return fromHex(uuid.replaceAll('-', ''));
}

/** @param {Uint8Array} bytes 16 bytes */
function uuidText(bytes) {
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
