import { beforeAll, describe, expect, it } from 'vitest';
import { toBase64 } from './base64.js';
import { utf8 } from './bytes.js';
import { leafHash } from './hash.js';
import { inclusionProofLength, verifyInclusion } from './merkle.js';
import { changed, spoiled } from './test/mutations.ts';
import { inclusionProof, rootOf } from './tree.js';

const MAX = 64;
const sizes = Array.from({ length: MAX }, (_, i) => i + 1);
let leaves: Uint8Array[] = [];

beforeAll(async () => {
  leaves = await Promise.all(Array.from({ length: MAX }, (_, i) => leafHash(utf8(`leaf ${i}`))));
});

describe('inclusion proofs, every leaf of every tree up to 64 leaves', () => {
  it.each(sizes)('tree of %i: each proof verifies, and fails when anything in it changes', async (size) => {
    const tree = leaves.slice(0, size);
    const root = await rootOf(tree);
    await Promise.all(
      tree.map(async (leaf, index) => {
        const proof = await inclusionProof(tree, index);
        expect(proof).toHaveLength(inclusionProofLength(index, size));
        expect(await verifyInclusion(leaf, index, size, proof, root)).toEqual({ ok: true });
        const refusals = [
          ...spoiled(proof, index).map(({ how, proof: bad }) => ({
            how,
            result: verifyInclusion(leaf, index, size, bad, root),
          })),
          { how: 'leaf changed', result: verifyInclusion(changed(leaf, index), index, size, proof, root) },
          { how: 'root changed', result: verifyInclusion(leaf, index, size, proof, changed(root, index)) },
          {
            how: 'another leaf',
            result: verifyInclusion(tree[(index + 1) % size] as Uint8Array, index, size, proof, root),
          },
          { how: 'another index', result: verifyInclusion(leaf, (index + 1) % size, size, proof, root) },
        ];
        for (const { how, result } of refusals) {
          // With one leaf there is no other leaf or index to claim.
          if (size === 1 && (how === 'another leaf' || how === 'another index')) continue;
          expect((await result).ok, `size ${size}, leaf ${index}: ${how}`).toBe(false);
        }
      }),
    );
  });
});

describe('inclusion proofs that cannot be', () => {
  const proofOf = (index: number, size: number) => inclusionProof(leaves.slice(0, size), index);

  it('explains each malformed case', async () => {
    const leaf = leaves[5] as Uint8Array;
    const proof = await proofOf(5, 8);
    const root = await rootOf(leaves.slice(0, 8));
    const reason = async (...args: Parameters<typeof verifyInclusion>) => {
      const result = await verifyInclusion(...args);
      return result.ok ? 'ok' : result.reason;
    };
    expect(await reason(leaf, 8, 8, proof, root)).toBe('leaf 8 is beyond a tree of 8 leaves');
    expect(await reason(leaf, 0, 0, [], root)).toBe('an empty tree has no leaf to prove');
    expect(await reason(leaf, 5, 8, proof.slice(1), root)).toBe(
      'the proof has 2 hashes; leaf 5 of a tree of 8 needs 3 hashes',
    );
    expect(await reason(leaf, 5, 8, [...proof, leaf], root)).toBe(
      'the proof has 4 hashes; leaf 5 of a tree of 8 needs 3 hashes',
    );
    expect(await reason(leaf, 5, 8, [proof[0] as Uint8Array, leaf.slice(1), leaf], root)).toBe(
      'proof hash 2 is 31 bytes long, not 32',
    );
    expect(await reason(leaf.slice(0, 16), 5, 8, proof, root)).toBe('the leaf hash is 16 bytes long, not 32');
    expect(await reason(leaf, 5, 8, proof, 'not base64')).toBe('the root hash is not base64');
    expect(await reason(leaf, 5, 8, 'abc' as unknown as Uint8Array[], root)).toBe(
      'the proof is not a list of hashes',
    );
    expect(await reason(leaf, 5, 8, [42 as unknown as Uint8Array], root)).toBe(
      'proof hash 1 is neither bytes nor base64 text',
    );
    expect(await reason(leaf, 4, 8, proof, root)).toMatch(
      /^this is not leaf 4 of the tree with that root: the proof leads to /,
    );
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53, '5' as unknown as number]) {
      expect(await reason(leaf, bad, 8, proof, root)).toMatch(/^the leaf index must be a whole number/);
      expect(await reason(leaf, 5, bad, proof, root)).toMatch(/^the tree size must be a whole number/);
    }
  });

  it('takes hashes as base64 as well as bytes', async () => {
    const proof = await proofOf(5, 8);
    const root = await rootOf(leaves.slice(0, 8));
    const result = await verifyInclusion(
      toBase64(leaves[5] as Uint8Array),
      5,
      8,
      proof.map(toBase64),
      toBase64(root),
    );
    expect(result).toEqual({ ok: true });
  });

  it('is checked at sizes far beyond 2^32, where 32-bit shifts would break', () => {
    expect(inclusionProofLength(0, 10_000_000)).toBe(24);
    expect(inclusionProofLength(2 ** 40, 2 ** 41)).toBe(41);
    // The last of 2^41 + 5 leaves: its sibling is the 4 leaves before it, then the first 2^41, as the
    // last of 13 = 2^3 + 5.
    expect(inclusionProofLength(2 ** 41 + 4, 2 ** 41 + 5)).toBe(2);
    expect(inclusionProofLength(12, 13)).toBe(2);
  });

  it('refuses to make a proof for a leaf that is not there', async () => {
    await expect(inclusionProof(leaves.slice(0, 3), 3)).rejects.toThrow(
      'leaf 3 is beyond a tree of 3 leaves',
    );
    await expect(inclusionProof([], 0)).rejects.toThrow('leaf 0 is beyond a tree of 0 leaves');
    await expect(inclusionProof([new Uint8Array(31)], 0)).rejects.toThrow('leaf hash 0 is 31 bytes long');
  });
});
