import { fromBase64, toBase64 } from './base64.js';
import { concatBytes, fromHex, toHex, utf8 } from './bytes.js';
import { verifyEd25519 } from './ed25519.js';
import { VerifyError } from './errors.js';
import { sha256 } from './hash.js';

// C2SP signed-note (c2sp.org/signed-note) with Ed25519 keys, named and identified as Go's
// golang.org/x/mod/sumdb/note names them, so Go's tools and witnesses read the same notes and keys.

/** @typedef {import('../index.js').NoteSignature} NoteSignature */
/** @typedef {import('../index.js').VerifierKey} VerifierKey */
/** @typedef {{ body: string, signatures: NoteSignature[] }} Note */

const SIGNATURE_PREFIX = '\u2014 ';
const ED25519 = 0x01;
// The spec asks verifiers to cap signatures and to accept at least 16; Go's note package stops at 100.
const MAX_SIGNATURES = 100;
const KEY_NAME = /^[^\p{White_Space}+]+$/u;
const KEY_ID = /^[0-9a-f]{8}$/;
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The key ID of an Ed25519 key: the first 4 bytes of SHA-256(name ‖ 0x0A ‖ 0x01 ‖ public key), as 8
 * lowercase hexadecimal digits.
 * @param {string} name
 * @param {Uint8Array} publicKey 32 bytes
 */
export async function keyId(name, publicKey) {
  checkKeyName(name);
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== 32) {
    throw new VerifyError('an Ed25519 public key is 32 bytes');
  }
  const digest = await sha256(concatBytes(utf8(`${name}\n`), new Uint8Array([ED25519]), publicKey));
  return toHex(digest.subarray(0, 4));
}

/**
 * The verifier key text of an Ed25519 key: `<name>+<key ID>+<base64(0x01 ‖ public key)>`.
 * @param {string} name
 * @param {Uint8Array} publicKey 32 bytes
 */
export async function verifierKey(name, publicKey) {
  const id = await keyId(name, publicKey);
  return `${name}+${id}+${toBase64(concatBytes(new Uint8Array([ED25519]), publicKey))}`;
}

/**
 * Reads a verifier key, checking that its key ID is the one its name and public key give. Rejects
 * with VerifyError when it is malformed or not an Ed25519 key.
 * @param {string} vkey
 * @returns {Promise<VerifierKey>}
 */
export async function parseVerifierKey(vkey) {
  if (typeof vkey !== 'string') throw new VerifyError('the verifier key is not text');
  // The base64 part may itself hold '+', the name never does.
  const first = vkey.indexOf('+');
  const second = vkey.indexOf('+', first + 1);
  if (first < 0 || second < 0) throw new VerifyError('a verifier key reads <name>+<key ID>+<key>');
  const name = vkey.slice(0, first);
  const id = vkey.slice(first + 1, second);
  checkKeyName(name);
  if (!KEY_ID.test(id)) throw new VerifyError('the key ID of a verifier key is 8 lowercase hex digits');
  let key;
  try {
    key = fromBase64(vkey.slice(second + 1));
  } catch {
    throw new VerifyError('the key of a verifier key is not base64');
  }
  if (key[0] !== ED25519) throw new VerifyError('only Ed25519 verifier keys (type 0x01) are supported');
  const publicKey = key.slice(1);
  if (publicKey.length !== 32) throw new VerifyError(`an Ed25519 key is 32 bytes, not ${publicKey.length}`);
  if ((await keyId(name, publicKey)) !== id) {
    throw new VerifyError(`the key ID ${id} is not the one of this name and key`);
  }
  return { name, keyId: id, publicKey };
}

/**
 * Splits a signed note into its text and signature lines. Throws VerifyError when malformed.
 * @param {unknown} note
 * @returns {Note}
 */
