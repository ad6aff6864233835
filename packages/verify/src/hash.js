import { fromBase64 } from './base64.js';
import { concatBytes } from './bytes.js';
import { VerifyError } from './errors.js';

// RFC 9162 §2.1.1: leaves and interior nodes are hashed with different prefixes, so a leaf can never
// pass for a node (a second-preimage attack on the tree).
const LEAF_PREFIX = new Uint8Array([0]);
const NODE_PREFIX = new Uint8Array([1]);

/** @param {Uint8Array} bytes */
export async function sha256(bytes) {
  return new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
}

/**
 * SHA-256(0x00 ‖ data).
 * @param {Uint8Array} data
 */
export function leafHash(data) {
  return sha256(concatBytes(LEAF_PREFIX, data));
}

/**
 * SHA-256(0x01 ‖ left ‖ right).
 * @param {Uint8Array} left
 * @param {Uint8Array} right
 */
export function nodeHash(left, right) {
  return sha256(concatBytes(NODE_PREFIX, left, right));
}

/** The root of the empty tree: SHA-256 of nothing. */
export function emptyRoot() {
  return sha256(new Uint8Array(0));
}

/**
 * A 32-byte hash given as bytes or base64; throws VerifyError naming `what` otherwise.
 * @param {Uint8Array | string} value
 * @param {string} what
 * @returns {Uint8Array}
 */
export function toHash(value, what) {
  let bytes;
  if (value instanceof Uint8Array) bytes = value;
  else if (typeof value === 'string') {
    try {
      bytes = fromBase64(value);
    } catch {
      throw new VerifyError(`${what} is not base64`);
    }
  } else throw new VerifyError(`${what} is neither bytes nor base64 text`);
  if (bytes.length !== 32) throw new VerifyError(`${what} is ${bytes.length} bytes long, not 32`);
  return bytes;
}
