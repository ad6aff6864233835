import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes.js';
import { emptyRoot, leafHash, nodeHash } from './hash.js';
import { verifyConsistency, verifyInclusion } from './merkle.js';
import { consistencyProof, inclusionProof, rootOf } from './tree.js';

// The reference tree of the Certificate Transparency implementations (RFC 6962 test data, also in
// transparency-dev/merkle): eight leaves of growing length and the root at every size.
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
];
const ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const INCLUSION: [number, number, string[]][] = [
  [
    0,
    8,
    [
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ],
  ],
  [
    5,
    8,
    [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];
const CONSISTENCY: [number, number, string[]][] = [
  [
    2,
    5,
    [
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ],
  ],
  [
    6,
    8,
    [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ],
  ],
];

const sha256 = (...parts: Uint8Array[]) =>
  new Uint8Array(createHash('sha256').update(Buffer.concat(parts)).digest());

describe('hashes and the reference tree', () => {
  it('hashes leaves and nodes with their RFC 9162 prefixes', async () => {
    const a = fromHex('0102');
    const b = sha256(a);
    expect(await leafHash(a)).toEqual(sha256(new Uint8Array([0]), a));
    expect(await nodeHash(b, a)).toEqual(sha256(new Uint8Array([1]), b, a));
    expect(toHex(await emptyRoot())).toBe(ROOTS[0]);
  });

  it('gives the reference root at every size', async () => {
    const leaves = await Promise.all(LEAVES.map((hex) => leafHash(fromHex(hex))));
    for (let n = 0; n <= 8; n++) expect(toHex(await rootOf(leaves.slice(0, n))), `size ${n}`).toBe(ROOTS[n]);
  });

  it('makes and verifies the reference inclusion proofs', async () => {
    const leaves = await Promise.all(LEAVES.map((hex) => leafHash(fromHex(hex))));
    for (const [index, size, proof] of INCLUSION) {
      expect((await inclusionProof(leaves.slice(0, size), index)).map(toHex)).toEqual(proof);
      const root = fromHex(ROOTS[size] as string);
      const leaf = leaves[index] as Uint8Array;
      expect(await verifyInclusion(leaf, index, size, proof.map(fromHex), root)).toEqual({ ok: true });
    }
  });

  it('makes and verifies the reference consistency proofs', async () => {
    const leaves = await Promise.all(LEAVES.map((hex) => leafHash(fromHex(hex))));
    for (const [size1, size2, proof] of CONSISTENCY) {
      expect((await consistencyProof(leaves, size1, size2)).map(toHex)).toEqual(proof);
      const [root1, root2] = [ROOTS[size1], ROOTS[size2]].map((hex) => fromHex(hex as string)) as [
        Uint8Array,
        Uint8Array,
      ];
      expect(await verifyConsistency(size1, size2, proof.map(fromHex), root1, root2)).toEqual({ ok: true });
    }
  });
});
