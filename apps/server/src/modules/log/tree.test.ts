import { consistencyProof, inclusionProof, rootOf } from '@plastrace/verify';
import { describe, expect, it } from 'vitest';
import {
  append,
  consistencyPlans,
  EMPTY_ROOT,
  frontierOf,
  hashLeaf,
  inclusionPlans,
  type Node,
  nodeKey,
  rootOfFrontier,
} from './tree.ts';

// The stored-subtree arithmetic against the verify package's reference implementation (RFC 9162's
// recursive definitions over the whole leaf list), for every size and index up to 40 leaves.

const leaves = Array.from({ length: 40 }, (_, i) => hashLeaf(Buffer.from(`leaf ${i}`)));

/** Every complete subtree of the first `size` leaves, as the sequencer stores them. */
function store(size: number) {
  const nodes = new Map<string, Buffer>();
  for (const [idx, h] of leaves.slice(0, size).entries()) nodes.set(nodeKey({ level: 0, idx }), h);
  const { made, frontier } = append(0, [], leaves.slice(0, size));
  for (const m of made) nodes.set(nodeKey(m), m.hash);
  return { lookup: (n: Node) => nodes.get(nodeKey(n)) as Buffer, frontier };
}

const b64 = (x: Uint8Array) => Buffer.from(x).toString('base64');

describe('the record log tree', () => {
  it('grows by appending and gives RFC 9162 roots and proofs at every size', async () => {
    expect(b64(rootOfFrontier([]))).toBe(b64(EMPTY_ROOT));
    for (let size = 1; size <= leaves.length; size++) {
      const { lookup, frontier } = store(size);
      const expected = b64(await rootOf(leaves.slice(0, size)));
      expect(b64(rootOfFrontier(frontier)), `root ${size}`).toBe(expected);
      expect(b64(rootOfFrontier(frontierOf(size).map(lookup))), `frontier ${size}`).toBe(expected);
      for (let index = 0; index < size; index++) {
        const proof = inclusionPlans(index, size).map((p) => b64(p.hash(lookup)));
        expect(proof, `inclusion ${index} of ${size}`).toEqual(
          (await inclusionProof(leaves.slice(0, size), index)).map(b64),
        );
      }
      for (let from = 0; from <= size; from++) {
        const proof = consistencyPlans(from, size).map((p) => b64(p.hash(lookup)));
        expect(proof, `consistency ${from} → ${size}`).toEqual(
          (await consistencyProof(leaves.slice(0, size), from, size)).map(b64),
        );
      }
    }
  });

  it('appends in steps exactly as in one go', () => {
    let state = { size: 0, frontier: [] as Buffer[] };
    const made: string[] = [];
    for (const step of [1, 2, 5, 8, 13, 11]) {
      const next = append(state.size, state.frontier, leaves.slice(state.size, state.size + step));
      made.push(...next.made.map(nodeKey));
      state = next;
    }
    const whole = append(0, [], leaves);
    expect(state.size).toBe(40);
    expect(state.frontier.map(b64)).toEqual(whole.frontier.map(b64));
    expect(made).toEqual(whole.made.map(nodeKey));
  });
});