export function parseNote(note) {
  if (typeof note !== 'string') throw new VerifyError('the note is not text');
  if (!isNoteText(note)) throw new VerifyError('the note holds control characters or invalid text');
  // The text ends at the last blank line: a text may hold blank lines, the signature block cannot.
  const split = note.lastIndexOf('\n\n');
  if (split < 0) throw new VerifyError('the note has no blank line before its signatures');
  const block = note.slice(split + 2);
  if (block === '' || !block.endsWith('\n')) {
    throw new VerifyError('the note must end with signature lines, each ending in a newline');
  }
  const lines = block.slice(0, -1).split('\n');
  if (lines.length > MAX_SIGNATURES)
    throw new VerifyError(`the note has more than ${MAX_SIGNATURES} signatures`);
  return { body: note.slice(0, split + 1), signatures: lines.map(parseSignatureLine) };
}

/**
 * Whether the note carries a valid signature by the key. Signatures by other keys (witnesses'
 * cosignatures, a rotated log key) are ignored, as the spec requires; every line with this key's
 * name and ID must verify, so a note with a bad signature by the key is refused as a whole. The
 * reason is worded to follow "the note" (or "the checkpoint").
 * @param {Note} note
 * @param {VerifierKey} key
 * @returns {Promise<import('../index.js').Result>}
 */
export async function verifyNote(note, key) {
  const mine = note.signatures.filter((s) => s.name === key.name && s.keyId === key.keyId);
  if (mine.length === 0) {
    const signers = note.signatures.map((s) => `${s.name} (${s.keyId})`).join(', ');
    return { ok: false, reason: `is not signed by ${key.name} (${key.keyId}), only by ${signers}` };
  }
  const message = utf8(note.body);
  for (const { signature } of mine) {
    if (!(await verifyEd25519(key.publicKey, message, signature))) {
      return {
        ok: false,
        reason: `has a signature by ${key.name} that does not verify: it was altered, or signed with another key`,
      };
    }
  }
  return { ok: true };
}

/**
 * A signed note: the body, a blank line, then one line per signature. The caller signs the body's
 * UTF-8 bytes (with Ed25519 for type 0x01 keys).
 * @param {string} body
 * @param {ReadonlyArray<NoteSignature>} signatures
 */
export function formatNote(body, signatures) {
  if (typeof body !== 'string' || !body.endsWith('\n') || body.includes('\n\n') || !isNoteText(body)) {
    throw new VerifyError('a note body is lines of text, each ending in a newline, none empty');
  }
  if (signatures.length === 0) throw new VerifyError('a note needs at least one signature');
  const lines = signatures.map(({ name, keyId: id, signature }) => {
    checkKeyName(name);
    if (!KEY_ID.test(id)) throw new VerifyError('a key ID is 8 lowercase hex digits');
    return `${SIGNATURE_PREFIX}${name} ${toBase64(concatBytes(fromHex(id), signature))}\n`;
  });
  return `${body}\n${lines.join('')}`;
}

/**
 * Valid UTF-8 (here: no lone surrogates) without ASCII controls other than newline.
 * @param {string} text
 */
export function isNoteText(text) {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 && code !== 0x0a) return false;
  }
  return !LONE_SURROGATE.test(text);
}

/**
 * @param {string} line
 * @returns {NoteSignature}
 */
function parseSignatureLine(line) {
  if (!line.startsWith(SIGNATURE_PREFIX)) {
    throw new VerifyError('a signature line must start with an em dash and a space');
  }
  const rest = line.slice(SIGNATURE_PREFIX.length);
  const space = rest.indexOf(' ');
  if (space < 0) throw new VerifyError('a signature line reads: em dash, space, key name, space, signature');
  const name = rest.slice(0, space);
  if (!KEY_NAME.test(name)) throw new VerifyError(`a signature line has an invalid key name "${name}"`);
  let blob;
  try {
    blob = fromBase64(rest.slice(space + 1));
  } catch {
    throw new VerifyError(`the signature by ${name} is not base64`);
  }
  if (blob.length < 5) throw new VerifyError(`the signature by ${name} is too short`);
  return { name, keyId: toHex(blob.subarray(0, 4)), signature: blob.slice(4) };
}

/** @param {unknown} name */
function checkKeyName(name) {
  if (typeof name !== 'string' || !KEY_NAME.test(name)) {
    throw new VerifyError('a key name must be non-empty, without spaces or "+"');
  }
}
