import { toBase64 } from './base64.js';
import { equalBytes } from './bytes.js';
import { VerifyError } from './errors.js';
import { emptyRoot, nodeHash, toHash } from './hash.js';

// RFC 9162 §2.1.3.2 and §2.1.4.2, step by step. Tree sizes and indexes are JavaScript numbers: exact
// up to 2^53, far past any log; the bit arithmetic uses division because `>>` truncates to 32 bits.

/**
 * Whether the leaf with this hash is leaf `index` of the tree of `treeSize` leaves whose root is
 * `rootHash`. Hashes are 32 bytes, as Uint8Array or standard base64.
 * @param {Uint8Array | string} leafHash
 * @param {number} index
 * @param {number} treeSize
 * @param {ReadonlyArray<Uint8Array | string>} proof
 * @param {Uint8Array | string} rootHash
 * @returns {Promise<import('../index.js').Result>}
 */
export async function verifyInclusion(leafHash, index, treeSize, proof, rootHash) {
  try {
    const root = toHash(rootHash, 'the root hash');
    const computed = await rootFromInclusionProof(leafHash, index, treeSize, proof);
    if (!equalBytes(computed, root)) {
      return refuse(
        `this is not leaf ${index} of the tree with that root: the proof leads to ${toBase64(computed)}, not ${toBase64(root)}`,
      );
    }
    return { ok: true };
  } catch (error) {
    return refused(error);
  }
}

/**
 * The root the inclusion proof leads to from the leaf (RFC 9162 §2.1.3.2 without the last
 * comparison). Throws VerifyError when the arguments cannot make a proof.
 * @param {Uint8Array | string} leafHash
 * @param {number} index
 * @param {number} treeSize
 * @param {ReadonlyArray<Uint8Array | string>} proof
 * @returns {Promise<Uint8Array>}
 */
