import { createHash } from 'node:crypto';

// RFC 9162 Merkle tree arithmetic over stored complete subtrees. A complete subtree of 2^level leaves
// starting at leaf idx × 2^level is a Node; level 0 is a leaf. Every hash a proof needs at any tree
// size is either such a node or is computed from a few of them along the tree's right edge, so a proof
// costs one query for O(log n) rows, at any size.

export type Node = { level: number; idx: number };
export const nodeKey = (n: Node) => `${n.level}:${n.idx}`;

const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const LEAF = Buffer.from([0]);
const INNER = Buffer.from([1]);
export const hashLeaf = (data: Uint8Array) => sha256(LEAF, Buffer.from(data));
export const hashChildren = (left: Buffer, right: Buffer) => sha256(INNER, left, right);
export const EMPTY_ROOT = sha256();

/** The largest power of two smaller than n (n ≥ 2). */
function split(n: number) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}
// Arithmetic, not bitwise: leaf indexes may pass 2^31.
const isPowerOfTwo = (n: number) => n > 0 && Number.isInteger(Math.log2(n));

/**
 * A hash the tree can answer: the complete subtrees it is made of, and how to combine them. MTH(D[a:b])
 * for a range that RFC 9162's recursion produces (a is always a multiple of the largest power of two
 * ≤ b − a).
 */
export type Plan = { nodes: Node[]; hash: (lookup: (n: Node) => Buffer) => Buffer };

export function rangePlan(a: number, b: number): Plan {
  const n = b - a;
  if (isPowerOfTwo(n)) {
    const level = Math.log2(n);
    const node = { level, idx: a / n };
    return { nodes: [node], hash: (lookup) => lookup(node) };
  }
  const k = split(n);
  const left = rangePlan(a, a + k);
  const right = rangePlan(a + k, b);
  return {
    nodes: [...left.nodes, ...right.nodes],
    hash: (lookup) => hashChildren(left.hash(lookup), right.hash(lookup)),
  };
}

/** RFC 9162 §2.1.3.1 PATH(m, D[start:end]): the ranges whose hashes make the inclusion proof, leaf first. */
function path(m: number, start: number, end: number): Plan[] {
  const n = end - start;
  if (n <= 1) return [];
  const k = split(n);
  return m < k
    ? [...path(m, start, start + k), rangePlan(start + k, end)]
    : [...path(m - k, start + k, end), rangePlan(start, start + k)];
}

/** RFC 9162 §2.1.4.1 SUBPROOF(m, D[start:end], b). */
function subproof(m: number, start: number, end: number, whole: boolean): Plan[] {
  const n = end - start;
  if (m === n) return whole ? [] : [rangePlan(start, end)];
  const k = split(n);
  return m <= k
    ? [...subproof(m, start, start + k, whole), rangePlan(start + k, end)]
    : [...subproof(m - k, start + k, end, false), rangePlan(start, start + k)];
}

export const inclusionPlans = (index: number, size: number) => path(index, 0, size);
/** Empty when from is 0 or equals to (RFC 9162: nothing to prove). */
export const consistencyPlans = (from: number, to: number) =>
  from === 0 || from === to ? [] : subproof(from, 0, to, true);

/** The complete subtrees a tree of `size` leaves is made of, largest first (its right edge). */
export function frontierOf(size: number): Node[] {
  const nodes: Node[] = [];
  let offset = 0;
  for (let level = Math.floor(Math.log2(Math.max(size, 1))); level >= 0; level--) {
    const width = 2 ** level;
    if (size - offset >= width) {
      nodes.push({ level, idx: offset / width });
      offset += width;
    }
  }
  return nodes;
}

/** The root from the frontier's hashes (largest first): MTH = H(first, MTH(rest)). */
export function rootOfFrontier(hashes: Buffer[]): Buffer {
  if (hashes.length === 0) return EMPTY_ROOT;
  let root = hashes[hashes.length - 1] as Buffer;
  for (let i = hashes.length - 2; i >= 0; i--) root = hashChildren(hashes[i] as Buffer, root);
  return root;
}

/**
 * Appends leaves to a tree given by its frontier, like a binary counter: each leaf that completes a pair
 * combines with the frontier's last subtree, and so on up. Answers the new frontier and every complete
 * subtree (level ≥ 1) made on the way, for storing.
 */
export function append(size: number, frontier: Buffer[], leaves: Buffer[]) {
  const edge = [...frontier];
  const made: (Node & { hash: Buffer })[] = [];
  let n = size;
  for (const leaf of leaves) {
    let hash = leaf;
    let idx = n;
    let level = 0;
    while (idx % 2 === 1) {
      hash = hashChildren(edge.pop() as Buffer, hash);
      idx = Math.floor(idx / 2);
      level++;
      made.push({ level, idx, hash });
    }
    edge.push(hash);
    n++;
  }
  return { size: n, frontier: edge, made };
}
