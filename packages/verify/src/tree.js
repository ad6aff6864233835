import { VerifyError } from './errors.js';
import { emptyRoot, nodeHash, toHash } from './hash.js';
import { checkCount } from './merkle.js';

// The proving side, RFC 9162 §2.1.1 (MTH), §2.1.3.1 (PATH) and §2.1.4.1 (SUBPROOF), over leaf hashes
// held in memory. Written as the RFC defines them, recursively, to be the reference a log's own
// storage-backed code is tested against; each call hashes O(n) nodes.

/**
 * The Merkle tree hash of the leaves (already leaf-hashed: 32 bytes each, or their base64).
 * @param {ReadonlyArray<Uint8Array | string>} leafHashes
 * @returns {Promise<Uint8Array>}
 */
export async function rootOf(leafHashes) {
  const leaves = checkLeaves(leafHashes);
  return leaves.length === 0 ? emptyRoot() : mth(leaves, 0, leaves.length);
}

/**
 * The inclusion proof of leaf `index` in the tree of all the given leaves: PATH(index, D[n]).
 * @param {ReadonlyArray<Uint8Array | string>} leafHashes
 * @param {number} index
 * @returns {Promise<Uint8Array[]>}
 */
export async function inclusionProof(leafHashes, index) {
  const leaves = checkLeaves(leafHashes);
  checkCount(index, 'the leaf index');
  if (index >= leaves.length) {
    throw new VerifyError(`leaf ${index} is beyond a tree of ${leaves.length} leaves`);
  }
  return path(leaves, index, 0, leaves.length);
}

/**
 * The consistency proof from the tree of the first `size1` leaves to the tree of the first `size2`:
 * PROOF(size1, D[size2]); empty when size1 is 0 or equals size2.
 * @param {ReadonlyArray<Uint8Array | string>} leafHashes
 * @param {number} size1
 * @param {number} size2
 * @returns {Promise<Uint8Array[]>}
 */
export async function consistencyProof(leafHashes, size1, size2) {
  const leaves = checkLeaves(leafHashes);
  checkCount(size1, 'the first tree size');
  checkCount(size2, 'the second tree size');
  if (size2 > leaves.length) throw new VerifyError(`there are ${leaves.length} leaves, not ${size2}`);
  if (size1 > size2) throw new VerifyError(`the first tree (${size1}) is larger than the second (${size2})`);
  if (size1 === 0 || size1 === size2) return [];
  return subproof(leaves, size1, 0, size2, true);
}

/**
 * MTH(D[start:end]), end > start. The two halves are hashed concurrently.
 * @param {ReadonlyArray<Uint8Array>} leaves
 * @param {number} start
 * @param {number} end
 * @returns {Promise<Uint8Array>}
 */
async function mth(leaves, start, end) {
  if (end - start === 1) return /** @type {Uint8Array} */ (leaves[start]);
  const k = start + split(end - start);
  const [left, right] = await Promise.all([mth(leaves, start, k), mth(leaves, k, end)]);
  return nodeHash(left, right);
}

/**
 * PATH(m, D[start:end]) with m counted from start.
 * @param {ReadonlyArray<Uint8Array>} leaves
 * @param {number} m
 * @param {number} start
 * @param {number} end
 * @returns {Promise<Uint8Array[]>}
 */
async function path(leaves, m, start, end) {
  const n = end - start;
  if (n === 1) return [];
  const k = split(n);
  const [below, sibling] =
    m < k
      ? await Promise.all([path(leaves, m, start, start + k), mth(leaves, start + k, end)])
      : await Promise.all([path(leaves, m - k, start + k, end), mth(leaves, start, start + k)]);
  return [...below, sibling];
}

/**
 * SUBPROOF(m, D[start:end], b) with m counted from start.
 * @param {ReadonlyArray<Uint8Array>} leaves
 * @param {number} m
 * @param {number} start
 * @param {number} end
 * @param {boolean} whole whether D[start:start+m] is the whole first tree, whose root the verifier has
 * @returns {Promise<Uint8Array[]>}
 */
async function subproof(leaves, m, start, end, whole) {
  const n = end - start;
  if (m === n) return whole ? [] : [await mth(leaves, start, end)];
  const k = split(n);
  const [below, sibling] =
    m <= k
      ? await Promise.all([subproof(leaves, m, start, start + k, whole), mth(leaves, start + k, end)])
      : await Promise.all([subproof(leaves, m - k, start + k, end, false), mth(leaves, start, start + k)]);
  return [...below, sibling];
}

/**
 * The largest power of two below n (n > 1): where RFC 9162 splits a tree of n leaves.
 * @param {number} n
 */
function split(n) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** @param {ReadonlyArray<Uint8Array | string>} leafHashes */
function checkLeaves(leafHashes) {
  if (!Array.isArray(leafHashes)) throw new VerifyError('the leaves are not a list of hashes');
  return leafHashes.map((leaf, i) => toHash(leaf, `leaf hash ${i}`));
}