export async function rootFromInclusionProof(leafHash, index, treeSize, proof) {
  checkCount(index, 'the leaf index');
  checkCount(treeSize, 'the tree size');
  if (treeSize === 0) throw new VerifyError('an empty tree has no leaf to prove');
  if (index >= treeSize) throw new VerifyError(`leaf ${index} is beyond a tree of ${treeSize} leaves`);
  let r = toHash(leafHash, 'the leaf hash');
  const path = toHashes(proof);
  const want = inclusionProofLength(index, treeSize);
  if (path.length !== want) {
    throw new VerifyError(
      `the proof has ${hashes(path.length)}; leaf ${index} of a tree of ${treeSize} needs ${hashes(want)}`,
    );
  }
  let fn = index;
  let sn = treeSize - 1;
  for (const p of path) {
    // Unreachable after the length check, kept because it is the RFC's own guard.
    if (sn === 0) throw new VerifyError('the proof is too long');
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn /= 2;
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (sn !== 0) throw new VerifyError('the proof is too short');
  return r;
}

/**
 * Whether the tree of `size2` leaves with root `root2` extends the tree of `size1` leaves with root
 * `root1` (it holds the same first `size1` leaves). From the empty tree (size1 0) the proof is empty
 * and root1 must be the empty tree's root; between equal sizes it is empty and the roots are equal.
 * @param {number} size1
 * @param {number} size2
 * @param {ReadonlyArray<Uint8Array | string>} proof
 * @param {Uint8Array | string} root1
 * @param {Uint8Array | string} root2
 * @returns {Promise<import('../index.js').Result>}
 */
export async function verifyConsistency(size1, size2, proof, root1, root2) {
  try {
    checkCount(size1, 'the first tree size');
    checkCount(size2, 'the second tree size');
    const first = toHash(root1, 'the first root');
    const second = toHash(root2, 'the second root');
    const path = toHashes(proof);
    if (size1 > size2) {
      return refuse(`the first tree (${size1} leaves) is larger than the second (${size2} leaves)`);
    }
    if (size1 === size2) {
      if (path.length) {
        return refuse(`trees of the same size need an empty proof, not ${hashes(path.length)}`);
      }
      if (!equalBytes(first, second)) return refuse(`two trees of ${size1} leaves have different roots`);
      return { ok: true };
    }
    if (size1 === 0) {
      if (path.length) return refuse(`a proof from the empty tree is empty, not ${hashes(path.length)}`);
      if (!equalBytes(first, await emptyRoot())) {
        return refuse('the first root is not the root of the empty tree (SHA-256 of nothing)');
      }
      return { ok: true };
    }
    const want = consistencyProofLength(size1, size2);
    if (path.length !== want) {
      return refuse(
        `the proof has ${hashes(path.length)}; from ${size1} leaves to ${size2} it needs ${hashes(want)}`,
      );
    }
    // RFC 9162 §2.1.4.2. When size1 is a power of two, its root is a node of the second tree and
    // starts the path; otherwise the proof's first hash is the node both paths start from.
    const nodes = isPowerOfTwo(size1) ? [first, ...path] : path;
    let fn = size1 - 1;
    let sn = size2 - 1;
    while (fn % 2 === 1) {
      fn = (fn - 1) / 2;
      sn = Math.floor(sn / 2);
    }
    let fr = /** @type {Uint8Array} */ (nodes[0]);
    let sr = fr;
    for (const c of nodes.slice(1)) {
      if (sn === 0) return refuse('the proof is too long');
      if (fn % 2 === 1 || fn === sn) {
        fr = await nodeHash(c, fr);
        sr = await nodeHash(c, sr);
        while (fn % 2 === 0 && fn !== 0) {
          fn /= 2;
          sn = Math.floor(sn / 2);
        }
      } else {
        sr = await nodeHash(sr, c);
      }
      fn = Math.floor(fn / 2);
      sn = Math.floor(sn / 2);
    }
    if (sn !== 0) return refuse('the proof is too short');
    if (!equalBytes(fr, first)) {
      return refuse(`the proof does not lead to the first root: it leads to ${toBase64(fr)}`);
    }
    if (!equalBytes(sr, second)) {
      return refuse(`the second tree does not extend the first: the proof leads to ${toBase64(sr)}`);
    }
    return { ok: true };
  } catch (error) {
    return refused(error);
  }
}

/**
 * How many hashes the inclusion proof of leaf `index` in a tree of `treeSize` leaves has: one per
 * level below the point where the leaf's path and the last leaf's path part (`inner`), and one per
 * complete subtree to the left above it (`border`).
 * @param {number} index
 * @param {number} treeSize
 */
export function inclusionProofLength(index, treeSize) {
  const inner = bitLength(BigInt(index) ^ BigInt(treeSize - 1));
  const border = ones(BigInt(index) >> BigInt(inner));
  return inner + border;
}

/**
 * How many hashes the consistency proof from `size1` to `size2` leaves has (0 < size1 < size2).
 * @param {number} size1
 * @param {number} size2
 */
export function consistencyProofLength(size1, size2) {
  const shift = trailingZeros(size1);
  const inner = bitLength(BigInt(size1 - 1) ^ BigInt(size2 - 1)) - shift;
  const border = ones(BigInt(size1 - 1) >> BigInt(inner + shift));
  return (isPowerOfTwo(size1) ? 0 : 1) + inner + border;
}

/**
 * @param {unknown} value
 * @param {string} what
 * @returns {asserts value is number}
 */
export function checkCount(value, what) {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new VerifyError(`${what} must be a whole number from 0 to 2^53 − 1, not ${String(value)}`);
  }
}

/** @param {unknown} proof */
function toHashes(proof) {
  if (!Array.isArray(proof)) throw new VerifyError('the proof is not a list of hashes');
  return proof.map((p, i) => toHash(p, `proof hash ${i + 1}`));
}

/** @param {number} n */
function isPowerOfTwo(n) {
  return n > 0 && 2 ** trailingZeros(n) === n;
}

/** @param {number} n */
function trailingZeros(n) {
  let zeros = 0;
  for (let m = n; m > 0 && m % 2 === 0; m /= 2) zeros++;
  return zeros;
}

/** @param {bigint} n */
function bitLength(n) {
  return n === 0n ? 0 : n.toString(2).length;
}

/** @param {bigint} n */
function ones(n) {
  return n.toString(2).replaceAll('0', '').length;
}

/** @param {number} n */
function hashes(n) {
  return n === 1 ? '1 hash' : `${n} hashes`;
}

/**
 * @param {string} reason
 * @returns {{ ok: false, reason: string }}
 */
function refuse(reason) {
  return { ok: false, reason };
}

/**
 * A VerifyError is an answer; anything else is a bug and is thrown on.
 * @param {unknown} error
 */
export function refused(error) {
  if (error instanceof VerifyError) return refuse(error.message);
  throw error;
}
