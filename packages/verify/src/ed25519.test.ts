import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromHex, utf8 } from './bytes.js';
import { verifyEd25519, verifyEd25519Reference } from './ed25519.js';

// RFC 8032 §7.1, tests 1 to 3.
const VECTORS = [
  {
    publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature:
      'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature:
      '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    publicKey: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature:
      '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
].map((v) => ({
  publicKey: fromHex(v.publicKey),
  message: fromHex(v.message),
  signature: fromHex(v.signature),
}));

// L, the order of the base point, little-endian: a signature's S must be below it.
const L = fromHex('edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010');

function nodeSigned(message: Uint8Array) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'));
  return { publicKey: raw, message, signature: new Uint8Array(sign(null, message, privateKey)) };
}

const flip = (bytes: Uint8Array, at: number) => {
  const copy = bytes.slice();
  copy[at] = (copy[at] as number) ^ 0x01;
  return copy;
};

const paths = [
  { name: 'WebCrypto', verify: verifyEd25519 },
  { name: 'the BigInt reference code', verify: verifyEd25519Reference },
];

describe.each(paths)('Ed25519 through $name', ({ verify }) => {
  it('accepts the RFC 8032 test vectors', async () => {
    for (const v of VECTORS) expect(await verify(v.publicKey, v.message, v.signature)).toBe(true);
  });

  it('accepts signatures made by node:crypto, and refuses them spoiled', async () => {
    for (let i = 0; i < 8; i++) {
      const v = nodeSigned(utf8(`log.plastrace.example\n${i}\nroot ${i}\n`));
      const other = nodeSigned(v.message);
      expect(await verify(v.publicKey, v.message, v.signature)).toBe(true);
      expect(await verify(other.publicKey, v.message, v.signature), 'another key').toBe(false);
      expect(await verify(v.publicKey, flip(v.message, i), v.signature), 'another message').toBe(false);
      expect(await verify(v.publicKey, v.message, flip(v.signature, 5 * i)), 'R changed').toBe(false);
      expect(await verify(v.publicKey, v.message, flip(v.signature, 32 + 3 * i)), 'S changed').toBe(false);
      expect(await verify(v.publicKey, v.message, v.signature.slice(0, 63)), 'truncated').toBe(false);
      expect(await verify(v.publicKey.slice(0, 31), v.message, v.signature), 'short key').toBe(false);
    }
  });

  it('refuses S at or above the group order, which would make signatures malleable', async () => {
    const [v] = VECTORS;
    if (!v) throw new Error('no vector');
    // S + L verifies the same equation; RFC 8032 requires S < L so there is one signature per message.
    const s = v.signature.slice(32);
    const sPlusL = new Uint8Array(32);
    let carry = 0;
    for (let i = 0; i < 32; i++) {
      const sum = (s[i] as number) + (L[i] as number) + carry;
      sPlusL[i] = sum & 0xff;
      carry = sum >> 8;
    }
    const malleable = new Uint8Array([...v.signature.slice(0, 32), ...sPlusL]);
    expect(await verify(v.publicKey, v.message, malleable)).toBe(false);
  });
});

describe('Ed25519 where WebCrypto lacks it', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('falls back to the reference code and still answers right', async () => {
    const importKey = vi
      .spyOn(globalThis.crypto.subtle, 'importKey')
      .mockRejectedValue(new DOMException('Unrecognized algorithm name', 'NotSupportedError'));
    const v = nodeSigned(utf8('fallback\n'));
    expect(await verifyEd25519(v.publicKey, v.message, v.signature)).toBe(true);
    expect(await verifyEd25519(v.publicKey, flip(v.message, 0), v.signature)).toBe(false);
    expect(importKey).toHaveBeenCalledTimes(2);
  });

  it('refuses a public key that is not a canonical curve point', async () => {
    // y = p (2^255 − 19) is not reduced; the reference code refuses it outright.
    const nonCanonical = fromHex('edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f');
    const v = VECTORS[0];
    if (!v) throw new Error('no vector');
    expect(await verifyEd25519Reference(nonCanonical, v.message, v.signature)).toBe(false);
  });
});
