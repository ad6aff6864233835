import { beforeAll, describe, expect, it } from 'vitest';
import { toBase64 } from './base64.js';
import { utf8 } from './bytes.js';
import { emptyRoot, leafHash } from './hash.js';
import { consistencyProofLength, verifyConsistency } from './merkle.js';
import { changed, spoiled } from './test/mutations.ts';
import { consistencyProof, rootOf } from './tree.js';

const MAX = 64;
const sizes = Array.from({ length: MAX }, (_, i) => i + 1);
let leaves: Uint8Array[] = [];
let roots: Uint8Array[] = [];

beforeAll(async () => {
  leaves = await Promise.all(Array.from({ length: MAX }, (_, i) => leafHash(utf8(`leaf ${i}`))));
  roots = await Promise.all(Array.from({ length: MAX + 1 }, (_, n) => rootOf(leaves.slice(0, n))));
});

const root = (n: number) => roots[n] as Uint8Array;

describe('consistency proofs, every pair of sizes up to 64 leaves', () => {
  it.each(sizes)(
    'to a tree of %i: each proof verifies, and fails when anything in it changes',
    async (size2) => {
      await Promise.all(
        Array.from({ length: size2 + 1 }, async (_, size1) => {
          const proof = await consistencyProof(leaves, size1, size2);
          if (size1 === 0 || size1 === size2) expect(proof).toEqual([]);
          else expect(proof).toHaveLength(consistencyProofLength(size1, size2));
          expect(await verifyConsistency(size1, size2, proof, root(size1), root(size2))).toEqual({
            ok: true,
          });
          if (size1 === 0 || size1 === size2) return;
          const refusals = [
            ...spoiled(proof, size1).map(({ how, proof: bad }) => ({
              how,
              result: verifyConsistency(size1, size2, bad, root(size1), root(size2)),
            })),
            {
              how: 'first root changed',
              result: verifyConsistency(size1, size2, proof, changed(root(size1), size2), root(size2)),
            },
            {
              how: 'second root changed',
              result: verifyConsistency(size1, size2, proof, root(size1), changed(root(size2), size1)),
            },
            {
              how: 'roots swapped',
              result: verifyConsistency(size1, size2, proof, root(size2), root(size1)),
            },
            {
              how: 'sizes swapped',
              result: verifyConsistency(size2, size1, proof, root(size2), root(size1)),
            },
            { how: 'an empty proof', result: verifyConsistency(size1, size2, [], root(size1), root(size2)) },
          ];
          for (const { how, result } of refusals) {
            expect((await result).ok, `${size1} → ${size2}: ${how}`).toBe(false);
          }
        }),
      );
    },
  );
});

describe('consistency proofs that cannot be', () => {
  const reason = async (...args: Parameters<typeof verifyConsistency>) => {
    const result = await verifyConsistency(...args);
    return result.ok ? 'ok' : result.reason;
  };

  it('explains each malformed case', async () => {
    const proof = await consistencyProof(leaves, 6, 8);
    expect(await reason(8, 6, proof, root(8), root(6))).toBe(
      'the first tree (8 leaves) is larger than the second (6 leaves)',
    );
    expect(await reason(6, 8, proof.slice(0, 2), root(6), root(8))).toBe(
      'the proof has 2 hashes; from 6 leaves to 8 it needs 3 hashes',
    );
    expect(await reason(6, 8, [], root(6), root(8))).toBe(
      'the proof has 0 hashes; from 6 leaves to 8 it needs 3 hashes',
    );
    expect(await reason(6, 8, [proof[0] as Uint8Array, new Uint8Array(33), root(1)], root(6), root(8))).toBe(
      'proof hash 2 is 33 bytes long, not 32',
    );
    expect(await reason(6, 8, proof, root(5), root(8))).toMatch(/^the proof does not lead to the first root/);
    expect(await reason(6, 8, proof, root(6), root(7))).toMatch(/^the second tree does not extend the first/);
    expect(await reason(6, 8, proof, 'AAAA', root(8))).toBe('the first root is 3 bytes long, not 32');
    for (const bad of [-1, 0.5, Number.POSITIVE_INFINITY, 2 ** 53, null as unknown as number]) {
      expect(await reason(bad, 8, proof, root(6), root(8))).toMatch(
        /^the first tree size must be a whole number/,
      );
      expect(await reason(6, bad, proof, root(6), root(8))).toMatch(
        /^the second tree size must be a whole number/,
      );
    }
  });

  it('between equal sizes wants an empty proof and equal roots', async () => {
    expect(await reason(5, 5, [], root(5), root(5))).toBe('ok');
    expect(await reason(5, 5, [root(1)], root(5), root(5))).toBe(
      'trees of the same size need an empty proof, not 1 hash',
    );
    expect(await reason(5, 5, [], root(5), root(4))).toBe('two trees of 5 leaves have different roots');
    expect(await reason(0, 0, [], root(0), root(0))).toBe('ok');
  });

  it('from the empty tree wants an empty proof and the empty root (RFC 9162)', async () => {
    expect(await reason(0, 7, [], await emptyRoot(), root(7))).toBe('ok');
    expect(await reason(0, 7, [root(1)], root(0), root(7))).toBe(
      'a proof from the empty tree is empty, not 1 hash',
    );
    expect(await reason(0, 7, [], root(1), root(7))).toBe(
      'the first root is not the root of the empty tree (SHA-256 of nothing)',
    );
  });

  it('takes hashes as base64 as well as bytes', async () => {
    const proof = await consistencyProof(leaves, 3, 7);
    expect(await reason(3, 7, proof.map(toBase64), toBase64(root(3)), toBase64(root(7)))).toBe('ok');
  });

  it('refuses to make a proof between sizes the leaves do not have', async () => {
    await expect(consistencyProof(leaves.slice(0, 4), 2, 5)).rejects.toThrow('there are 4 leaves, not 5');
    await expect(consistencyProof(leaves, 5, 2)).rejects.toThrow(
      'the first tree (5) is larger than the second (2)',
    );
    expect(await consistencyProof(leaves, 0, 5)).toEqual([]);
    expect(await consistencyProof(leaves, 5, 5)).toEqual([]);
  });
});
